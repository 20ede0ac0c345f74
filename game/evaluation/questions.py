"""The controlled evaluation's questions: templates in data files, one per category.

    questions = load_questions()                   # the bundled five files (Appendix B)
    asked = questions_for(questions, "Maria Lopez", persona, others, scenario, plan_day)

A file (`questions/<category>.json`) holds `category`, `source` and `questions`, each with an
`id`, a `text` template and an optional `truth`: how a correct answer is recognised when the
answer is in the persona, the plan or the record (see `game.evaluation.truth`); questions
without one (reactions, reflections) are judged only by the panel. Templates may use
`{other}`, `{other2}`, `{other3}` (residents the interviewee knows, its persona's
relationships first), `{plan_day}` (the day of its latest plan) and `{news_question}` (the
question of each of the scenario's news items: one question per item).
"""

from __future__ import annotations

import difflib
import json
import random
import string
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.evaluation.scenario import EvaluationError, Scenario

__all__ = [
    "PLACEHOLDERS",
    "AskedQuestion",
    "Question",
    "QuestionFile",
    "Truth",
    "load_questions",
    "questions_for",
]

QUESTIONS_DIR = Path(__file__).resolve().parent / "questions"
PLACEHOLDERS = ("other", "other2", "other3", "plan_day", "news_question")
PERSONA_FIELDS = ("name", "age", "learned", "currently", "innate", "lifestyle", "home_sector")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Truth(_Strict):
    """How a correct answer is recognised (see `game.evaluation.truth`)."""

    kind: Literal["persona", "housemates", "person", "news", "plan"]
    field: str | None = None  # persona: which field the answer must reflect
    minute: int | None = Field(default=None, ge=0, lt=1440)  # plan: the minute of the day


class Question(_Strict):
    id: str = Field(pattern=r"^[a-z0-9_-]+$")
    text: str = Field(min_length=1)
    truth: Truth | None = None


class QuestionFile(_Strict):
    category: str = Field(min_length=1)
    source: str = ""
    questions: list[Question] = Field(min_length=1)


@dataclass(frozen=True)
class AskedQuestion:
    """One question as put to one resident: its filled text and what a correct answer is
    about (the other resident, or the news item)."""

    category: str
    id: str
    text: str
    truth: Truth | None
    about: str | None = None  # the person or news item id the question is about


def load_questions(folder: Path | None = None) -> list[QuestionFile]:
    """Every `*.json` in `folder` (default: the bundled questions), checked; files in name
    order. `EvaluationError` naming the file, the question and the problem."""
    where = folder or QUESTIONS_DIR
    paths = sorted(where.glob("*.json"))
    if not paths:
        raise EvaluationError(f"{where} holds no question files (*.json)")
    files = [_load_file(path) for path in paths]
    categories = [file.category for file in files]
    repeated = sorted({c for c in categories if categories.count(c) > 1})
    if repeated:
        raise EvaluationError(f"{where}: the category {repeated[0]!r} is in two files")
    return files


def _load_file(path: Path) -> QuestionFile:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise EvaluationError(f"{path} cannot be read: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise EvaluationError(f"{path} is not valid JSON: {error}") from None
    try:
        loaded = QuestionFile.model_validate(raw)
    except ValidationError as error:
        found = error.errors()[0]
        where = ".".join(str(part) for part in found["loc"])
        raise EvaluationError(f"{path}: {where}: {found['msg']}") from None
    seen: set[str] = set()
    for question in loaded.questions:
        if question.id in seen:
            raise EvaluationError(f"{path}: the question id {question.id!r} is used twice")
        seen.add(question.id)
        _check_template(path, question)
        _check_truth(path, question)
    return loaded


def _check_template(path: Path, question: Question) -> None:
    try:
        fields = [name for _, name, _, _ in string.Formatter().parse(question.text) if name]
    except ValueError as error:
        raise EvaluationError(f"{path}: question {question.id!r}: {error}") from None
    for name in fields:
        if name not in PLACEHOLDERS:
            close = difflib.get_close_matches(name, PLACEHOLDERS, n=1)
            hint = f"; did you mean {{{close[0]}}}?" if close else ""
            raise EvaluationError(
                f"{path}: question {question.id!r}: unknown placeholder {{{name}}} "
                f"(known: {', '.join('{' + p + '}' for p in PLACEHOLDERS)}){hint}"
            )


def _check_truth(path: Path, question: Question) -> None:
    truth = question.truth
    if truth is None:
        return
    where = f"{path}: question {question.id!r}: truth"
    if truth.kind == "persona" and truth.field not in PERSONA_FIELDS:
        close = difflib.get_close_matches(str(truth.field), PERSONA_FIELDS, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise EvaluationError(
            f"{where}.field: {truth.field!r} is not a persona field "
            f"({', '.join(PERSONA_FIELDS)}){hint}"
        )
    if truth.kind == "plan" and truth.minute is None:
        raise EvaluationError(f"{where}.minute: a plan question needs the minute of the day")
    needs_person = {"{other}", "{other2}", "{other3}"} & set(_placeholders(question.text))
    if truth.kind == "person" and not needs_person:
        raise EvaluationError(f"{where}: a person question must name {{other}} in its text")
    if truth.kind == "news" and "{news_question}" not in question.text:
        raise EvaluationError(f"{where}: a news question must be {{news_question}}")


def _placeholders(text: str) -> list[str]:
    return ["{" + name + "}" for _, name, _, _ in string.Formatter().parse(text) if name]


def others_for(name: str, persona: dict[str, Any], residents: list[str], seed: int) -> list[str]:
    """The residents `name` is asked about: its persona's relationships first (in the
    file's order), then the rest in an order fixed by the seed."""
    known = [other for other in persona.get("relationships", {}) if other in residents]
    rest = sorted(other for other in residents if other != name and other not in known)
    random.Random(f"{seed}|{name}|others").shuffle(rest)
    return [*[other for other in known if other != name], *rest]


def questions_for(
    files: list[QuestionFile],
    others: list[str],
    scenario: Scenario,
    plan_day: str | None,
) -> tuple[list[AskedQuestion], list[str]]:
    """The questions put to one resident, filled in; and the ids of those that could not be
    (too few other residents, no plan yet), to be reported as skipped."""
    asked: list[AskedQuestion] = []
    skipped: list[str] = []
    people = dict(zip(("other", "other2", "other3"), others, strict=False))
    for file in files:
        for question in file.questions:
            wanted = {name for _, name, _, _ in string.Formatter().parse(question.text) if name}
            if "news_question" in wanted:
                for item in scenario.news:
                    asked.append(
                        AskedQuestion(
                            file.category,
                            f"{question.id}-{item.id}",
                            item.question,
                            question.truth,
                            item.id,
                        )
                    )
                continue
            values: dict[str, str] = dict(people)
            if plan_day is not None:
                values["plan_day"] = plan_day
            if not wanted <= values.keys():
                skipped.append(f"{file.category}/{question.id}")
                continue
            about = next((values[p] for p in ("other", "other2", "other3") if p in wanted), None)
            asked.append(
                AskedQuestion(
                    file.category,
                    question.id,
                    question.text.format(**values),
                    question.truth,
                    about,
                )
            )
    return asked, skipped
