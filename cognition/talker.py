"""`Talker`: a mind's talking — conversations with residents, interviews, chats with the
player and greeting the visitor.

The `Agent` owns one (`agent.talker`) and the world's jobs call it on whichever worker thread
owns the agent at the time. A `Talker` sees its mind only through `Mind`, the few things
talking needs: it never imports `cognition.agent`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from functools import partial
from typing import Protocol

from cognition.agent_state import AgentState, Appointment, PendingEvent
from cognition.at_once import at_once
from cognition.contract import (
    Asker,
    Conversation,
    ConversationLine,
    Decision,
    InnerVoice,
    LineHeard,
    PersonaAsker,
    SayLine,
    VisitorAsker,
)
from cognition.group import GroupRules, GroupStrategy, Human, Member, hold_group
from cognition.group.line_input import remembered_about
from cognition.memory.fields import MemoryFields
from cognition.memory.records import MemoryKind
from cognition.memory.texts import transcript_text
from cognition.phrasing import listed
from cognition.rating_aside import WaitingObservations, rated_aside
from cognition.settings import MindSettings
from cognition.steps.common import memory_lines
from cognition.steps.context import StepContext
from cognition.steps.dialogue import Commitment, ConversationSummary, Speaker, next_line
from cognition.steps.interview import adopt, interview
from cognition.steps.pair_talk import converse
from cognition.steps.relationship import finish_view, recall_view
from cognition.steps.stance import STANCE, StanceInput, own_lines, stance_memory
from cognition.steps.talk_fields import adopted_fields, talk_fields

ABOUT_K = 3  # memories about each other member a group member reads (retrieved once)


class Mind(WaitingObservations, Protocol):
    """What a `Talker` needs from the mind it speaks for (an `Agent` is one)."""

    settings: MindSettings
    state: AgentState

    @property
    def name(self) -> str: ...

    def context(self, now: datetime) -> StepContext:
        """The mind as the thinking steps see it, at `now`."""
        ...

    def seed(self, now: datetime) -> None:
        """Add the persona's initial memories, once."""

    def flush(self) -> None:
        """Store the observations waiting to be rated (before any retrieval)."""

    def summary(self, now: datetime) -> str:
        """The summary description, as prompts read it."""
        ...

    def remember(
        self, kind: MemoryKind, text: str, now: datetime, about: MemoryFields | None = None
    ) -> None: ...

    def remember_many(
        self,
        kind: MemoryKind,
        texts: list[str],
        now: datetime,
        about: MemoryFields | None = None,
    ) -> None: ...

    def remember_event(
        self,
        kind: MemoryKind,
        texts: list[str],
        now: datetime,
        gist: str,
        about: MemoryFields | None = None,
        rating: int | None = None,
    ) -> None:
        """Memories of one event, with the importance of its `gist` (`rating` when it was
        rated already; at least its news's) and the event's fields."""

    def resume_plan(self) -> None:
        """Forget the step in progress, so the next decision walks back to the plan."""


class Talker:
    """Everything `mind` says: conversations, answers, chats and greetings."""

    def __init__(self, mind: Mind) -> None:
        self.mind = mind

    @property
    def name(self) -> str:
        return self.mind.name

    def may_talk_with(self, other: str, now: datetime) -> bool:
        """Not while the pair cools down, nor past the day's cap of conversations."""
        state, settings = self.mind.state, self.mind.settings
        if state.conversations_on(now.date()) >= settings.max_conversations_per_day:
            return False
        until = state.cooldowns.get(other)
        return until is None or now >= until

    def may_join(self, other: str, now: datetime) -> bool:
        """Whether this mind talks with `other` at a gathering (an event): not while the two
        cool down; the day's cap of conversations is for chance meetings, not for events."""
        until = self.mind.state.cooldowns.get(other)
        return until is None or now >= until

    def speaker(self, other: str, now: datetime, talk: bool = False) -> Speaker:
        """This mind as one side of a talk with `other`: for a pair's `talk`, a view still to
        ask is asked by its opening (`steps.talk_opening`), its observations rated meanwhile;
        else asked now (`rating_aside`)."""
        ctx = self.mind.context(now)
        recalled = recall_view(ctx, other, self.mind.state.view_book)
        if talk:
            view, asked = recalled.kept or "", recalled if recalled.inputs else None
        else:
            with rated_aside(self.mind):
                view, asked = finish_view(ctx, recalled).summary, None
        plan = self.mind.state.plan
        on_today = plan is not None and plan.day == now.date()
        today = tuple(plan.describe(since=ctx.minute)) if plan is not None and on_today else ()
        current = self.mind.state.current
        sector = current.address.sector if current and current.address else None
        place = sector if sector and sector != ctx.persona.home_sector else "home"
        summary, aside = self.mind.summary(now), (lambda: rated_aside(self.mind)) if talk else None
        return Speaker(ctx, summary, view, today, place, recalled.met, asked, aside)

    def converse_with(
        self,
        other: Talker,
        now: datetime,
        heard: LineHeard | None = None,
        said_all: Callable[[], None] | None = None,
    ) -> Conversation:
        """A whole conversation, this mind opening; both keep it and cool down. `heard` hears
        each line as said (the town plays the talk meanwhile), `said_all` when all are."""
        # the two minds make ready, and later keep the talk, at once (no shared state)
        mine, theirs = at_once(
            [
                partial(self.ready_to_talk, other.name, now),
                partial(other.ready_to_talk, self.name, now),
            ]
        )
        lines, summary = converse(mine, theirs, heard, said_all)
        conversation = Conversation(
            participants=(self.name, other.name),
            started=now,
            lines=tuple(lines),
            summary=summary.summary,
            talked_about=summary.topic,
        )
        commitments = summary.commitments
        at_once(
            [
                partial(one.keep, conversation, partner, now, commitments, rating=rating)
                for one, partner, rating in (
                    (self, other.name, summary.importance_for(first=True)),
                    (other, self.name, summary.importance_for(first=False)),
                )
            ]
        )
        return conversation

    def ready_to_talk(self, other: str, now: datetime) -> Speaker:
        """This mind seeded and made ready to talk with `other`."""
        self.mind.seed(now)
        return self.speaker(other, now, talk=True)

    def member(self, others: Sequence[str], now: datetime) -> Member:
        """This mind as a member of a group with `others`: a speaker (no view of one other:
        what it remembers about each member instead, retrieved once, no model call), a line
        on who it is, and how long until its plan calls it away."""
        self.mind.seed(now)
        self.mind.flush()
        ctx = self.mind.context(now)
        remembered = remembered_about(ctx, others, ABOUT_K)
        plan = self.mind.state.plan
        today = plan is not None and plan.day == now.date()
        chunk = plan.chunk_at(ctx.minute) if plan is not None and today else None
        after = plan.chunk_at(chunk.end) if plan is not None and chunk is not None else None
        current = self.mind.state.current
        sector = current.address.sector if current and current.address else None
        speaker = Speaker(
            ctx,
            self.mind.summary(now),
            "",
            tuple(plan.describe(since=ctx.minute)) if plan is not None and today else (),
            sector if sector and sector != ctx.persona.home_sector else "home",
        )
        moving_on = after is not None and after.activity != chunk.activity if chunk else False
        return Member(
            speaker,
            remembered,
            description=f"{ctx.persona.currently} {ctx.persona.lifestyle}".strip(),
            free_minutes=chunk.end - ctx.minute if chunk is not None and moving_on else None,
            called_to=after.activity if after is not None and moving_on else "",
        )

    def group_rules(self, line_minutes: float = 1.0, topic: str = "") -> GroupRules:
        settings = self.mind.settings
        return GroupRules(
            strategy=GroupStrategy(settings.group_strategy),
            max_rounds=settings.group_max_rounds,
            line_minutes=line_minutes,
            topic=topic,
            end_phrases=settings.group_end_phrases,
            lines_per_call=settings.group_lines_per_call,
        )

    def converse_in_group(
        self,
        others: Sequence[Talker],
        now: datetime,
        rules: GroupRules | None = None,
        history: Sequence[ConversationLine] = (),
        humans: Sequence[Human] = (),
        heard: LineHeard | None = None,
        said_all: Callable[[], None] | None = None,
    ) -> Conversation:
        """A group talk this mind opens (or goes on with, after `history`, when someone
        joined) with `others` (the first: whom it came to talk to) and `humans` (the player);
        every resident member keeps it and cools down with each other. `heard` hears each
        line as it is said, `said_all` when the last is."""
        talkers = [self, *others]
        names = [t.name for t in talkers] + [h.name for h in humans]
        members: list[Member | Human] = [
            t.member([n for n in names if n != t.name], now) for t in talkers
        ]
        rules = rules or self.group_rules()
        result = hold_group([*members, *humans], rules, history, heard, said_all)
        conversation = Conversation(
            participants=tuple(names),
            started=now,
            lines=tuple(result.lines),
            summary=result.summary.summary,
            strategy=rules.strategy.value,
            fallbacks=result.fallbacks,
            topic=rules.topic,
            talked_about=result.summary.topic,
        )
        at_once([partial(t.keep_group, conversation, now, result.summary) for t in talkers])
        if not rules.topic:
            return conversation
        taken = at_once([partial(t.take_stance, conversation, now) for t in talkers])
        stances = tuple(zip([t.name for t in talkers], taken, strict=True))
        return conversation.model_copy(update={"stances": stances})

    def intend(self, statement: str, commitment: Commitment, now: datetime) -> bool:
        """Take up an intention the player gave this mind (to host a meeting, say): it is
        remembered (so it is news the mind tells) and kept as an appointment (so the day's
        plan takes it to the place on time). False when the appointment does not fit."""
        self.mind.seed(now)
        appointment = Appointment.from_commitment(commitment, self.name, now)
        if appointment is None or not self.mind.state.add_appointment(appointment):
            return False
        self.mind.remember(
            MemoryKind.PLAN, statement, now, appointment.memory_fields(self.name, now)
        )
        return True

    def take_stance(self, meeting: Conversation, now: datetime) -> str:
        """Where this mind stands on `meeting`'s question (one call), kept as a memory."""
        ctx = self.mind.context(now)
        inputs = StanceInput(
            person=self.name,
            summary=self.mind.summary(now),
            topic=meeting.topic,
            memories=memory_lines(ctx.recall(meeting.topic)),
            discussion=meeting.summary,
            **own_lines(self.name, meeting.lines),
        )
        text = stance_memory(self.name, meeting.topic, ctx.ask(STANCE, inputs))
        self.mind.remember(MemoryKind.DIALOGUE, text, now)
        return text

    def keep_group(
        self, conversation: Conversation, now: datetime, summary: ConversationSummary
    ) -> None:
        """A group talk kept as a pair's is: the transcript ("Conversation with A, B and
        C:") and the summary; it counts as one talk of the day for the opener and whom it
        sought (not for those drawn in, who did not seek it), and this mind cools down with
        every other member; its own commitments become appointments."""
        others = [name for name in conversation.participants if name != self.name]
        sought = self.name in conversation.participants[:2]  # the opener and whom it sought
        self.keep(conversation, listed(others), now, summary.commitments, others, counted=sought)

    def keep(
        self,
        conversation: Conversation,
        partner: str,
        now: datetime,
        commitments: Sequence[Commitment] = (),
        cool_with: Sequence[str] = (),
        counted: bool = True,
        rating: int | None = None,
    ) -> None:
        """The transcript and the summary as dialogue memories (`rating`: the talk's
        importance to this mind, when the summary's call rated it; else rated here); the
        talk counted (towards the daily cap too, whoever opened it); this mind's
        commitments remembered as plans and kept as appointments."""
        said = [(line.speaker, line.text) for line in conversation.lines]
        texts = [transcript_text(cool_with or (partner,), said), conversation.summary]
        about = talk_fields(self.name, conversation, cool_with or (partner,), now, commitments)
        # the transcript and the summary are one event: rated once, by the summary
        self.mind.remember_event(
            MemoryKind.DIALOGUE, texts, now, gist=conversation.summary, about=about, rating=rating
        )
        cooldown = self.mind.settings.conversation_cooldown_minutes
        first, *rest = cool_with or (partner,)
        if counted:  # one talk of the day (a bystander drawn into a group: not its own)
            self.mind.state.count_conversation(first, now, cooldown)
        else:
            self.mind.state.note_talk(first, now, cooldown)
        for other in rest:
            self.mind.state.note_talk(other, now, cooldown)
        for promise in commitments:
            appointment = Appointment.from_commitment(promise, self.name, now)
            if appointment is not None and self.mind.state.add_appointment(appointment):
                statement, fields = (
                    appointment.statement(self.name),
                    appointment.memory_fields(self.name, now),
                )
                self.mind.remember(MemoryKind.PLAN, statement, now, fields)

    def answer(self, question: str, asker: Asker, now: datetime | None = None) -> str:
        """Reply in character; an inner voice becomes an intention and re-plans the day.

        `now` defaults to the time of the mind's last decision."""
        mind = self.mind
        moment = now or mind.state.last_time
        if moment is None:
            raise ValueError("the agent has no time yet: pass `now`")
        mind.seed(moment)
        mind.flush()
        summary = mind.summary(moment)
        ctx = mind.context(moment)
        if isinstance(asker, InnerVoice):
            intention = adopt(ctx, summary, question)
            adopted = adopted_fields(self.name, intention.deed or question, moment)
            mind.remember(MemoryKind.PLAN, intention.statement, moment, adopted)
            mind.state.pending = PendingEvent(
                activity=intention.statement, minutes=max(1, intention.minutes)
            )
            return intention.statement
        return interview(ctx, summary, question, asker)

    def chat(self, question: str, asker: Asker, now: datetime) -> str:
        """`answer`, remembered: a visitor's or a persona's exchange becomes one dialogue
        memory (the question and the reply) and counts as a talk with them (so the resident
        will not rush to greet them right after). An inner voice is adopted as in `answer`
        and leaves no dialogue memory."""
        reply = self.answer(question, asker, now)
        if isinstance(asker, VisitorAsker | PersonaAsker):
            who = asker.name
            text = transcript_text((who,), [(who, question), (self.name, reply)])
            fields = MemoryFields(speaker=who, partners=(who,), time=now)
            self.mind.remember(MemoryKind.DIALOGUE, text, now, fields)
            cooldown = self.mind.settings.conversation_cooldown_minutes
            self.mind.state.note_talk(who, now, cooldown)
        return reply

    def greet(self, visitor: str, description: str, now: datetime) -> Decision:
        """The opening line this mind says to the visitor it decided to talk to (a `SayLine`).

        The line comes from the dialogue step (turn 1) with the mind's view of the visitor;
        the greeting is remembered, the pair cools down, and the plan resumes afterwards."""
        mind = self.mind
        mind.seed(now)
        me = self.speaker(visitor, now)
        about = f"{visitor} is a visitor to the town" + (f": {description}" if description else "")
        me = replace(me, view_of_other=f"{me.view_of_other} {about.rstrip('.')}.")
        line = next_line(me, visitor, [])
        text = line.text.strip() or f"Hello, {visitor.split()[0]}!"
        greeted = MemoryFields(speaker=self.name, partners=(visitor,), time=now)
        mind.remember(MemoryKind.DIALOGUE, f'{self.name} greeted {visitor}: "{text}"', now, greeted)
        mind.state.count_conversation(visitor, now, mind.settings.conversation_cooldown_minutes)
        mind.resume_plan()
        return Decision(
            agent=self.name,
            time=now,
            actions=(SayLine(partner=visitor, text=text),),
            thought=f"{self.name} greets {visitor}",
        )
