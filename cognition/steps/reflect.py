"""Reflection: when recent memories weigh enough, ask questions and store cited insights.

Past the threshold of summed importance: the most recent records (long ones by their gist)
→ salient questions → retrieve per question → insights, each citing numbered statements:
as the paper draws them, a call per question over what that question retrieved, the calls
at once (`reflection_insights_at_once`: on a server with free slots a reflection takes one
short call's time, not one long call's — the longest call of a town's day, ~500 tokens, that
held its moment while the other slots stood idle); or, with it off, all the questions in one
call, each statement retrieved shown once (fewer prompt tokens, for a one-slot server). Only
citations of statements actually shown survive, and they are stored as the evidence's
record ids (all of one reflection rated in one call and written at once), each with fields
from its evidence's (`insight_fields`: the people it talked with there, the one item it
concerns). The calls' answer schemas ask for `count` questions, and for 1 to `count`
insights a question citing numbers of the statements shown.
"""

from __future__ import annotations

from datetime import datetime
from functools import partial
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, Field

from cognition.at_once import at_once
from cognition.llm.schema import strict_json_schema, with_items, with_range
from cognition.llm.task import Task
from cognition.memory.fields import MemoryFields
from cognition.memory.records import MemoryKind, MemoryRecord, NewMemory
from cognition.settings import MindSettings
from cognition.steps.bounds import lax_int
from cognition.steps.common import MemoryStreamLike, gist, transcript_gist
from cognition.steps.compact import listed, numbered, summarised_talks
from cognition.steps.context import StepContext
from cognition.steps.importance import UNRATED, MaybeRating, rate_importances
from cognition.steps.question_reuse import QuestionBook, memory_keys


class Recalled(BaseModel):
    """A memory's kind and typed fields, beside its text: for rules that read fields."""

    kind: MemoryKind
    about: MemoryFields | None = None

    @classmethod
    def of(cls, record: MemoryRecord) -> Recalled:
        return cls(kind=record.kind, about=record.about)


class QuestionsInput(BaseModel):
    agent: str
    count: int
    memories: list[str]
    recalled: list[Recalled] = Field(default_factory=list)  # each memory's kind and fields


class SalientQuestions(BaseModel):
    questions: list[str] = Field(description="high-level questions these memories raise")


class InsightsInput(BaseModel):
    agent: str
    questions: list[str]
    count: int = Field(description="the most insights for each question")
    statements: list[str] = Field(
        description="numbered statements, '1. ...': what the questions retrieved, each once"
    )
    recalled: list[Recalled] = Field(default_factory=list)  # each statement's kind and fields


def citable(value: Any) -> Any:
    """Citations below 1 cite nothing: dropped (`citing` never used them); anything that is
    not a number is left to fail validation, as before."""
    if not isinstance(value, list | tuple):
        return value
    return [item for item in value if (number := lax_int(item)) is None or number >= 1]


class Insight(BaseModel):
    text: str
    evidence: Annotated[list[Annotated[int, Field(ge=1)]], BeforeValidator(citable)] = Field(
        description="numbers of the statements it rests on"
    )
    # rated with the insight (one call fewer a reflection); unrated ones get a call
    importance: MaybeRating = Field(
        default=UNRATED, description="1-10: how poignant this insight is for the person"
    )


class Insights(BaseModel):
    insights: list[Insight]


def no_questions(_: QuestionsInput) -> SalientQuestions:
    return SalientQuestions(questions=[])


def no_insights(_: InsightsInput) -> Insights:
    return Insights(insights=[])


def questions_schema(inputs: QuestionsInput) -> dict[str, Any]:
    """Exactly `count` questions."""
    return with_items(strict_json_schema(SalientQuestions), "questions", exactly=inputs.count)


def insights_schema(inputs: InsightsInput) -> dict[str, Any]:
    """1 to `count` insights a question, each citing at least one of the statements by its
    number."""
    most = inputs.count * max(1, len(inputs.questions))
    schema = with_items(
        strict_json_schema(Insights), "insights", at_least=min(1, most), at_most=most
    )
    shown = len(inputs.statements)
    if not shown:
        return schema
    schema = with_items(schema, "insights[].evidence", at_least=1, at_most=shown)
    return with_range(schema, "insights[].evidence[]", minimum=1, maximum=shown)


def questions_prompt(inputs: QuestionsInput) -> dict[str, str]:
    """The recent memories, a run at one place under it, a repeat in it once with its count
    (`steps.compact`)."""
    return {"memories": listed(inputs.memories)}


def insights_prompt(inputs: InsightsInput) -> dict[str, str]:
    """The statements by their numbers, a run at one place under it, a talk's transcript by
    its heading where its summary is a statement too (`steps.compact`)."""
    talks = [talk_of(recalled) for recalled in inputs.recalled]
    return {"statements": numbered(summarised_talks(inputs.statements, talks))}


def talk_of(recalled: Recalled) -> tuple[datetime, frozenset[str]] | None:
    """The talk a memory is of, by its fields (its time and partners); None for none."""
    about = recalled.about
    if about is None or about.time is None or not about.partners:
        return None
    return about.time, frozenset(about.partners)


SALIENT_QUESTIONS = Task(
    name="reflection_questions",
    template="reflection_questions.txt",
    input_model=QuestionsInput,
    output_model=SalientQuestions,
    fallback=no_questions,
    max_tokens=250,
    schema_for=questions_schema,
    render=questions_prompt,
)

INSIGHTS = Task(
    name="reflection_insights",
    template="reflection_insights.txt",
    input_model=InsightsInput,
    output_model=Insights,
    fallback=no_insights,
    max_tokens=700,
    schema_for=insights_schema,
    render=insights_prompt,
)


def should_reflect(memory: MemoryStreamLike, settings: MindSettings) -> bool:
    return memory.importance_since_last_reflection() > settings.reflection_threshold


def salient_questions(ctx: StepContext, book: QuestionBook | None) -> list[str]:
    """The questions the most recent memories raise: asked by a call, or with a `book` the
    kept ones when nothing in those memories is new to them (`steps.question_reuse`)."""
    settings = ctx.settings
    book = book if settings.plan_reuse else None  # the `no plan reuse` variant asks always
    recent = list(reversed(ctx.memory.recent(settings.reflection_recent)))
    keys = memory_keys(recent) if book is not None else []
    kept = book.kept_for(keys) if book is not None else None
    if kept is not None:
        return kept
    questions_in = QuestionsInput(
        agent=ctx.agent,
        count=settings.reflection_questions,
        memories=[gist(r.text) for r in recent],
        recalled=[Recalled.of(r) for r in recent],
    )
    questions = ctx.ask(SALIENT_QUESTIONS, questions_in).questions
    if book is not None:
        book.keep(questions, keys)
    return questions


def reflect(ctx: StepContext, book: QuestionBook | None = None) -> list[MemoryRecord]:
    """Reflect once: questions (kept ones with a `book`, when nothing is new), retrieval,
    cited insights stored as reflections."""
    settings = ctx.settings
    questions = salient_questions(ctx, book)
    # as in the reference implementation: retrieve for every question first (embedded in one
    # pass), then draw the insights — a call per question, at once, or all in one call with
    # each statement shown once; all of them are rated in one call and stored in one write
    asked = questions[: settings.reflection_questions]
    found = [[hit.record for hit in hits] for hits in ctx.recall_many(asked)]
    if settings.reflection_insights_at_once:
        drawings = [([question], shown) for question, shown in zip(asked, found, strict=True)]
    else:
        drawings = [(asked, list({r.id: r for records in found for r in records}.values()))]
    drawn = at_once(
        [partial(draw_insights, ctx, qs, shown) for qs, shown in drawings if shown], "insights"
    )
    cited = [kept for each, _ in drawn for kept in each]
    rated = {text: rating for _, each in drawn for text, rating in each.items()}
    stored = store_insights(ctx, merged(cited), rated)
    ctx.memory.mark_reflection(ctx.now)
    return stored


def draw_insights(
    ctx: StepContext, questions: list[str], shown: list[MemoryRecord]
) -> tuple[list[tuple[str, list[MemoryRecord]]], dict[str, int]]:
    """One call's insights for `questions` from the statements `shown` (numbered from 1):
    those citing what was shown, with the records they cite, and the ratings it gave."""
    count = ctx.settings.reflection_insights
    insights_in = InsightsInput(
        agent=ctx.agent,
        questions=questions,
        count=count,
        statements=[f"{i}. {transcript_gist(r.text)}" for i, r in enumerate(shown, start=1)],
        recalled=[Recalled.of(r) for r in shown],
    )
    insights = ctx.ask(INSIGHTS, insights_in).insights[: count * len(questions)]
    rated = {i.text.strip(): i.importance for i in insights if i.importance != UNRATED}
    return citing(insights, shown), rated


def citing(
    insights: list[Insight], evidence: list[MemoryRecord]
) -> list[tuple[str, list[MemoryRecord]]]:
    """The insights with the records they cite among those shown; citing none drops one."""
    kept: list[tuple[str, list[MemoryRecord]]] = []
    for insight in insights:
        cited = sorted({n for n in insight.evidence if 1 <= n <= len(evidence)})
        text = insight.text.strip()
        if cited and text:
            kept.append((text, [evidence[n - 1] for n in cited]))
    return kept


def merged(
    kept: list[tuple[str, list[MemoryRecord]]],
) -> list[tuple[str, list[MemoryRecord]]]:
    """One insight drawn for several questions is stored once, citing all its evidence."""
    by_text: dict[str, tuple[str, list[MemoryRecord]]] = {}
    for text, records in kept:
        key = " ".join(text.split()).casefold()
        _, cited = by_text.setdefault(key, (text, []))
        cited += [r for r in records if r.id not in {c.id for c in cited}]
    return list(by_text.values())


def insight_fields(evidence: list[MemoryRecord], now: datetime) -> MemoryFields:
    """An insight's fields, from its evidence's (the paper's "because of 1, 5, 3"): the
    people it concerns (those the evidence talked with: not partners, as the insight is no
    talk), every scenario item the evidence concerns (`items`: the union of their items,
    news and intentions, in the order cited) and, when that is one, `item`."""
    cited = [r.about for r in evidence if r.about is not None]
    people = tuple(dict.fromkeys(p for about in cited for p in about.partners))
    items = tuple(dict.fromkeys(i for about in cited for i in items_of(about)))
    item = items[0] if len(items) == 1 else ""
    return MemoryFields(people=people, item=item, time=now, items=items)


def items_of(about: MemoryFields) -> list[str]:
    """The scenario items a memory's fields concern: its item and items, its news's and its
    intentions' items."""
    found = [about.item, *about.items, *(n.item for n in about.news)]
    found += [i.item for i in about.intentions]
    return [item for item in found if item]


def store_insights(
    ctx: StepContext,
    kept: list[tuple[str, list[MemoryRecord]]],
    rated: dict[str, int] | None = None,
) -> list[MemoryRecord]:
    """Store cited insights as reflections made now, each with its importance from `rated`
    (by its text, as the insights' call rated it) or, for those unrated, from one rating
    call; one write."""
    rated = rated or {}
    unrated = [text for text, _ in kept if text not in rated]
    rated = rated | dict(zip(unrated, rate_importances(ctx, unrated), strict=True))
    ratings = [rated[text] for text, _ in kept]
    return ctx.memory.add_many(
        [
            NewMemory(
                MemoryKind.REFLECTION,
                text,
                ctx.now,
                rating,
                evidence=tuple(r.id for r in records),
                depth=1 + max(r.depth for r in records),
                about=insight_fields(records, ctx.now),
            )
            for (text, records), rating in zip(kept, ratings, strict=True)
        ]
    )
