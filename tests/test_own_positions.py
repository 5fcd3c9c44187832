"""Learn from your own games (issue 47, item 3): a card the coach's review of a hand
calls a clear mistake (the lower bound of its loss above ``PLAY_KEEP_MARGIN`` counters)
is kept as the learner's own position, only what their seat saw; the review asks it the
next day from their seat; the coach's card clears it to the next gap, the card first
played sends it back to the start; the teacher's page counts the mistakes by kind."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from pinochle_tutor.classroom.attempts import (
    MISTAKE_KIND,
    NOW_VAR,
    POSITION_KIND,
    Attempt,
    ProgressFileError,
    parse_time,
)
from pinochle_tutor.classroom.dashboard import class_data, mistake_rows, rule_rows
from pinochle_tutor.classroom.own_positions import (
    InvalidKeptPositionError,
    KeptPosition,
    is_own_position,
    kept_positions,
    mistake_kinds,
    position_key,
    rules_digest,
)
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.classroom.review import LADDER_DAYS, review_schedule
from pinochle_tutor.classroom.store import ProgressStore
from pinochle_tutor.coach.play import (
    PLAY_KEEP_MARGIN,
    PLAY_REVIEW_MARGIN,
    is_kept_mistake,
    play_decisions,
)
from pinochle_tutor.course.mastery import due_for_review
from pinochle_tutor.course.own_positions import (
    OWN_MOST,
    askable,
    mark_own,
    mistake_words,
    own_questions,
)
from pinochle_tutor.course.table.session import GameSession
from pinochle_tutor.explain.coaching import PlayPrinciple
from pinochle_tutor.position import parse_position
from pinochle_tutor.rules import rules_named
from tests.test_session import act_first_legal

PAGE = "lessons/09_full_game.ipynb"


def _stamp(when: datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def played_with_mistakes(db: Path, rules: str, learner: str = "ann", at_least: int = 1) -> GameSession:
    """A hand played to the end by the scripted learner (always the first legal card: it
    throws winners and counters away), on the first seed whose review keeps ``at_least``
    mistakes."""
    for seed in range(424_242, 424_282):  # long seeds: a digit string no text holds by chance
        s = GameSession(rules, seed=seed, page=PAGE, progress=Progress.load(db, learner=learner))
        while not s.hand_over:
            act_first_legal(s)
        if sum(a.kind == MISTAKE_KIND for a in ProgressStore(db).attempts(learner)) >= at_least:
            return s
        ProgressStore(db).delete_learner(learner)
    raise AssertionError(f"no seed of 40 kept a mistake under {rules}")


@pytest.mark.parametrize("rules", ["classic", "double_deck", "three_handed"])
def test_a_clear_mistake_is_kept_from_the_seat_and_asked_the_next_day(
    tmp_path: Path, rules: str
) -> None:
    db = tmp_path / "class.sqlite"
    s = played_with_mistakes(db, rules)
    kept = [a for a in ProgressStore(db).attempts("ann") if a.kind == MISTAKE_KIND]
    decisions = {n: (v, c) for n, v, c in play_decisions(s.engine_hand, s.human_seat)}
    for a in kept:
        # One rule case, the position's own key; no seed anywhere in what is kept.
        assert a.rules == (a.item_id,) and is_own_position(a.item_id) and not a.right
        assert str(s.seed) not in json.dumps(a.to_json())
        position = KeptPosition.parse(a.position)
        assert position_key(a.rule_set, position) == a.item_id
        # The cards as they were, from the learner's seat, and the card they played.
        view, card = decisions[position.trick]
        assert parse_position(position.view, s.rules) == view
        assert position.played == card.text == a.answer
        # Kept because the lower bound of its loss is above the margin.
        (q,), problems = own_questions([a], [a.item_id])
        assert not problems
        verdict = mark_own(q, card)
        assert verdict.is_mistake and is_kept_mistake(verdict.chosen_value, s.rules)
        assert position.kind == verdict.advice.principle.name
        # The hand's review said the same of that card (one evaluation, one verdict).
        review = s.review()
        assert review is not None
        (said,) = [j for j in review.judgements or () if j.trick_number == position.trick]
        assert said.is_mistake and said.advice == verdict.advice
    first = min(parse_time(a.time) for a in kept)
    keys = {a.item_id for a in kept}
    on_day = {c.rule for c in due_for_review(ProgressStore(db).attempts("ann"), first + timedelta(hours=23))}
    assert not keys & on_day
    next_day = first + timedelta(days=1, minutes=5)
    assert keys <= {c.rule for c in due_for_review(ProgressStore(db).attempts("ann"), next_day)}


def test_the_coachs_card_clears_a_position_to_the_next_gap_and_the_same_card_starts_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pinochle_widgets.own_positions import OwnPositions

    db = tmp_path / "class.sqlite"
    played_with_mistakes(db, "classic", at_least=2)
    kept = [a for a in ProgressStore(db).attempts("ann") if a.kind == MISTAKE_KIND]
    start = max(parse_time(a.time) for a in kept)
    monkeypatch.setenv(NOW_VAR, _stamp(start + timedelta(days=1, minutes=5)))
    w = OwnPositions(progress=Progress.load(db, learner="ann"))
    assert w.count == len({a.item_id for a in kept})
    assert "Find a better play." in w.title.value
    first, *rest = w._questions
    labels = [b.description for b in w.choices.children]
    # The card first played is wrong: the position goes back to the start.
    w.choose(labels.index(f"Play {first.played.text}"))
    assert "pt-error" in w.feedback.value and "better by" in w.feedback.value
    w.choose(0)  # answered: a second press changes nothing
    answers = [a for a in ProgressStore(db).attempts("ann") if a.kind == POSITION_KIND]
    assert [(a.item_id, a.right, a.answer) for a in answers] == [
        (first.key, False, first.played.text)
    ]
    assert rest
    old_buttons = w.choices.children
    if rest:
        w.next()
        old_buttons[0].click()  # a button of the position answered before plays nothing
        assert "no longer shown" in w.message.text
        assert len([a for a in ProgressStore(db).attempts("ann") if a.kind == POSITION_KIND]) == 1
        second = w._questions[1]
        coach = mark_own(second, second.played).advice.card
        w.choose([b.description for b in w.choices.children].index(f"Play {coach.text}"))
        assert "pt-ok" in w.feedback.value
    schedule = {c.rule: c for c in review_schedule(ProgressStore(db).attempts("ann"))}
    answered = parse_time(answers[0].time)
    assert schedule[first.key].due == answered + timedelta(days=LADDER_DAYS[0])
    if rest:
        (right,) = [
            a for a in ProgressStore(db).attempts("ann") if a.kind == POSITION_KIND and a.right
        ]
        case = schedule[rest[0].key]
        assert case.right_in_a_row == 1
        assert case.due == parse_time(right.time) + timedelta(days=LADDER_DAYS[1])
        # Not due the day after; due again at the next gap.
        monkeypatch.setenv(NOW_VAR, _stamp(parse_time(right.time) + timedelta(days=2)))
        assert rest[0].key not in {c.rule for c in due_for_review(ProgressStore(db).attempts("ann"))}
        later = parse_time(right.time) + timedelta(days=LADDER_DAYS[1], minutes=1)
        monkeypatch.setenv(NOW_VAR, _stamp(later))
        assert rest[0].key in {c.rule for c in due_for_review(ProgressStore(db).attempts("ann"))}


def test_nothing_due_says_so_and_names_the_next_day(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pinochle_widgets.own_positions import OwnPositions

    db = tmp_path / "class.sqlite"
    played_with_mistakes(db, "classic")
    kept = [a for a in ProgressStore(db).attempts("ann") if a.kind == MISTAKE_KIND]
    monkeypatch.setenv(NOW_VAR, _stamp(parse_time(kept[0].time) + timedelta(hours=1)))
    w = OwnPositions(progress=Progress.load(db, learner="ann"))
    assert w.count == 0 and "None of your own positions is due now." in w.title.value
    assert "The next review is due" in w.title.value
    w.choose(0)
    w.next()  # nothing to answer: no error, nothing kept
    assert not [a for a in ProgressStore(db).attempts("ann") if a.kind == POSITION_KIND]


def _kept(view: str = '{"v":1}', kind: str = "CHEAPEST_WINNER") -> KeptPosition:
    return KeptPosition(view, "10♠", 3, kind, rules_digest(rules_named("classic")))


def test_a_kept_position_round_trips_and_a_bad_one_is_refused_by_name() -> None:
    k = _kept()
    assert KeptPosition.parse(k.text) == k
    for bad, words in [
        ("not json", "must be JSON"),
        ("[]", "an object of view, played, trick, kind, rules"),
        ("[" * 3000, "must be JSON"),  # nested too deep for the reader: refused, not raised
        (json.dumps({"view": "x", "played": "AS", "trick": 1, "kind": "K"}), "an object of"),
        (json.dumps({"view": "", "played": "AS", "trick": 1, "kind": "K", "rules": "r"}), "'view' must be text"),
        (json.dumps({"view": "x", "played": "AS", "trick": 0, "kind": "K", "rules": "r"}), "'trick' must be"),
        (json.dumps({"view": "x", "played": "AS", "trick": True, "kind": "K", "rules": "r"}), "'trick' must be"),
    ]:
        with pytest.raises(InvalidKeptPositionError, match=words):
            KeptPosition.parse(bad)


def _attempt(key: str, kept: KeptPosition, kind: str = MISTAKE_KIND, right: bool = False, **kw: str) -> Attempt:
    return Attempt(key, kind, (key,), kept.played, right, kw.get("time", "2026-12-01T10:00:00Z"),
                   rule_set="classic", position=kept.text)  # fmt: skip


def test_kept_positions_skip_what_cannot_be_read_or_does_not_match_its_key() -> None:
    good = _kept('{"a":1}')
    key = position_key("classic", good)
    tampered = _attempt(key, _kept('{"a":2}'))  # a position edited under another's key
    unreadable = Attempt(key, MISTAKE_KIND, (key,), "10♠", False, "2026-12-01T10:00:00Z",
                         rule_set="classic", position="{")  # fmt: skip
    found = kept_positions([tampered, unreadable, _attempt(key, good)])
    assert list(found) == [key] and found[key][1] == good
    assert position_key("classic", good) != position_key("double_deck", good)
    other_rules = KeptPosition(good.view, good.played, good.trick, good.kind, "0" * 12)
    assert position_key("classic", good) != position_key("classic", other_rules)
    deep = Attempt("own:x", MISTAKE_KIND, ("own:x",), "10♠", False, "2026-12-01T10:00:00Z",
                   rule_set="classic", position="[" * 3000)  # fmt: skip
    assert mistake_kinds([deep]) == {} and kept_positions([deep]) == {}


def test_a_position_that_cannot_be_read_under_its_rules_is_named_not_asked() -> None:
    k = _kept('{"seat":0}')
    key = position_key("classic", k)
    questions, problems = own_questions([_attempt(key, k)], [key])
    assert not questions and len(problems) == 1 and key in problems[0]


def test_the_progress_file_and_the_database_keep_the_position(tmp_path: Path) -> None:
    k = _kept()
    key = position_key("classic", k)
    a = _attempt(key, k)
    assert Attempt.from_json(a.to_json()) == a
    assert "position" not in _attempt(key, k).__class__("m", "meld", (), "1", True, "t").to_json()
    with pytest.raises(ProgressFileError, match="'position' must be text of at most"):
        Attempt.from_json({**a.to_json(), "position": "x" * 5000})
    db = tmp_path / "class.sqlite"
    ProgressStore(db).record("ann", a)
    (back,) = ProgressStore(db).attempts("ann")
    assert back.position == k.text
    ProgressStore(db).import_attempts("bo", [a], "upload:1")
    assert ProgressStore(db).attempts("bo")[0].position == k.text


def test_the_teacher_sees_the_most_frequent_mistake_kinds_not_rule_cases(tmp_path: Path) -> None:
    db = tmp_path / "class.sqlite"
    store = ProgressStore(db)
    for learner, kinds in [("ann", ["CHEAPEST_WINNER", "SAVE_COUNTER"]), ("bo", ["CHEAPEST_WINNER"])]:
        for n, kind in enumerate(kinds):
            k = _kept(f'{{"n":{n},"who":"{learner}"}}', kind)
            key = position_key("classic", k)
            store.record(learner, _attempt(key, k))
            store.record(learner, _attempt(key, k, POSITION_KIND, True, time="2026-12-02T10:00:00Z"))
    data = class_data(db)
    rows = mistake_rows(data)
    assert [(r.kind, r.mistakes, r.learners) for r in rows] == [
        ("CHEAPEST_WINNER", 2, 2),
        ("SAVE_COUNTER", 1, 1),
    ]
    assert not [r for r in rule_rows(data) if is_own_position(r.rule)]
    assert mistake_kinds(store.attempts("ann")) == {"CHEAPEST_WINNER": 1, "SAVE_COUNTER": 1}
    assert mistake_words("CHEAPEST_WINNER") == PlayPrinciple.CHEAPEST_WINNER.label
    assert mistake_words("no such kind") == "no such kind"


def test_the_card_first_played_is_always_wrong_on_the_same_evaluation() -> None:
    """A card kept has a loss whose lower bound is above PLAY_KEEP_MARGIN counters, so the
    review's own test (loss beyond twice its error and above PLAY_REVIEW_MARGIN) calls
    it a mistake too, whenever it is asked."""
    assert PLAY_KEEP_MARGIN >= PLAY_REVIEW_MARGIN


def test_a_position_kept_under_rules_the_site_no_longer_plays_is_never_due(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """House rules changed since the hand (same name, other settings): the position
    cannot be asked with the hand's numbers, so it is not due anywhere (nothing could
    clear it), and the Review page says one could not be asked."""
    from pinochle_widgets.own_positions import OwnPositions

    db = tmp_path / "class.sqlite"
    played_with_mistakes(db, "classic")
    kept = ProgressStore(db).attempts("ann")
    keys = {a.item_id for a in kept if a.kind == MISTAKE_KIND}
    later = max(parse_time(a.time) for a in kept) + timedelta(days=1, minutes=5)
    assert keys <= {c.rule for c in due_for_review(kept, later)} and keys <= askable(kept)
    changed = rules_named("classic").with_settings(last_trick_bonus=0)
    assert not askable(kept, changed)
    assert askable(kept, rules_named("classic").with_settings(target=500)) == keys  # not the hand's
    house = tmp_path / "house_rules.toml"
    house.write_text('preset = "classic"\nlast_trick_bonus = 0\n')
    monkeypatch.setenv("PINOCHLE_TUTOR_RULES", str(house))
    assert not keys & {c.rule for c in due_for_review(kept, later)}
    monkeypatch.setenv(NOW_VAR, _stamp(later))
    w = OwnPositions(progress=Progress.load(db, learner="ann"))
    assert w.count == 0 and "None of your own positions is due now." in w.title.value
    assert OWN_MOST >= 1


def test_the_review_round_leaves_the_own_positions_to_their_widget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rule-case round lists no ``own:`` key and plans no question on one; with only
    own positions due it says so (the browser test checks no "Dealing question 1 of 0" is
    left on the page: the round's work runs in a thread only in a kernel)."""
    from pinochle_widgets.mastery import ReviewRound, due_note_html

    db = tmp_path / "class.sqlite"
    played_with_mistakes(db, "classic")
    kept = {a.item_id for a in ProgressStore(db).attempts("ann") if a.kind == MISTAKE_KIND}
    first = min(parse_time(a.time) for a in ProgressStore(db).attempts("ann"))
    monkeypatch.setenv(NOW_VAR, _stamp(first + timedelta(days=1, minutes=5)))
    r = ReviewRound(progress=Progress.load(db, learner="ann"), seed=1)
    assert r.due == [] and r.own_due == len(kept) and r.phase == "done"
    assert "No rule case is due now; your own positions below are." in r.list_view.value
    assert "own:" not in r.list_view.value
    assert f"{len(kept)} review" in due_note_html(due_for_review(ProgressStore(db).attempts("ann")))


def test_the_review_pages_words_are_data_said_under_every_rule_set() -> None:
    """Every sentence of ``review.toml`` resolves under every preset with its moment's
    words; a file that lacks one, names one the page has not, or uses a field the
    sentence cannot say is refused by name."""
    from pinochle_tutor.course.content import OutlineError
    from pinochle_tutor.course.review_words import MOMENT, read_review_words, review_said
    from pinochle_tutor.rules import PRESETS

    for rules in PRESETS.values():
        for name, fields in MOMENT.items():
            text = review_said(name, rules, **dict.fromkeys(fields, "X"))
            assert "{" not in text and "}" not in text, (name, text)
    assert review_said("own_wrong", rules_named("classic")) == "Not this time: it comes back 1 day later."
    with pytest.raises(OutlineError, match="does not write"):
        read_review_words('[schedule]\ntext = "x"')
    with pytest.raises(OutlineError, match="'scheduel' is not a sentence"):
        read_review_words('[scheduel]\ntext = "x"')
    with pytest.raises(OutlineError, match=r"\{card\} is not a value it can say"):
        read_review_words('[own_right]\ntext = "Right: {card}"')
