"""The words of a line whose `asks` field is unknown (a player's own typed words, a line
recorded before the field) are read by `asks_about_you`, beside the phrases it reads: every
phrase the offline talk marks as asking back reads back as asking, no other phrase does."""

from __future__ import annotations

import pytest

from cognition.offline import phrases as say

VALUES = {"first": "Nora", "mine": "I've been baking all week."}
OTHERS = (*say.GREETINGS, *say.EVENING_GREETINGS, *say.INTEREST, *say.SMALL_TALK)


@pytest.mark.parametrize("template", sorted(say.ASKS_ABOUT_YOU))
def test_a_phrase_that_asks_back_reads_back_as_asking(template: str) -> None:
    assert say.asks_about_you(template.format(**VALUES))


@pytest.mark.parametrize("template", [t for t in OTHERS if t not in say.ASKS_ABOUT_YOU])
def test_no_other_phrase_reads_as_asking(template: str) -> None:
    assert not say.asks_about_you(template.format(**VALUES))


def test_a_players_own_words_are_read() -> None:
    assert say.asks_about_you("Busy week! And you?")
    assert not say.asks_about_you("I'm off to the market.")
