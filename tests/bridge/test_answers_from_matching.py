"""How `AnswersFromRecord` matches a call to a recorded answer: by resident, step, game time
and prompt — whatever order the calls come in — with a key's repeats taken in record order;
a call the record lacks goes to the standby and is counted; a recorded failure raises."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest
from pydantic import BaseModel

from cognition import BudgetReached, Completion, InputT, OutputT, Source, Task
from game.bridge.answers_from import AnswersFromRecord, RecordedAnswer, RecordedAnswers, digest
from game.bridge.jobs import at_moment

NINE = datetime(2023, 2, 13, 9, 0)
TEN = datetime(2023, 2, 13, 10, 0)


class Question(BaseModel):
    topic: str


class Reply(BaseModel):
    text: str


class Standby:
    """The offline brain's stand-in: each task's fallback."""

    label = "standby"

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        return Completion(task.fallback(inputs), Source.OFFLINE)


@pytest.fixture
def task(tmp_path: Path) -> Task[Question, Reply]:
    template = tmp_path / "ask.txt"
    template.write_text("You are a resident.\n---\nWhat about {topic}?", encoding="utf-8")
    return Task("ask", str(template), Question, Reply, lambda q: Reply(text="fallback"))


def prompt(task: Task[Question, Reply], topic: str) -> str:
    messages = [
        {"role": m.role, "content": m.content} for m in task.messages(Question(topic=topic))
    ]
    return json.dumps(messages, ensure_ascii=False)


def answer(time: datetime, text: str, source: str = "model", why: str = "") -> RecordedAnswer:
    parsed = "" if source == "exception" else Reply(text=text).model_dump_json()
    return RecordedAnswer(time.isoformat(), source, parsed, parsed, why, 1, 10, 5, False)


def model(task: Task[Question, Reply]) -> AnswersFromRecord:
    by_key = {
        ("Ann", "ask", digest(prompt(task, "rain"))): [
            answer(NINE, "first"), answer(TEN, "at ten"), answer(NINE, "second"),
        ],
        ("Ann", "ask", digest(prompt(task, "cap"))): [
            answer(NINE, "", "exception", "BudgetReached: 100 tokens spent")
        ],
        ("Bob", "ask", digest(prompt(task, "rain"))): [answer(NINE, "Bob's", "fallback", "bad")],
    }  # fmt: skip
    return AnswersFromRecord(RecordedAnswers(Path("r.sqlite"), "r", "t", 0, by_key), Standby())


def ask(relived: AnswersFromRecord, task: Task[Question, Reply], who: str, topic: str,
        at: datetime | None) -> Completion[Reply]:  # fmt: skip
    return at_moment(at, lambda: relived.complete(task, Question(topic=topic), agent=who))


def test_calls_get_their_answers_whatever_the_order(task: Task[Question, Reply]) -> None:
    relived = model(task)
    bob = ask(relived, task, "Bob", "rain", NINE)  # another resident's call first
    assert (bob.output.text, bob.source, bob.error) == ("Bob's", Source.FALLBACK, "bad")
    assert ask(relived, task, "Ann", "rain", TEN).output.text == "at ten"  # by game time
    assert ask(relived, task, "Ann", "rain", NINE).output.text == "first"  # repeats in order
    second = ask(relived, task, "Ann", "rain", NINE)
    assert second.output.text == "second" and second.usage.prompt_tokens == 10
    assert relived.answers.figures()["missed"] == 0


def test_a_call_the_record_lacks_is_answered_by_the_standby_and_counted(
    task: Task[Question, Reply],
) -> None:
    relived = model(task)
    for _ in range(2):
        ask(relived, task, "Ann", "rain", NINE)
    third = ask(relived, task, "Ann", "rain", NINE)  # the record held two at nine
    other = ask(relived, task, "Ann", "snow", NINE)  # a prompt never recorded
    assert [third.output.text, other.output.text] == ["fallback", "fallback"]
    assert third.source is other.source is Source.OFFLINE
    figures = relived.answers.figures()
    assert (figures["answered"], figures["missed"], figures["missed_share"]) == (2, 2, 0.5)
    assert figures["first_missed"] == ["ask for Ann at 2023-02-13T09:00:00"] * 2
    assert figures["unused"] == figures["recorded"] - 2


def test_outside_a_job_the_first_unused_answer_is_taken(task: Task[Question, Reply]) -> None:
    relived = model(task)
    texts = [ask(relived, task, "Ann", "rain", None).output.text for _ in range(3)]
    assert texts == ["first", "at ten", "second"]


def test_a_recorded_failure_raises_again(task: Task[Question, Reply]) -> None:
    with pytest.raises(BudgetReached, match="100 tokens spent"):
        ask(model(task), task, "Ann", "cap", NINE)
