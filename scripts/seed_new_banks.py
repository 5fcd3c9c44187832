"""Seed the banks of the three newer quiz kinds (play, pass, game) from the generator.

Each item is a generated question (a seeded deal or running scores), picked so that
every rule case of the kind comes up under each preset at every level; the expected
answers written beside some items are the engine's (the bank loader checks them
again), never typed by hand. Run once; teachers edit the files afterwards.

    .venv/bin/python scripts/seed_new_banks.py
"""

from __future__ import annotations

import json
from pathlib import Path

from pinochle_tutor.course.quiz import (
    QuizKind,
    QuizRequestError,
    QuizRule,
    answer_for,
    generate,
    item_to_entry,
    rule_applies,
)
from pinochle_tutor.course.quiz.kinds import KINDS
from pinochle_tutor.rules import PRESETS

HEADERS = {
    "play": ('"Which card would you play?" A moment of trick play in a seeded deal, played by the\n'
             "# heuristic players (deal_seed, dealer, cards_played); the coach grades the answer.\n"
             "#   expected  optional: a card the coach accepts (checked when the bank is loaded)"),
    "pass": ('"What would you pass?" The partner\'s pass, the declarer\'s return, or (three-handed)\n'
             "# the discard: a legal pass keeping the most meld is right (the engine decides).\n"
             "#   expected  optional: a pass the engine accepts (checked when the bank is loaded)"),
    "game": ('"Who has won the game?" Running scores before a hand, the hand\'s changes, the bidders.\n'
             "#   expected  optional: 'your side', 'the other side', 'you', 'left', 'right' or 'nobody'\n"
             "#             (checked when the bank is loaded)"),
}
PER_CELL = {"play": 4, "pass": 4, "game": 4}


def value(v: object) -> str:
    return json.dumps(v, ensure_ascii=False)


def main() -> None:
    out = Path(__file__).resolve().parents[1] / "exercises" / "banks"
    for kind in ("play", "pass", "game"):
        k = QuizKind.parse(kind)
        lines = [f"# {HEADERS[kind]}", "", f'kind = "{kind}"', ""]
        n = 0
        for name, rules in PRESETS.items():
            for level in (1, 2, 3):
                seen: set[QuizRule] = set()
                kept = 0
                aims = [r for r in KINDS[k].pools[level] if rule_applies(r, rules)]
                for seed in range(400):
                    if kept >= PER_CELL[kind] and seen >= set(aims):
                        break
                    aim = aims[seed % len(aims)] if aims else None
                    try:
                        item = generate(k, 1000 + seed, level, [aim] if aim else [], rules=rules)
                    except QuizRequestError:
                        continue
                    if aim not in item.rules or (aim in seen and kept >= PER_CELL[kind]):
                        continue
                    seen.update(item.rules)
                    kept += 1
                    n += 1
                    entry = item_to_entry(item)
                    entry.pop("kind")
                    entry["id"] = f"{kind}-{name}-{level}-{n:02d}"
                    if kind == "game":
                        w = answer_for(item)
                        from pinochle_tutor.explain.game_end import side_label

                        entry["expected"] = "nobody" if w == -1 else side_label(w, rules)  # type: ignore[arg-type]
                    elif kind == "pass":
                        entry["expected"] = [c.code for c in answer_for(item)]  # type: ignore[union-attr]
                    elif kept == 1:
                        entry["expected"] = answer_for(item)[0].code  # type: ignore[index]
                    lines.append("[[item]]")
                    lines += [f"{key} = {value(v)}" for key, v in entry.items()]
                    lines.append("")
        (out / f"{kind}.toml").write_text("\n".join(lines), encoding="utf-8")
        print(kind, n)


if __name__ == "__main__":
    main()
