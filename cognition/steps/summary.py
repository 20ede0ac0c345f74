"""Summary description: who the agent is now, from three retrievals (cached by the Agent).

Core characteristics, current occupation, and feeling about recent progress — each from its
own retrieval — composed into the short description that heads planning and dialogue.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel

from cognition.llm.task import LanguageModel, Task
from cognition.persona import Persona
from cognition.settings import MindSettings
from cognition.steps.common import MemoryStreamLike, ask, memory_lines, when


class SummaryInput(BaseModel):
    agent: str
    identity: str
    now: str
    core_memories: list[str]
    occupation_memories: list[str]
    progress_memories: list[str]
    learned: str
    currently: str


class SummaryDescription(BaseModel):
    core_characteristics: str
    occupation: str
    feeling: str


def identity_summary(inputs: SummaryInput) -> SummaryDescription:
    return SummaryDescription(
        core_characteristics=inputs.identity,
        occupation=inputs.learned,
        feeling=inputs.currently,
    )


SUMMARY = Task(
    name="summary_description",
    template="summary_description.txt",
    input_model=SummaryInput,
    output_model=SummaryDescription,
    fallback=identity_summary,
)


def describe(persona: Persona, summary: SummaryDescription) -> str:
    """The summary description as prompts read it."""
    return (
        f"{persona.identity()}\n{summary.core_characteristics}\n"
        f"{summary.occupation}\n{summary.feeling}"
    )


def summarise(
    model: LanguageModel,
    memory: MemoryStreamLike,
    persona: Persona,
    now: datetime,
    settings: MindSettings,
) -> SummaryDescription:
    """Build the summary description from the three retrievals the paper names."""
    k = settings.retrieval_k

    def recall(query: str) -> list[str]:
        return memory_lines(memory.retrieve(query, now, k=k))

    inputs = SummaryInput(
        agent=persona.name,
        identity=persona.identity(),
        now=when(now),
        core_memories=recall(f"{persona.name}'s core characteristics"),
        occupation_memories=recall(f"{persona.name}'s current daily occupation"),
        progress_memories=recall(f"{persona.name}'s feeling about their recent progress in life"),
        learned=persona.learned,
        currently=persona.currently,
    )
    return ask(model, SUMMARY, inputs, persona.name)
