"""An Agent's talking: conversations with residents, interviews, chats with the player and
greeting the visitor. Split out of `agent.py`; the `Agent` methods of the same names call
these functions, which run on whichever worker thread owns the agent at the time.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from cognition.agent_state import PendingEvent
from cognition.contract import (
    Asker,
    Conversation,
    Decision,
    InnerVoice,
    PersonaAsker,
    SayLine,
    VisitorAsker,
)
from cognition.memory.records import MemoryKind
from cognition.steps.dialogue import Speaker, converse, next_line
from cognition.steps.interview import adopt, interview
from cognition.steps.relationship import summarise_relationship

if TYPE_CHECKING:
    from cognition.agent import Agent


def may_talk_with(agent: Agent, other: str, now: datetime) -> bool:
    """Not while the pair cools down, nor past the day's cap of conversations."""
    if agent.state.conversations_on(now.date()) >= agent.settings.max_conversations_per_day:
        return False
    until = agent.state.cooldowns.get(other)
    return until is None or now >= until


def speaker(agent: Agent, other: str, now: datetime) -> Speaker:
    """`agent` as one side of a talk with `other`: summary and view of the other."""
    agent.flush()
    view = summarise_relationship(agent.model, agent.memory, agent.name, other, now, agent.settings)
    return Speaker(agent.name, agent.summary(now), agent.memory, view)


def converse_with(agent: Agent, other: Agent, now: datetime) -> Conversation:
    """A whole conversation, `agent` opening; both keep it and cool down."""
    agent.seed(now)
    other.seed(now)
    lines, summary = converse(
        agent.model,
        speaker(agent, other.name, now),
        speaker(other, agent.name, now),
        now,
        agent.settings,
    )
    conversation = Conversation(
        participants=(agent.name, other.name), started=now, lines=tuple(lines), summary=summary
    )
    for mind, partner in ((agent, other), (other, agent)):
        keep_conversation(mind, conversation, partner.name, now)
    return conversation


def keep_conversation(
    agent: Agent, conversation: Conversation, partner: str, now: datetime
) -> None:
    """The transcript and the summary as dialogue memories; the talk counted."""
    transcript = "\n".join(f"{line.speaker}: {line.text}" for line in conversation.lines)
    texts = [f"Conversation with {partner}:\n{transcript}", conversation.summary]
    agent.remember_many(MemoryKind.DIALOGUE, texts, now)
    agent.state.count_conversation(partner, now, agent.settings.conversation_cooldown_minutes)


def answer(agent: Agent, question: str, asker: Asker, now: datetime | None = None) -> str:
    """Reply in character; an inner voice becomes an intention and re-plans the day."""
    moment = now or agent.state.last_time
    if moment is None:
        raise ValueError("the agent has no time yet: pass `now`")
    agent.seed(moment)
    agent.flush()
    summary = agent.summary(moment)
    if isinstance(asker, InnerVoice):
        intention = adopt(agent.model, agent.name, summary, question)
        agent.remember(MemoryKind.PLAN, intention.statement, moment)
        agent.state.pending = PendingEvent(
            activity=intention.statement, minutes=max(1, intention.minutes)
        )
        return intention.statement
    return interview(
        agent.model, agent.memory, agent.name, summary, question, asker, moment, agent.settings
    )


def chat(agent: Agent, question: str, asker: Asker, now: datetime) -> str:
    """`answer`, remembered: a visitor's or a persona's exchange becomes one dialogue memory
    and counts as a talk with them (so the resident will not rush to greet them right after).
    An inner voice is adopted as in `answer` and leaves no dialogue memory."""
    reply = answer(agent, question, asker, now)
    if isinstance(asker, VisitorAsker | PersonaAsker):
        who = asker.name
        text = f"Conversation with {who}:\n{who}: {question}\n{agent.name}: {reply}"
        agent.remember(MemoryKind.DIALOGUE, text, now)
        agent.state.note_talk(who, now, agent.settings.conversation_cooldown_minutes)
    return reply


def greet(agent: Agent, visitor: str, description: str, now: datetime) -> Decision:
    """The opening line `agent` says to the visitor it decided to talk to, as a `SayLine`.

    The line comes from the dialogue step (turn 1) with the agent's view of the visitor; the
    agent remembers the greeting, the pair cools down, and the plan resumes afterwards."""
    agent.seed(now)
    me = speaker(agent, visitor, now)
    about = f"{visitor} is a visitor to the town" + (f": {description}" if description else "")
    me = replace(me, view_of_other=f"{me.view_of_other} {about.rstrip('.')}.")
    line = next_line(agent.model, me, visitor, [], now, agent.settings)
    text = line.text.strip() or f"Hello, {visitor.split()[0]}!"
    agent.remember(MemoryKind.DIALOGUE, f'{agent.name} greeted {visitor}: "{text}"', now)
    agent.state.count_conversation(visitor, now, agent.settings.conversation_cooldown_minutes)
    agent.resume_plan()
    return Decision(
        agent=agent.name,
        time=now,
        actions=(SayLine(partner=visitor, text=text),),
        thought=f"{agent.name} greets {visitor}",
    )
