"""Template and stock shares of the town's talk: names and numbers blanked, openings and
goodbyes from a stock counted."""

from __future__ import annotations

from datetime import datetime, timedelta

from game.evaluation.templates import form_of, measure_phrasing, name_pattern
from game.records import LineRow

START = datetime(2031, 3, 2, 9, 0)


def said(conversation: int, *lines: tuple[str, str, str]) -> list[LineRow]:
    return [
        LineRow(conversation, n, START + timedelta(minutes=n), speaker, listener, text)
        for n, (speaker, listener, text) in enumerate(lines)
    ]


def test_names_and_numbers_are_blanked_as_whole_words() -> None:
    names = name_pattern({"Nora Vance", "Otto Brandt"})
    assert form_of("Hi Nora! See you at 5:30 on the 14th, Otto Brandt.", names) == (
        "hi <name>! see you at <n> on the <n>, <name>."
    )
    assert form_of("Noraville is lovely", names) == "noraville is lovely"  # not a name


def test_a_clock_time_is_one_number() -> None:
    assert form_of("At 17:00 then", None) == "at <n> then"


def test_shared_forms_count_as_templates_and_only_openings_and_goodbyes_as_stock() -> None:
    lines = said(
        1,
        ("Nora Vance", "Otto Brandt", "Hi Otto! Good to see you."),
        ("Otto Brandt", "Nora Vance", "I'm writing a guide to the river birds."),
        ("Nora Vance", "Otto Brandt", "Well, I must run. Bye, Otto!"),
    ) + said(
        2,
        ("Otto Brandt", "Ivy Moss", "Hi Ivy! Good to see you."),
        ("Ivy Moss", "Otto Brandt", "Well, I must run. Bye, Otto!"),  # an answer, not a goodbye
        ("Otto Brandt", "Ivy Moss", "I'm off to the bakery."),
        ("Ivy Moss", "Otto Brandt", "Enjoy the bread."),
    )
    phrasing = measure_phrasing(lines)
    assert phrasing.lines == 7
    assert phrasing.templated == 4  # two greetings, two "must run" lines
    # both greetings open their talk; Nora's "must run" is her last line; Ivy's is not hers
    assert phrasing.stock == 3
    assert round(phrasing.stock_share, 3) == round(3 / 7, 3)
    assert phrasing.top_forms[0][1] == 2


def test_no_lines_no_shares() -> None:
    phrasing = measure_phrasing([])
    assert (phrasing.template_share, phrasing.stock_share) == (0.0, 0.0)
