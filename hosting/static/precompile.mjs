// Adds compiled bytecode (.pyc) to pure-Python wheels, compiled by the very Python the
// site runs (Pyodide from hosting/static/node_modules, under Node), so a page imports
// them without compiling their sources first. Run by scripts/build_static.sh (through
// hosting/static/vendor.py):
//     node hosting/static/precompile.mjs NODE_MODULES FOLDER WHEEL...
// Each WHEEL (a file name in FOLDER) is rewritten in place; its sources stay (for
// tracebacks). The .pyc are "unchecked hash" ones: Python uses them whatever the
// sources' times after unpacking (an unchecked .pyc is never compared with its source).
import path from "node:path";

const [nodeModules, folder, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(path.resolve(nodeModules, "pyodide", "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.resolve(nodeModules, "pyodide") + "/" });
py.FS.mkdirTree("/wheels");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(folder) }, "/wheels");
py.globals.set("names", py.toPy(wheels));
py.runPython(`
import importlib.util, io, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

tag = sys.implementation.cache_tag
for name in names:
    wheel = "/wheels/" + name
    with zipfile.ZipFile(wheel) as z:
        items = [(i, z.read(i)) for i in z.infolist()]
    if any(i.filename.endswith(".pyc") for i, _ in items):
        continue
    out, added = io.BytesIO(), []
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in items:
            if info.filename.endswith(".dist-info/RECORD"):
                record = (info.filename, data)
                continue
            z.writestr(info, data)
            if not info.filename.endswith(".py"):
                continue
            try:
                code = compile(data, info.filename, "exec", dont_inherit=True)
            except SyntaxError:
                continue  # a file that is not meant to be imported here (templates, py2)
            source_hash = importlib.util.source_hash(data)
            folder, _, file = info.filename.rpartition("/")
            pyc = (folder + "/" if folder else "") + f"__pycache__/{file[:-3]}.{tag}.pyc"
            z.writestr(pyc, bytes(_code_to_hash_pyc(code, source_hash, False)))
            added.append(pyc)
        z.writestr(record[0], record[1] + "".join(f"{p},,\\n" for p in added).encode())
    with open(wheel, "wb") as f:
        f.write(out.getvalue())
    print(f"{name}: {len(added)} modules compiled")
`);
