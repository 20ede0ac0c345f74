"""A recorded run's answers, given again: `smallville simulate --answers-from RUN`.

    answers = RecordedAnswers.read(path)              # the record's decision traces
    model = AnswersFromRecord(answers, OfflineBrain(seed))   # a `LanguageModel`
    ...                                               # the town lives on `model`
    answers.figures()                                 # answered, missed, the share missed

A run record keeps every model call (`traces`: the resident, the thinking step, the game time
of the job that made it, the rendered prompt and the parsed answer). Re-lived with the same
town, seed and settings, the minds ask the same questions at the same game times, and each
is answered with the recorded answer: the same positions, talk and memories, with no model.

Matching does not depend on the order calls arrive in (the town thinks on many threads): a
call is matched by (resident, step, game time, prompt), and a key asked more than once takes
its recorded answers in the order they were written (one resident thinks one job at a time,
so its calls for one key come in the same order). A call made outside any job (no game time)
takes the first unused answer for (resident, step, prompt) whatever its time. The town's
talks say as many lines per call as the record's did (`talk_lines_per_call` and
`group_lines_per_call` in its meta; 1 when the record is older than the setting).

A call the record has no answer for is **missed**: the standby (the offline brain) answers
it, and it is counted — in the report (`answers_from`: answered, missed, their share, the
first missed calls) and on one line of `simulate`'s output — since from there the run can
differ from the recording. A recorded call that raised (the spending cap) raises again.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from cognition import (
    BudgetReached,
    Completion,
    ConfigError,
    InputT,
    LanguageModel,
    LLMSettings,
    ModelStack,
    OfflineBrain,
    OutputT,
    Source,
    Task,
    Usage,
    build_language_model,
)
from game.bridge.jobs import job_moment
from game.records import RecordError, RunRecord
from game.records.codec import format_time

__all__ = [
    "AnswersFromRecord",
    "RecordedAnswer",
    "RecordedAnswers",
    "RecordedFailure",
    "answers_stack",
]

FIRST_MISSED = 5  # the missed calls the report names


class RecordedFailure(Exception):
    """A recorded call raised; re-lived, it raises again (the job falls back as it did)."""


@dataclass
class RecordedAnswer:
    """One traced call's answer, as the record holds it."""

    time: str  # the game time of the job that made the call (ISO text)
    source: str  # model / cache / offline / fallback / exception
    parsed: str  # the output model as JSON
    raw: str
    why: str
    attempts: int
    prompt_tokens: int
    completion_tokens: int
    estimated: bool
    used: bool = False


Key = tuple[str, str, str]  # resident, step, the digest of the prompt's messages as JSON


def digest(messages: str) -> str:
    """The prompt as a key: its sha256 (prompts are long; a record holds thousands)."""
    return hashlib.sha256(messages.encode("utf-8")).hexdigest()


@dataclass
class RecordedAnswers:
    """The answers of one run record, by (resident, step, prompt), and what was taken."""

    path: Path
    run_id: str
    town: str
    seed: int | None
    by_key: dict[Key, list[RecordedAnswer]]
    # the lines per talk call the record was made with: the re-lived town talks the same
    # way, so its talk calls ask what the record's asked (1 for a record made before)
    talk_lines_per_call: int = 1
    # and the lines per one-by-one group talk call (1 for a record made before the setting)
    group_lines_per_call: int = 1
    answered: int = 0
    missed: int = 0
    missed_by_step: Counter[str] = field(default_factory=Counter)
    first_missed: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def read(cls, path: Path) -> RecordedAnswers:
        """The record's traces; `RecordError` (one line) when it cannot be read or holds
        no model call to answer from."""
        with RunRecord.open(path) as record:
            meta = record.meta
            by_key: dict[Key, list[RecordedAnswer]] = {}
            for row in record.rows("traces"):
                key = (str(row["resident"]), str(row["step"]), digest(str(row["messages"])))
                by_key.setdefault(key, []).append(answer_of(row))
        if not by_key:
            raise RecordError(f"the run record {path} holds no model calls to answer from")
        return cls(
            path,
            meta.run_id,
            meta.town,
            meta.seed,
            by_key,
            talk_lines_per_call=meta.talk_lines_per_call or 1,
            group_lines_per_call=meta.group_lines_per_call or 1,
        )

    @property
    def recorded(self) -> int:
        return sum(len(answers) for answers in self.by_key.values())

    def take(self, agent: str, step: str, messages: str, moment: str | None) -> RecordedAnswer:
        """The next unused answer for this call (`KeyError` when the record has none)."""
        with self.lock:
            for answer in self.by_key.get((agent, step, digest(messages)), ()):
                if not answer.used and (moment is None or answer.time == moment):
                    answer.used = True
                    self.answered += 1
                    return answer
        self.note_miss(agent, step, moment)
        raise KeyError(step)

    def note_miss(self, agent: str, step: str, moment: str | None, taken: bool = False) -> None:
        """Count a call the record could not answer (`taken`: its answer was counted as
        answered, but could not be read)."""
        with self.lock:
            self.answered -= taken
            self.missed += 1
            self.missed_by_step[step] += 1
            if len(self.first_missed) < FIRST_MISSED:
                self.first_missed.append(f"{step} for {agent} at {moment or 'no game time'}")

    def figures(self) -> dict[str, Any]:
        """The report's `answers_from`: what was answered from the record and what missed."""
        with self.lock:
            calls = self.answered + self.missed
            return {
                "record": str(self.path),
                "run_id": self.run_id,
                "recorded": self.recorded,
                "answered": self.answered,
                "missed": self.missed,
                "missed_share": round(self.missed / calls, 4) if calls else 0.0,
                "missed_by_step": dict(self.missed_by_step),
                "first_missed": list(self.first_missed),
                "unused": self.recorded - self.answered,
            }


def answer_of(row: dict[str, object]) -> RecordedAnswer:
    return RecordedAnswer(
        time=str(row["time"]),
        source=str(row["source"]),
        parsed=str(row["parsed"]),
        raw=str(row["raw_answer"]),
        why=str(row["why"]),
        attempts=int(str(row["attempts"])),
        prompt_tokens=int(str(row["prompt_tokens"])),
        completion_tokens=int(str(row["completion_tokens"])),
        estimated=bool(row["estimated"]),
    )


class AnswersFromRecord:
    """A `LanguageModel` answering from a run record; missed calls go to `standby`."""

    def __init__(self, answers: RecordedAnswers, standby: LanguageModel) -> None:
        self.answers = answers
        self.standby = standby

    @property
    def label(self) -> str:
        return f"answers from {self.answers.run_id}"

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        messages = [{"role": m.role, "content": m.content} for m in task.messages(inputs)]
        prompt = json.dumps(messages, ensure_ascii=False)  # as the recorder wrote it
        at = job_moment()
        moment = None if at is None else format_time(at)
        try:
            answer = self.answers.take(agent, task.name, prompt, moment)
        except KeyError:
            return self.standby.complete(task, inputs, agent=agent)
        if answer.source == "exception":
            if answer.why.startswith("BudgetReached"):
                raise BudgetReached(answer.why.partition(": ")[2])
            raise RecordedFailure(f"the recorded {task.name} call raised")
        try:
            output = task.output_model.model_validate_json(answer.parsed)
        except ValidationError:  # a record of another version's output models
            self.answers.note_miss(agent, task.name, moment, taken=True)
            return self.standby.complete(task, inputs, agent=agent)
        return Completion(
            output=output,
            source=Source(answer.source),
            usage=Usage(answer.prompt_tokens, answer.completion_tokens, answer.estimated),
            attempts=answer.attempts,
            error=answer.why or None,
            raw=answer.raw or None,
        )


def answers_stack(answers: RecordedAnswers, settings: LLMSettings, seed: int) -> ModelStack:
    """The model stack of a town re-lived from `answers` (the offline brain as standby);
    `settings` must name no model server."""
    if not settings.uses_offline_brain:
        raise ConfigError("--answers-from answers from the record: no model server with it")
    return build_language_model(
        settings, offline_factory=lambda: AnswersFromRecord(answers, OfflineBrain(seed))
    )
