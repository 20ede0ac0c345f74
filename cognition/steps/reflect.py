"""Reflection: when recent memories weigh enough, ask questions and store cited insights.

Past the threshold of summed importance: the most recent records → salient questions →
retrieve per question → insights, each citing numbered statements; only citations of
statements actually shown survive, and they are stored as the evidence's record ids (all
of one reflection rated in one call and written at once).
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from cognition.llm.task import Task
from cognition.memory.records import MemoryKind, MemoryRecord, NewMemory
from cognition.settings import MindSettings
from cognition.steps.common import MemoryStreamLike
from cognition.steps.context import StepContext
from cognition.steps.importance import rate_importances


class QuestionsInput(BaseModel):
    agent: str
    count: int
    memories: list[str]


class SalientQuestions(BaseModel):
    questions: list[str] = Field(description="high-level questions these memories raise")


class InsightsInput(BaseModel):
    agent: str
    question: str
    count: int
    statements: list[str] = Field(description="numbered statements, '1. ...'")


class Insight(BaseModel):
    text: str
    evidence: list[int] = Field(description="numbers of the statements it rests on")


class Insights(BaseModel):
    insights: list[Insight]


def no_questions(_: QuestionsInput) -> SalientQuestions:
    return SalientQuestions(questions=[])


def no_insights(_: InsightsInput) -> Insights:
    return Insights(insights=[])


SALIENT_QUESTIONS = Task(
    name="reflection_questions",
    template="reflection_questions.txt",
    input_model=QuestionsInput,
    output_model=SalientQuestions,
    fallback=no_questions,
    max_tokens=250,
)

INSIGHTS = Task(
    name="reflection_insights",
    template="reflection_insights.txt",
    input_model=InsightsInput,
    output_model=Insights,
    fallback=no_insights,
    max_tokens=700,
)


def should_reflect(memory: MemoryStreamLike, settings: MindSettings) -> bool:
    return memory.importance_since_last_reflection() > settings.reflection_threshold


def reflect(ctx: StepContext) -> list[MemoryRecord]:
    """Reflect once: questions, retrieval, cited insights stored as reflections."""
    settings = ctx.settings
    recent = list(reversed(ctx.memory.recent(settings.reflection_recent)))
    questions_in = QuestionsInput(
        agent=ctx.agent, count=settings.reflection_questions, memories=[r.text for r in recent]
    )
    questions = ctx.ask(SALIENT_QUESTIONS, questions_in).questions
    # as in the reference implementation: retrieve for every question first, then draw the
    # insights; all of them are rated in one call and stored in one write
    asked = questions[: settings.reflection_questions]
    retrieved = [ctx.recall(q) for q in asked]
    cited: list[tuple[str, list[MemoryRecord]]] = []
    for question, hits in zip(asked, retrieved, strict=True):
        evidence = [h.record for h in hits]
        if not evidence:
            continue
        insights_in = InsightsInput(
            agent=ctx.agent,
            question=question,
            count=settings.reflection_insights,
            statements=[f"{i}. {r.text}" for i, r in enumerate(evidence, start=1)],
        )
        found = ctx.ask(INSIGHTS, insights_in).insights[: settings.reflection_insights]
        cited += citing(found, evidence)
    stored = store_insights(ctx, cited)
    ctx.memory.mark_reflection(ctx.now)
    return stored


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


def store_insights(
    ctx: StepContext, kept: list[tuple[str, list[MemoryRecord]]]
) -> list[MemoryRecord]:
    """Store cited insights as reflections made now: one rating call, one write."""
    ratings = rate_importances(ctx, [text for text, _ in kept])
    return ctx.memory.add_many(
        [
            NewMemory(
                MemoryKind.REFLECTION,
                text,
                ctx.now,
                rating,
                evidence=tuple(r.id for r in records),
                depth=1 + max(r.depth for r in records),
            )
            for (text, records), rating in zip(kept, ratings, strict=True)
        ]
    )
