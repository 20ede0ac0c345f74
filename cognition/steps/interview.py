"""Interview: answering a free question in character, and adopting an inner voice.

The asker is a visitor, a stated persona, or the agent's inner voice. An inner-voice
directive is rewritten as the agent's own intention, to be stored as a memory.
"""

from __future__ import annotations

from pydantic import BaseModel, Field, field_validator

from cognition.contract import Asker, PersonaAsker, VisitorAsker
from cognition.llm.task import Task
from cognition.memory.fields import News
from cognition.steps.bounds import DayMinutes
from cognition.steps.common import memory_lines, news_known, when
from cognition.steps.context import StepContext
from cognition.steps.reflect import Recalled


class InterviewInput(BaseModel):
    agent: str
    summary: str
    now: str
    asker: str
    question: str
    memories: list[str]
    news: list[News] = Field(default_factory=list)  # the news it knows, as memory fields
    recalled: list[Recalled] = Field(default_factory=list)  # each memory's kind and fields
    # the memories of `memories` whose fields are unknown (saved before fields): the only
    # ones rules may read facts from by their text
    untyped: list[str] = Field(default_factory=list)


class InterviewAnswer(BaseModel):
    answer: str

    @field_validator("answer")
    @classmethod
    def _said_something(cls, answer: str) -> str:
        """An empty answer is no answer: retried, then the fallback (Gemma 270M sent "").
        Checked here, not in the schema: strict schemas allow no minLength."""
        if not answer.strip():
            raise ValueError("the answer is empty")
        return answer


def cannot_say(inputs: InterviewInput) -> InterviewAnswer:
    return InterviewAnswer(answer="I'm sorry, I can't find the words right now.")


INTERVIEW = Task(
    name="interview",
    template="interview.txt",
    input_model=InterviewInput,
    output_model=InterviewAnswer,
    fallback=cannot_say,
    max_tokens=300,
)


class IntentionInput(BaseModel):
    agent: str
    summary: str
    directive: str


class Intention(BaseModel):
    statement: str
    minutes: DayMinutes = 60
    deed: str = Field(default="", description='what they will do, e.g. "paint the fence"')


def as_stated(inputs: IntentionInput) -> Intention:
    deed = inputs.directive.strip().rstrip(".")
    return Intention(statement=f"{inputs.agent} intends to {deed}", deed=deed)


ADOPT_INTENTION = Task(
    name="adopt_intention",
    template="adopt_intention.txt",
    input_model=IntentionInput,
    output_model=Intention,
    fallback=as_stated,
    max_tokens=160,
)


def describe_asker(asker: Asker) -> str:
    if isinstance(asker, VisitorAsker):
        return f"{asker.name}, a visitor to the town"
    if isinstance(asker, PersonaAsker):
        return f"{asker.name}, {asker.description}" if asker.description else asker.name
    return "your own inner voice"


def interview(
    ctx: StepContext, summary: str, question: str, asker: VisitorAsker | PersonaAsker
) -> str:
    """The agent's answer to `asker`'s `question`, from memories retrieved for it."""
    hits = ctx.recall(question, ctx.settings.interview_k)
    records = sorted((hit.record for hit in hits), key=lambda r: r.created)  # as shown
    inputs = InterviewInput(
        agent=ctx.agent,
        summary=summary,
        now=when(ctx.now),
        asker=describe_asker(asker),
        question=question,
        memories=memory_lines(records),
        news=news_known(ctx.memory, ctx.agent),
        recalled=[Recalled.of(record) for record in records],
        untyped=memory_lines([record for record in records if record.about is None]),
    )
    return ctx.ask(INTERVIEW, inputs).answer


def adopt(ctx: StepContext, summary: str, directive: str) -> Intention:
    """The directive as the agent's own intention."""
    inputs = IntentionInput(agent=ctx.agent, summary=summary, directive=directive)
    intention = ctx.ask(ADOPT_INTENTION, inputs)
    return intention if intention.statement.strip() else as_stated(inputs)
