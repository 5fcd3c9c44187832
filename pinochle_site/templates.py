"""The page templates compiled once for the life of the server process.

``voila.json`` lists :class:`ShareCompiledTemplates` in ``VoilaExporter.preprocessors``:
it lets every page build use the templates compiled once (:data:`TEMPLATES`), where
Voila alone compiles them anew for each page."""

from __future__ import annotations

from typing import Any

import jinja2
from nbconvert.preprocessors import Preprocessor

__all__ = ["TEMPLATES", "CompiledTemplates", "ShareCompiledTemplates"]


class CompiledTemplates(jinja2.BytecodeCache):
    """The page templates, compiled once for the life of the server process.

    Voila makes a new exporter, and so a new Jinja environment, for every page it
    builds, and compiles every template of the page from its source again: measured
    (py-spy, a burst of page loads) more than half of the server's CPU for a page.
    Kept by name, source checksum and the environment's settings, so a changed
    template or an environment set up otherwise is compiled afresh."""

    def __init__(self) -> None:
        self._code: dict[tuple[object, ...], bytes] = {}

    @staticmethod
    def _key(bucket: jinja2.bccache.Bucket) -> tuple[object, ...]:
        env = bucket.environment
        return (bucket.key, bucket.checksum, env.is_async, tuple(sorted(env.extensions)))

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self._code.get(self._key(bucket))
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[self._key(bucket)] = bucket.bytecode_to_string()


TEMPLATES = CompiledTemplates()
"""The server's one :class:`CompiledTemplates`."""


class ShareCompiledTemplates(Preprocessor):
    """A preprocessor that changes no cell: it gives the exporter building a page
    (its ``parent``) the server's :data:`TEMPLATES`, before the page's templates are
    loaded. ``voila.json`` lists it in ``VoilaExporter.preprocessors``."""

    def preprocess(self, nb: Any, resources: Any) -> tuple[Any, Any]:
        """The notebook and resources unchanged; the exporter's templates shared."""
        environment = getattr(self.parent, "environment", None)
        if isinstance(environment, jinja2.Environment) and environment.bytecode_cache is None:
            environment.bytecode_cache = TEMPLATES
        return nb, resources
