"""Reflection: when recent memories weigh enough, ask questions and store cited insights.

Past the threshold of summed importance: the most recent records → salient questions →
retrieve per question → insights, each citing numbered statements; only citations of
statements actually shown survive, and they are stored as the evidence's record ids.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from cognition.llm.task import LanguageModel, Task
from cognition.memory.records import MemoryKind, MemoryRecord
from cognition.settings import MindSettings
from cognition.steps.common import MemoryStreamLike, ask
from cognition.steps.importance import rate_importance


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
)

INSIGHTS = Task(
    name="reflection_insights",
    template="reflection_insights.txt",
    input_model=InsightsInput,
    output_model=Insights,
    fallback=no_insights,
)


def should_reflect(memory: MemoryStreamLike, settings: MindSettings) -> bool:
    return memory.importance_since_last_reflection() > settings.reflection_threshold


def reflect(
    model: LanguageModel,
    memory: MemoryStreamLike,
    agent: str,
    identity: str,
    now: datetime,
    settings: MindSettings,
) -> list[MemoryRecord]:
    """Reflect once: questions, retrieval, cited insights stored as reflections."""
    recent = list(reversed(memory.recent(settings.reflection_recent)))
    questions_in = QuestionsInput(
        agent=agent, count=settings.reflection_questions, memories=[r.text for r in recent]
    )
    questions = ask(model, SALIENT_QUESTIONS, questions_in, agent).questions
    stored: list[MemoryRecord] = []
    for question in questions[: settings.reflection_questions]:
        hits = memory.retrieve(question, now, k=settings.retrieval_k)
        evidence = [h.record for h in hits]
        if not evidence:
            continue
        insights_in = InsightsInput(
            agent=agent,
            question=question,
            count=settings.reflection_insights,
            statements=[f"{i}. {r.text}" for i, r in enumerate(evidence, start=1)],
        )
        for insight in ask(model, INSIGHTS, insights_in, agent).insights[
            : settings.reflection_insights
        ]:
            record = store_insight(model, memory, agent, identity, insight, evidence, now)
            if record is not None:
                stored.append(record)
    memory.mark_reflection(now)
    return stored


def store_insight(
    model: LanguageModel,
    memory: MemoryStreamLike,
    agent: str,
    identity: str,
    insight: Insight,
    evidence: list[MemoryRecord],
    now: datetime,
) -> MemoryRecord | None:
    """Store one insight citing only the statements it was shown; None if it cites none."""
    cited = sorted({n for n in insight.evidence if 1 <= n <= len(evidence)})
    text = insight.text.strip()
    if not cited or not text:
        return None
    records = [evidence[n - 1] for n in cited]
    depth = 1 + max(r.depth for r in records)
    importance = rate_importance(model, agent, identity, text)
    return memory.add(
        MemoryKind.REFLECTION, text, now, importance, evidence=[r.id for r in records], depth=depth
    )
