"""Applying the minds' outcomes (main thread): when each applies, and what it does.

`OutcomeApplying` is the part of `MindDirector` that carries out what came back from the
worker threads — a decision's actions by type (one `match`, `assert_never` for the rest), a
talk's end, a failure — and the greeting of the visitor. An outcome applies at its moment
(`talk_over`): a decision thought ahead at the moment it was for, a talk once its last line
has been shown, a failure when the town would have had what failed; so a run does not
depend on how fast the model answers. An action that cannot apply — a line to a resident
outside a conversation, an object that does not exist, a partner nobody knows — is logged
and counted (`stats.unapplied`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import assert_never

from cognition import Agent, contract
from game.bridge.activities import ActivityPlanner
from game.bridge.conversations import ConversationDesk
from game.bridge.jobs import Conversed, Decided, Failed, Outcome, Thinking
from game.bridge.joining import Joining
from game.bridge.meetings import MeetingDesk
from game.bridge.memory_health import MemoryHealth
from game.bridge.perception import Someone
from game.bridge.residents import MindSlot, MindStats
from game.bridge.thinking_ahead import ThinkingAhead
from game.town.director import ResidentDirector
from game.town.resident import Resident
from game.town.views import Greeting
from game.world.clock import GameClock
from game.world.objects import ObjectStates

log = logging.getLogger(__name__)

RETRY_MINUTES = 5  # after a failed job, the next decision is due this much later


class OutcomeApplying:
    """What `MindDirector` does with finished outcomes (its attributes, set up there)."""

    minds: dict[str, Agent]
    slots: dict[str, MindSlot]
    stats: MindStats
    ahead: ThinkingAhead
    talks: ConversationDesk
    meetings: MeetingDesk
    joining: Joining
    planner: ActivityPlanner
    objects: ObjectStates
    clock: GameClock | None
    fallback: ResidentDirector | None
    message: str
    memory_lost: str | None  # why the memories' process ended, once it has
    memory: MemoryHealth | None  # a store on a server: whether it answers
    memory_process: Callable[[], str | None] | None = None  # why a local store's child ended
    visitor: Someone | None
    visitor_description: str
    _greeted: list[Greeting]
    _residents: dict[str, Resident]

    def submit(self, names: tuple[str, ...], think: Thinking, at: datetime) -> None:
        raise NotImplementedError  # the director's

    def is_visitor(self, name: str) -> bool:
        return self.visitor is not None and self.visitor.name == name

    def take_greetings(self) -> list[Greeting]:
        """Residents who greeted the visitor since the last call, oldest first."""
        greeted, self._greeted = self._greeted, []
        return greeted

    def talk_over(self, now: datetime) -> Callable[[Outcome], bool]:
        """Whether an outcome applies at `now`: a talk's once its last line has been shown
        (one not playing — from a save — at once); anything else at once."""

        def applies(outcome: Outcome) -> bool:
            if isinstance(outcome, Decided):
                return now >= outcome.decision.time
            if isinstance(outcome, Failed):  # at the moment the town would have had it
                slot = self.slots[outcome.names[0]]
                if outcome.job == slot.ahead_job and slot.deciding_for is not None:
                    return now >= slot.deciding_for
                talk = self.talks.playback_of(outcome.names[0])
                if talk is not None and not talk.over and talk.live is not None:
                    return now >= talk.shows(len(talk.lines))
                return True
            if not isinstance(outcome, Conversed):
                return True
            playback = self.talks.playback_of(outcome.conversation.participants[0])
            return (
                playback is None
                or playback.conversation != outcome.conversation
                or (now >= playback.ends)
            )

        return applies

    def apply(self, outcome: Outcome, now: datetime) -> None:
        self.ahead.applied(outcome.job)  # counted, when it was thought ahead
        if isinstance(outcome, Failed):
            self.fail(outcome, now)
        elif isinstance(outcome, Conversed):
            self.talk_ended(outcome, now)
        elif isinstance(outcome, Decided):
            name, slot = outcome.names[0], self.slots[outcome.names[0]]
            slot.deciding_for, slot.ahead_job = None, None
            self.stats.decisions += 1
            self.stats.count_wait(name, (now - outcome.decision.time).total_seconds() / 60)
            self.apply_decision(name, outcome.decision, now)

    def end_talk_of(self, name: str, now: datetime) -> None:
        """The talk `name` plays ends now for every member at once, if its last line has been
        shown: its outcome (waiting in a member's slot, the opener's) applies here, before
        `name` — or any member updated before the one holding it — may start a decision.
        Applied at the holder's own update instead, a member updated earlier would have a
        decision in flight while `talk_ended` resumed its plan on the main thread, and what
        that decision saw would depend on which thread ran first."""
        playback = self.talks.playback_of(name)
        if playback is None or playback.conversation is None or now < playback.ends:
            return
        talk = playback.conversation

        def ends_now(outcome: object) -> bool:
            return isinstance(outcome, Conversed) and outcome.conversation == talk

        for member in playback.participants:
            slot = self.slots.get(member)
            for outcome in slot.take_ready(ends_now) if slot is not None else ():
                self.apply(outcome, now)

    def talk_ended(self, outcome: Conversed, now: datetime) -> None:
        """A talk's last line has been shown: counted, recorded, its meeting or the player's
        seat told, and its members back to their plans. (A talk from a save that was not
        playing plays now, and ends when its lines are shown.)"""
        talk = outcome.conversation
        playback = self.talks.playback_of(talk.participants[0])
        if playback is None or playback.conversation != talk:
            playback = self.talks.start(talk, now)
            self.slots[outcome.names[0]].ready.append(outcome)
            return
        if talk.topic:
            self.meetings.finished(talk, now)
        self.joining.finished(talk)
        self.stats.count_conversation(
            *talk.participants, lines=len(talk.lines), fallbacks=talk.fallbacks
        )
        self.talks.ended(talk, playback.started)
        for name in outcome.names:
            self.slots[name].due = None
            self.minds[name].resume_plan()  # after talking, walk back to the plan

    def apply_decision(self, name: str, decision: contract.Decision, now: datetime) -> None:
        """Carry out each action of `name`'s decision in order; one that cannot apply is
        logged and counted (`stats.unapplied`), never silently dropped."""
        self.slots[name].due = now + timedelta(minutes=1)
        for action in decision.actions:
            problem = self.apply_action(name, action, now)
            if problem is not None:
                self.stats.count_unapplied(f"{name}: {problem}")
                log.warning("cannot apply %s's %s: %s", name, action.kind, problem)

    def apply_action(self, name: str, action: contract.Action, now: datetime) -> str | None:
        """One action, by its type; None when done, else why it cannot apply."""
        slot, resident = self.slots[name], self._residents[name]
        match action:
            case contract.GoTo():
                occupied = {r.activity.destination for r in self._residents.values() if r.activity}
                activity, place = self.planner.go_to(resident, action, now, occupied)
                slot.queued = activity
                slot.plan_object(place, action.object_state, activity.key)
                slot.due = now + timedelta(minutes=action.duration_minutes)
                self.stats.go_tos += 1
            case contract.Wait(minutes=minutes):
                slot.due = now + timedelta(minutes=max(1, minutes))
            case contract.StartConversation(partner=partner):
                if self.is_visitor(partner):
                    self.greet_visitor(name, now)
                elif partner in self.slots:
                    slot.wants_to_talk, slot.talk_asked = partner, now
                else:
                    return f"{partner!r} is nobody in this town to talk with"
            case contract.SayLine(partner=partner, text=text):
                if not self.is_visitor(partner):
                    return (
                        f"a line to {partner} outside a conversation (only the visitor is "
                        "spoken to one line at a time; residents talk in conversation jobs)"
                    )
                self.say_to_visitor(name, partner, text, now)
            case contract.ChangeObjectState(address=address, state=state):
                place = self.planner.place_of(address)
                if place is None or place not in self.objects:
                    return f"there is no object at {address.describe()}"
                self.objects.set(place, state, by=name, at=now)
            case _:
                assert_never(action)
        return None

    def check_memories(self) -> None:
        """Each update: whether a memory server answers (`MemoryHealth`), and whether the
        child process keeping a local store's database still lives. A child that ended while
        nothing was sent to it (an agent's records go 128 at a time) pauses the town now, as
        a job meeting it would (`fail`), not at the next write or at the close."""
        if self.memory is not None:
            self.memory.check()
        if self.memory_lost is None and self.memory_process is not None:
            ended = self.memory_process()
            if ended is not None:
                self.lose_memories(ended)

    def lose_memories(self, why: str) -> None:
        """The memories' process ended: said once (every job in flight fails with it), the
        clock paused; no thinking job starts from now on (`thinking_paused`)."""
        if self.memory_lost is None:
            self.memory_lost = why
            log.error("the town is paused: %s", why)
            self.message = (
                f"The town is paused: {why}. Its minds still hold every memory: save to keep them."
            )
        if self.clock is not None:
            self.clock.pause()

    def fail(self, outcome: Failed, now: datetime) -> None:
        self.stats.errors += 1
        self.stats.last_error = outcome.error
        if outcome.memory_lost:
            self.lose_memories(outcome.error)
        else:
            log.warning("minds of %s: %s", ", ".join(outcome.names), outcome.error)
        if outcome.budget:
            self.message = "Budget reached: the town is paused."
            if self.clock is not None:
                self.clock.pause()
        for name in outcome.names:
            slot, resident = self.slots[name], self._residents[name]
            if outcome.job == slot.ahead_job or slot.deciding_for is not None:
                slot.deciding_for, slot.ahead_job = None, None
            slot.due = now + timedelta(minutes=RETRY_MINUTES)
            slot.wants_to_talk = None
            self.talks.release(name)
            if resident.activity is None and self.fallback is not None:
                slot.queued = self.fallback.next_activity(resident, now)

    def greet_visitor(self, name: str, now: datetime) -> None:
        """`name` decided to talk to the visitor: a job finds the opening line (a `SayLine`)."""
        agent, visitor, about = self.minds[name], self.visitor, self.visitor_description
        if visitor is not None:
            self.submit((name,), lambda: agent.talker.greet(visitor.name, about, now), now)

    def say_to_visitor(self, name: str, visitor: str, text: str, now: datetime) -> None:
        """Play the line back in `name`'s bubble and the dialogue log; the desk hands it out."""
        line = contract.ConversationLine(speaker=name, text=text)
        said = contract.Conversation(
            participants=(name, visitor), started=now, lines=(line,), summary=text
        )
        self.talks.start(said, now)
        self.talks.ended(said, now)  # a greeting is over as it is said
        self.slots[name].due = None  # after the line, back to the plan
        self._greeted.append(Greeting(name, text, now))
