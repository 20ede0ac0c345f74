"""Answers to invitations and a meeting's views are data: the offline line says whether it
accepts or turns down an invitation (`DialogueLine.answer`), the talk keeps it
(`ConversationLine.answer`), and the summaries read that field and each line's `view` —
not the words. Only a line whose answer is unknown (a player's own words, a line recorded
before answers were data) is read by its words, as before."""

from __future__ import annotations

import random
from datetime import datetime

import pytest

import cognition.offline.phrases as say
from cognition.contract import ConversationLine
from cognition.memory.fields import News
from cognition.offline import OfflineBrain
from cognition.offline.group import group_summary, round_summary
from cognition.offline.talk import line
from cognition.offline.talk_summary import conversation_summary
from cognition.steps.common import read_when, when
from cognition.steps.dialogue import DialogueLine, LineInput, SummaryInput
from cognition.steps.dialogue_turn import TurnLine
from cognition.steps.group_line import GroupLine
from cognition.steps.group_summary import GroupSummaryInput, RoundSummaryInput

NOW = "Sunday March 2, 2031, 09:00"
HOST, GUEST, THIRD = "Nora Vance", "Otto Brandt", "Ivy Moss"
WALK = News(
    item="walk",
    subject=HOST,
    statement="There's a lantern walk along the river, and Nora Vance leads it.",
    kind="event",
    name="lantern walk",
    place="The Old Mill",
    day="March 3",
    span="from 7 to 9 pm",
)
INVITE = f"{HOST}: Guess what — there's a lantern walk along the river, and I lead it!"


def summary_of(lines: list[str], answers: list[str | None]) -> tuple[str, list[bool]]:
    inputs = SummaryInput(
        first=HOST,
        second=GUEST,
        lines=lines,
        now=NOW,
        told=[None, WALK, None][: len(lines)],
        answers=answers,
    )
    found = conversation_summary(inputs, random.Random(0))
    return found.summary, [c.going for c in found.commitments]


def test_an_acceptance_is_read_from_the_answer_whatever_its_words() -> None:
    lines = ["Nora Vance: Hi Otto!", INVITE, "Otto Brandt: Count me in, of course."]
    summary, going = summary_of(lines, ["", "", "accept"])
    assert going == [True]
    assert "Otto Brandt plans to go to the lantern walk at The Old Mill" in summary


def test_a_refusal_is_read_from_the_answer_whatever_its_words() -> None:
    lines = ["Nora Vance: Hi Otto!", INVITE, "Otto Brandt: Ah, another evening perhaps."]
    summary, going = summary_of(lines, ["", "", "decline"])
    assert going == [False]
    assert "Otto Brandt will not go to the lantern walk." in summary


def test_words_that_sound_like_an_answer_are_not_read_when_the_answer_is_known() -> None:
    lines = ["Nora Vance: Hi Otto!", INVITE, "Otto Brandt: I'll be there, I'll come!"]
    summary, going = summary_of(lines, ["", "", ""])
    assert going == [] and "plans to go" not in summary


def test_a_line_whose_answer_is_unknown_is_read_by_its_words_as_before() -> None:
    """A player's own words, or a record saved before answers were data (no answers)."""
    lines = ["Nora Vance: Hi Otto!", INVITE, "Otto Brandt: Oh, I'd love to — I'll be there!"]
    assert summary_of(lines, [])[1] == [True]
    assert summary_of(lines, ["", "", None])[1] == [True]
    refusal = [*lines[:2], "Otto Brandt: That's nice of you. I don't think I'll make it."]
    assert summary_of(refusal, [None, None, None])[1] == [False]


def test_an_answer_to_no_invitation_commits_no_one() -> None:
    lines = ["Nora Vance: Hi Otto!", "Otto Brandt: Lovely day."]
    inputs = SummaryInput(first=HOST, second=GUEST, lines=lines, now=NOW, answers=["", "accept"])
    assert conversation_summary(inputs, random.Random(0)).commitments == []


def guest_input(**extra: object) -> LineInput:
    values: dict[str, object] = {
        "speaker": GUEST,
        "listener": HOST,
        "summary": f"Name: {GUEST}. Innate traits: calm.\nx\n{GUEST} is a baker.",
        "view_of_listener": f"{GUEST} knows her a little.",
        "memories": [],
        "history": ["Nora Vance: Hi Otto!", "Otto Brandt: Good, thanks.", INVITE],
        "now": NOW,
        "turn": 4,
        "max_turns": 8,
        "heard": WALK,
        **extra,
    }
    return LineInput.model_validate(values)


def test_the_offline_line_says_its_answer_as_data_and_every_line_has_one() -> None:
    answers = {line(guest_input(), random.Random(seed)).answer for seed in range(30)}
    assert answers == {"accept", "decline"}  # by persona and chance, never unknown
    busy = guest_input(now="Monday March 3, 2031, 09:00", plan=["09:00–21:00 work at the bakery"])
    assert {line(busy, random.Random(s)).answer for s in range(5)} == {"decline"}
    greeting = guest_input(history=[], turn=1, heard=None)
    assert line(greeting, random.Random(0)).answer == ""


def test_the_offline_answer_agrees_with_the_words_it_says() -> None:
    for seed in range(30):
        said = line(guest_input(), random.Random(seed))
        assert said.answer == next(
            (found for s in said.text.split(". ") if (found := say.answer_in(s))), ""
        ), said.text


def test_the_invitation_phrases_read_back_as_the_answer_they_give() -> None:
    """The one text form left: `answer_in` beside the phrases it reads, round trip."""
    values = {"first": "Nora", "event": "lantern walk", "place": "The Old Mill", "day": "May 2"}
    for template in (*say.ACCEPT, *say.ALREADY_GOING):
        assert say.answer_in(template.format(**values)) == "accept"
    for template in (*say.DECLINE_BUSY, *say.DECLINE_MOOD, *say.DECLINE_MOOD_YOU):
        assert say.answer_in(template.format(busy="working", **values)) == "decline"
    others = (*say.NEW_NEWS, *say.KNEW, *say.INVITE, *say.CLOSERS, *say.SMALL_TALK)
    for template in others:
        assert say.answer_in(template.format(first="Nora", mine="I bake.")) == ""


@pytest.mark.parametrize(
    ("given", "kept"),
    [("accept", "accept"), (" Decline ", "decline"), ("maybe", ""), (7, ""), (None, None)],
)
def test_an_answer_a_model_gives_is_one_of_the_three_or_none(given: object, kept: object) -> None:
    for model in (DialogueLine, GroupLine):
        assert model.model_validate({"text": "x", "answer": given}).answer == kept
    assert TurnLine.model_validate({"speaker": "a", "text": "x", "answer": given}).answer == kept


def test_a_line_recorded_before_answers_were_data_loads_unknown() -> None:
    old = ConversationLine.model_validate({"speaker": GUEST, "text": "I'll be there!"})
    assert old.answer is None
    assert "answer" in DialogueLine.model_json_schema()["properties"]  # asked of a model


def test_the_group_summaries_read_answers_and_views_from_data() -> None:
    lines = [f"{HOST}: {INVITE.split(': ', 1)[1]}", f"{GUEST} (to {HOST}): Count me in."]
    inputs = GroupSummaryInput(
        members=[HOST, GUEST, THIRD], lines=lines, now=NOW, told=[WALK, None],
        views=["", "against"], answers=["", "accept"],
    )  # fmt: skip
    found = group_summary(inputs, random.Random(0))
    assert [c.going for c in found.commitments] == [True]
    assert f"{GUEST} spoke against it." in found.summary
    worded = [f"{HOST}: I'm for it, I'd say yes.", f"{GUEST}: I'm torn, to be honest."]
    silent = group_summary(
        GroupSummaryInput(members=[HOST, GUEST, THIRD], lines=worded, views=["", ""]),
        random.Random(0),
    )
    assert "spoke for" not in silent.summary and "undecided" not in silent.summary
    round_in = RoundSummaryInput(members=[HOST, GUEST], lines=worded, views=["for", ""])
    said = round_summary(round_in, random.Random(0)).summary
    assert f"{HOST} spoke for it." in said and "undecided" not in said


# --- the date and hours come from typed inputs: the clock and the news's start and end ------

TYPED_WALK = WALK.model_copy(
    update={
        "span": "after dinner",  # words that give no hours
        "starts": datetime(2031, 3, 3, 19, 30),
        "ends": datetime(2031, 3, 3, 21, 0),
    }
)


def test_a_commitment_takes_the_day_and_hours_from_the_clock_and_the_news_as_data() -> None:
    lines = ["Nora Vance: Hi Otto!", INVITE, "Otto Brandt: Count me in."]
    inputs = SummaryInput(
        first=HOST, second=GUEST, lines=lines, now="(no time said)",
        clock=datetime(2031, 3, 2, 9, 0), told=[None, TYPED_WALK, None], answers=["", "", "accept"],
    )  # fmt: skip
    [promise] = conversation_summary(inputs, random.Random(0)).commitments
    assert (promise.day, promise.start, promise.end) == ("2031-03-03", "19:30", "21:00")
    assert promise.item == "walk"


def test_without_a_clock_the_time_now_says_is_read_beside_its_writer() -> None:
    for moment in (datetime(2031, 3, 2, 9, 0), datetime(1999, 12, 31, 23, 59)):
        assert read_when(when(moment)) == moment
    assert read_when("tomorrow morning") is None
    lines = ["Nora Vance: Hi Otto!", INVITE, "Otto Brandt: Count me in."]
    inputs = SummaryInput(
        first=HOST, second=GUEST, lines=lines, now=NOW,
        told=[None, WALK, None], answers=["", "", "accept"],
    )  # fmt: skip
    [promise] = conversation_summary(inputs, random.Random(0)).commitments
    assert (promise.day, promise.start, promise.end) == ("2031-03-03", "19:00", "21:00")


def test_a_guest_busy_at_the_events_typed_hours_turns_it_down_by_the_clock() -> None:
    busy = guest_input(
        now="", clock=datetime(2031, 3, 3, 9, 0), heard=TYPED_WALK,
        plan=["09:00–21:00 work at the bakery"],
    )  # fmt: skip
    for seed in range(5):
        said = line(busy, random.Random(seed))
        assert said.answer == "decline" and "working" in said.text
    later = busy.model_copy(update={"clock": datetime(2031, 3, 4, 9, 0)})  # the walk is past
    assert {line(later, random.Random(s)).answer for s in range(5)} == {""}


# --- a question about the listener is data too ----------------------------------------------


def test_a_question_about_the_listener_is_answered_by_the_field_not_the_words() -> None:
    history = ["Nora Vance: Hi Otto!", "Otto Brandt: Good, thanks.", "Nora Vance: Lovely."]
    base = guest_input(history=history, heard=WALK.model_copy(update={"day": "March 1"}))
    asked = line(base.model_copy(update={"asked": True}), random.Random(0)).text
    assert "I'm a baker" in asked  # answered with a word on itself, though no words asked
    worded = [*history[:2], "Nora Vance: Lovely. How about you, Otto?"]
    told_not = base.model_copy(update={"asked": False, "history": worded})
    assert "I'm a baker" not in line(told_not, random.Random(0)).text
    unknown = base.model_copy(update={"asked": None, "history": worded})  # a player's words
    assert "I'm a baker" in line(unknown, random.Random(0)).text


def test_small_talk_says_as_data_whether_it_asks_back_as_its_words_do() -> None:
    seen = set()
    for seed in range(40):
        inputs = guest_input(history=["Nora Vance: Hi Otto!"], turn=2, heard=None)
        said = line(inputs, random.Random(seed))
        assert said.asks == say.asks_about_you(said.text), said.text
        seen.add(said.asks)
    assert seen == {True, False}
    for template in say.ASKS_ABOUT_YOU:
        assert say.asks_about_you(template.format(first="Nora", mine="I bake."))
    others = set(say.SMALL_TALK + say.INTEREST + say.CLOSERS) - say.ASKS_ABOUT_YOU
    assert not any(say.asks_about_you(t.format(first="Nora", mine="I bake.")) for t in others)


def test_typed_copies_of_what_the_words_say_do_not_reseed_the_offline_brain() -> None:
    brain = OfflineBrain(4)
    plain = guest_input()
    typed = plain.model_copy(update={"clock": datetime(2031, 3, 2, 9, 0), "asked": False})
    draw = [brain.random_for(GUEST, "dialogue_line", x).random() for x in (plain, typed)]
    assert draw[0] == draw[1]
    other = plain.model_copy(update={"now": "Monday March 3, 2031, 09:00"})
    assert brain.random_for(GUEST, "dialogue_line", other).random() != draw[0]
