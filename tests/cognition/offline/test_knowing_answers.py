"""Asked whether they know a piece of news ("Did you know there is a lantern walk?"), the
offline brain answers with the news it knows, or says honestly that it has not heard — never
a confident answer about something else built from a memory that shares one word with the
question (session 7's hallucinations on the second bundled town: "Yes, I am writing new
material for my comedy nights." asked about an open mic night; "I remember that Well, Ada
should get going." asked whose poems are going to be published)."""

from __future__ import annotations

import pytest

from cognition.memory.fields import News
from cognition.offline import OfflineBrain
from cognition.offline.answers import needed_overlap, topic_words
from cognition.steps.interview import INTERVIEW, InterviewInput
from cognition.steps.knows import denies

NORA = "Nora Vance"
SUMMARY = f"Name: {NORA} (age 40).\n{NORA} runs Corner Books on the high street."
# what Nora is busy with, news she holds first hand (a persona's `currently`)
BUSY = News(
    item=f"{NORA}: currently",
    subject=NORA,
    statement=f"{NORA} is writing new jokes for her comedy nights at the Linden Barn.",
    kind="currently",
)
LANTERNS = News(
    item="lanterns",
    subject="Ivo Holt",
    statement="Ivo Holt is hosting a lantern walk night at the Quay Room on March 3.",
    kind="event",
    source="Ada Park",
)
MEMORIES = [
    f"[Mon Feb 13 09:00] {NORA} knows every reader in town by name.",
    "[Mon Feb 13 10:00] Well, Ada Park should get going — Ada Park is off to the market.",
    "[Mon Feb 13 10:05] How's it going so far?",
    f"[Mon Feb 13 11:00] {NORA} reads poems aloud at the bookshop on Sundays.",
    "[Mon Feb 13 12:00] The kitchen sink (kitchen, Nora Vance's house) is running water.",
]


def ask(question: str, news: list[News], memories: list[str] = MEMORIES) -> str:
    inputs = InterviewInput(
        agent=NORA, summary=SUMMARY, now="Monday February 13, 2023, 13:00",
        asker="a researcher", question=question, memories=memories, news=news,
    )  # fmt: skip
    return OfflineBrain(0).complete(INTERVIEW, inputs, agent=NORA).output.answer


@pytest.mark.parametrize(
    "question",
    [
        "Did you know there is a lantern walk night?",  # "night" alone: her comedy nights
        "Do you know whose poems are going to be published?",  # "going", "poems" alone
        "Have you heard about the new town library?",  # "know" is the asking, not a topic
        "Do you know who is running for mayor?",  # "running" alone: the sink running water
    ],
)
def test_news_not_known_is_denied_not_answered_with_something_else(question: str) -> None:
    answer = ask(question, [BUSY])
    assert denies(answer), answer
    assert not {"comedy", "Ada", "poems", "sink"} & set(answer.replace(".", "").split())


def test_news_known_is_told_with_its_source() -> None:
    answer = ask("Did you know there is a lantern walk night?", [BUSY, LANTERNS])
    assert answer == f"Yes, Ada told me that {LANTERNS.statement}"


def test_ones_own_news_is_told_when_it_is_what_is_asked() -> None:
    answer = ask("Did you know someone is writing jokes for comedy nights?", [BUSY])
    assert answer.startswith("Yes, I am writing new jokes for"), answer


def test_a_memory_that_carries_the_question_still_answers_it() -> None:
    answer = ask("Did you know someone reads poems aloud at the bookshop?", [])
    assert answer == "I read poems aloud at the bookshop on Sundays.", answer


def test_other_questions_still_take_one_shared_word() -> None:
    """Only a question asking whether one knows a piece of news wants half its topic; any
    other is answered from a memory sharing one word, as before."""
    assert topic_words("Did you know there is an open mic night?") == {"open", "mic", "night"}
    assert needed_overlap("Did you know there is an open mic night?") == 2
    assert needed_overlap("Do you know whose poems are going to be published?") == 2
    assert needed_overlap("Do you know who is running for mayor?") == 2  # most: both
    assert needed_overlap("What happened at the market?") == 1
    assert ask("What happened at the market?", []).startswith("I remember that")


def test_news_worded_otherwise_than_the_question_is_still_known() -> None:
    """ "agreed to publish" answers "going to be published": words meet by their roots."""
    essays = News(
        item="essays",
        subject="Opal Noll",
        statement="Opal Noll is putting together her first book of essays, which a small press "
        "has agreed to publish.",
        kind="personal",
        source="Ada Park",
    )
    answer = ask("Do you know whose essays are going to be published?", [BUSY, essays])
    assert answer == f"Yes, Ada told me that {essays.statement}"


def test_words_of_asking_are_no_topic() -> None:
    """ "Do you know about any parties?" asks about parties: "any" is the asking's, so one
    memory of a party answers it."""
    assert topic_words("Do you know about any parties?") == {"party"}
    lanterns = "[Mon Feb 13 08:00] Ivo Holt is hosting a party at the Quay Room on March 3."
    answer = ask("Do you know about any parties?", [], [*MEMORIES, lanterns])
    assert "party at the Quay Room" in answer, answer
