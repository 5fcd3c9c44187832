"""The course's words kept as data files beside the outline and the prose
(``pinochle_tutor/course/text/``): the glossary (``glossary.toml``), the tips
(``tips.toml``), the rule-case statements (``statements.toml``) and the words of
"Rules at a glance" (``reference.toml``). Every ``{name}`` a
file writes resolves under every rule set where its words are said, every condition is
one of ``content.CONDITIONS``, and a mistake in a file is an error that quotes it."""

from __future__ import annotations

import string

import pytest

from pinochle_tutor.course.content import CONDITIONS, OutlineError, Said, text_file
from pinochle_tutor.course.glossary import TERMS, glossary_values, read_glossary
from pinochle_tutor.course.quiz.vocabulary import (
    PIECES,
    STATEMENTS_FILE,
    QuizRule,
    read_pieces,
    read_statements,
    rule_applies,
    statement_values,
    written_pieces,
    written_statements,
)
from pinochle_tutor.course.reference import (
    MELD_ROW_KINDS,
    NAMES,
    REFERENCE_FILE,
    read_reference,
    reference_values,
    written_reference,
)
from pinochle_tutor.course.tips import Tip, read_tips
from pinochle_tutor.rules import PRESETS, RuleSet

RULE_SETS = [*PRESETS.values(), PRESETS["classic"].with_settings(bid_increment=5)]


def fields(words: Said) -> set[str]:
    """The names ``words`` writes in braces, in its text or any variant."""
    texts = [words.text, *(text for _, text in words.variants)]
    return {
        name
        for text in texts
        for _, name, _, _ in string.Formatter().parse(text)
        if name is not None
    }


def unresolved(words: Said, values: dict[str, object]) -> set[str]:
    """The names of ``words`` that ``values`` does not hold, and its variants'
    conditions that are not in ``CONDITIONS``."""
    return (fields(words) - set(values)) | {w for w, _ in words.variants if w not in CONDITIONS}


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.name}-{r.bid_increment}")
def test_every_glossary_name_and_condition_resolves_under_every_rule_set(rules: RuleSet) -> None:
    values = glossary_values(rules)
    for term in TERMS:
        if term.applies(rules):
            assert not unresolved(term.text, values), term.word.text
            assert not unresolved(term.word, values), term.word.text
            assert "{" not in term.definition(rules), term.word.text


def test_every_glossary_term_is_said_under_some_rule_set() -> None:
    """So the test above reads every term's names (a triple where a deck has three copies)."""
    for term in TERMS:
        assert any(term.applies(r) for r in RULE_SETS), term.word.text


def test_a_name_no_rule_set_knows_is_found() -> None:
    term = read_glossary('[[term]]\nword = "bid"\ntext = "At least {opening_bet}."').terms[0]
    for rules in RULE_SETS:
        assert unresolved(term.text, glossary_values(rules)) == {"opening_bet"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '[[term]]\nword = "set"\ntext = "A"\ntext_lonely = "B"',
            r"term 'set': text_lonely: 'lonely'",
        ),
        ('[[term]]\nword = "set"\ntext = "A"\nonly = ["lonely"]', r"term 'set': only: 'lonely'"),
        ('[[term]]\nword = "set"\ntxt = "A"', r"term 'set': 'txt' is not a field"),
        ('[[term]]\nword = "set"', r"term 'set': text = None"),
        (
            '[[term]]\nword = "set"\ntext = "A"\n[[term]]\nword = "set"\ntext = "B"',
            r"'set' more than once",
        ),
        ('[[terms]]\nword = "set"', r"'terms' is not a part"),
        ("[[term]\n", r"glossary.toml is not valid TOML"),
    ],
)
def test_a_mistake_in_the_glossary_is_an_error_that_quotes_it(text: str, message: str) -> None:
    with pytest.raises(OutlineError, match=message):
        read_glossary(text)


def test_every_tip_has_its_words_and_they_are_plain_text() -> None:
    """A tip's words name no rule set's numbers (the rules text says them so): no braces."""
    for tip in Tip:
        assert tip.title and tip.seed_text, tip
        assert "{" not in tip.title + tip.seed_text, tip


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[meld_alon]\ntitle = "A"\nseed_text = "B"', r"\[meld_alon\] is not a tip"),
        ('[meld_alone]\ntitle = "A"\nseed_txt = "B"', r"\[meld_alone\]: 'seed_txt' is not a field"),
        ('[meld_alone]\ntitle = "A"', r"\[meld_alone\] has no 'seed_text'"),
        ('[meld_alone]\ntitle = 3\nseed_text = "B"', r"\[meld_alone\]: title = 3"),
        ('[meld_alone]\ntitle = "A"\nseed_text = "B"', r"tips.toml has no words for 'count_first'"),
    ],
)
def test_a_mistake_in_the_tips_is_an_error_that_quotes_it(text: str, message: str) -> None:
    with pytest.raises(OutlineError, match=message):
        read_tips(text)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.name}-{r.bid_increment}")
def test_every_statement_name_and_condition_resolves_under_every_rule_set(rules: RuleSet) -> None:
    values = statement_values(rules)
    for case, words in written_statements().items():
        assert not unresolved(words, values), case.value
        if rule_applies(case, rules):
            assert "{" not in case.statement(rules), case.value


def test_every_rule_case_is_said_from_the_file_under_every_rule_set() -> None:
    """The file writes every rule case (no statement is said by Python any more), and
    each says something under every rule set, its names all filled."""
    assert set(written_statements()) == set(QuizRule)
    for rules in RULE_SETS:
        for case in QuizRule:
            said = case.statement(rules)
            assert said.strip() and "{" not in said and "}" not in said, (case.value, rules.name)


def test_every_condition_a_statement_names_holds_under_some_rule_set() -> None:
    """A variant no rule set reaches would be words nobody reads, and the names in it
    would go unchecked by the tests above."""
    from tests.test_golden_statements import RULE_SETS as GOLDEN_RULE_SETS

    for case, words in written_statements().items():
        for when, _ in words.variants:
            assert any(CONDITIONS[when](r) for r in GOLDEN_RULE_SETS.values()), (case.value, when)


def test_a_statement_name_no_rule_set_knows_is_found() -> None:
    text = text_file(STATEMENTS_FILE).replace(
        'text = "Open the bidding when the hand is worth it."', 'text = "Open at {opening_bet}."'
    )
    words = read_statements(text)
    for rules in RULE_SETS:
        found = {case.value: unresolved(w, statement_values(rules)) for case, w in words.items()}
        assert {case: names for case, names in found.items() if names} == {
            "bid.open": {"opening_bet"}
        }


def test_every_piece_writes_only_its_names_and_fills_a_statement() -> None:
    assert set(written_pieces()) == set(PIECES)
    for name, words in written_pieces().items():
        assert fields(Said(words)) <= PIECES[name], name
    assert QuizRule.COUNTERS_CARDS.statement(PRESETS["classic"]) == (
        written_pieces()["counter_group"].format(ranks="A, 10 and K", points="10 trick points")
        + "; Q, J and 9 count nothing."
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('["trick.leed"]\ntext = "A"', r"'trick.leed' is not a rule case"),
        ('["trick.lead"]\ntxt = "A"', r"\['trick.lead'\]: 'txt' is not a field"),
        (
            '["trick.lead"]\ntext = "A"\ntext_lonely = "B"',
            r"text_lonely: 'lonely' is not a condition",
        ),
        ('["trick.lead"]\ntext = 3', r"\['trick.lead'\]: text = 3"),
        ('["trick.lead"]\ntext = "A"', r"statements.toml has no statement for 'meld.run', "),
    ],
)
def test_a_mistake_in_the_statements_is_an_error_that_quotes_it(text: str, message: str) -> None:
    with pytest.raises(OutlineError, match=message):
        read_statements(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[pieces]\ncounter_grup = "{ranks}"', r"\[pieces\]: 'counter_grup' is not a piece"),
        ('[pieces]\ncounter_group = "{ranks} count {point} each"', r"writes \{point\}: use"),
        ("[pieces]\ncounter_group = 3", r"counter_group = 3: give the words as text"),
        ('[pieces]\ncounter_group = "{ranks}"', r"\[pieces\] has no 'counter_group_one'"),
        ('pieces = "x"', r"\[pieces\] = 'x': give a table"),
    ],
)
def test_a_mistake_in_the_pieces_is_an_error_that_quotes_it(text: str, message: str) -> None:
    with pytest.raises(OutlineError, match=message):
        read_pieces(text)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.name}-{r.bid_increment}")
def test_every_reference_name_and_condition_resolves_under_every_rule_set(rules: RuleSet) -> None:
    values = reference_values(rules)
    for name, words in written_reference().sentences.items():
        assert not unresolved(words, values), name
    for name, text in written_reference().said(rules).items():
        assert text.strip() and "{" not in text and "}" not in text, name


def test_the_reference_file_writes_every_name_and_meld_row_once() -> None:
    """The page lays out every name of NAMES and a row per meld with multiples: the
    file writes each (the reader refuses one left out), in the page's order."""
    words = written_reference()
    assert tuple(words.sentences) == NAMES
    assert sorted(row.kind.value for row in words.meld_rows) == sorted(
        k.value for k in MELD_ROW_KINDS
    )


def test_every_condition_a_reference_sentence_names_holds_under_some_rule_set() -> None:
    """A variant no rule set of the page's golden reaches would be words nobody reads,
    and the golden (tests/golden/reference.txt) would not pin them."""
    from tests.test_golden_reference import RULE_SETS as GOLDEN_RULE_SETS

    for name, words in written_reference().sentences.items():
        for when, _ in words.variants:
            assert any(CONDITIONS[when](r) for r in GOLDEN_RULE_SETS.values()), (name, when)


def test_a_reference_name_no_rule_set_knows_is_found() -> None:
    text = text_file(REFERENCE_FILE).replace(
        'text = "Game to {target}. If both sides', 'text = "Game to {targt}. If both sides'
    )
    words = read_reference(text)
    for rules in RULE_SETS:
        values = reference_values(rules)
        found = {n: unresolved(w, values) for n, w in words.sentences.items()}
        assert {n: names for n, names in found.items() if names} == {"score_game": {"targt"}}


def _without(table: str) -> str:
    """The reference file without the table ``[table]`` (to its next blank line)."""
    text = text_file(REFERENCE_FILE)
    start = text.index(f"[{table}]\n")
    return text[:start] + text[text.index("\n\n", start) + 2 :]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[score_gaem]\ntext = "A"', r"'score_gaem' is not a name of the page"),
        ('[score_game]\ntxt = "A"', r"\[score_game\]: 'txt' is not a field"),
        (
            '[score_game]\ntext = "A"\ntext_lonely = "B"',
            r"text_lonely: 'lonely' is not a condition",
        ),
        ("[score_game]\ntext = 3", r"\[score_game\]: text = 3"),
        ('score_game = "A"', r"\[score_game\] = 'A': give a table"),
        ('[score_game]\ntext = "A"', r"reference.toml has no 'heading_deck', "),
        (_without("score_concede"), r"reference.toml has no 'score_concede'$"),
        ('[[meld_row]]\nkind = "dix"\nmeld = "dix"\ncards = "9"', r"kind = 'dix' is not a meld"),
        ('[[meld_row]]\nkind = "run"\nmeld = "run"', r"\[\[meld_row\]\] 1: cards = None"),
        (
            '[[meld_row]]\nkind = "run"\nmeld = "run"\ncards = "A"\npoints = 1',
            r"'points' is not a field",
        ),
        ("meld_row = 3", r"meld_row = 3: write \[\[meld_row\]\] tables"),
        (
            text_file(REFERENCE_FILE) + '\n[[meld_row]]\nkind = "run"\nmeld = "run"\ncards = "A"',
            r"\[\[meld_row\]\] has 'run' more than once",
        ),
        (
            text_file(REFERENCE_FILE).replace('kind = "pinochle"', 'kind = "run"'),
            r"has 'run' more than once",
        ),
    ],
)
def test_a_mistake_in_the_reference_is_an_error_that_quotes_it(text: str, message: str) -> None:
    with pytest.raises(OutlineError, match=message):
        read_reference(text)


def test_a_meld_left_out_of_the_reference_table_is_named() -> None:
    text = text_file(REFERENCE_FILE)
    start = text.index('[[meld_row]]\nkind = "pinochle"')
    cut = text[:start] + text[text.index("\n\n", start) + 2 :]
    with pytest.raises(OutlineError, match=r"has no row for 'pinochle'"):
        read_reference(cut)
