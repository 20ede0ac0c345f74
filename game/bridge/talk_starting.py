"""Starting talks (main thread): the part of `MindDirector` that turns a wish to talk, a
gathering at an event, a town meeting or the player joining into a talk job.

`TalkStarting.try_conversation` starts the talk a resident asked for once the partner is free
(others in view who are free join: `groups.gather_group`; a talk that just ended goes on with
the newcomer); `start_talk` reserves the members, drops a step thought ahead, submits the
pair's or the group's job and queues each member's talking activity.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from cognition import CallPriority, Human, contract, listed
from game.bridge.applying import OutcomeApplying
from game.bridge.conversations import TALK_EMOJI, LiveTalk
from game.bridge.groups import gather_group
from game.bridge.jobs import JobBoard, conversation_job, group_job
from game.bridge.perception import PerceptionBuilder, Someone
from game.bridge.residents import MindSlot
from game.town.resident import Activity, Pose, Resident


class TalkStarting(OutcomeApplying):
    """How `MindDirector` starts talks (its attributes and the methods below the stubs are
    set up and defined there)."""

    jobs: JobBoard
    perceptions: PerceptionBuilder

    def busy(self, name: str) -> bool:
        raise NotImplementedError  # the director's

    def people(self) -> list[Someone]:
        raise NotImplementedError  # the director's

    def begin(
        self, resident: Resident, slot: MindSlot, activity: Activity, now: datetime
    ) -> Activity:
        raise NotImplementedError  # the director's

    def try_conversation(
        self, resident: Resident, slot: MindSlot, now: datetime
    ) -> Activity | None:
        """Start the conversation `resident` asked for once the partner is free to talk."""
        partner = slot.wants_to_talk or ""
        if partner in self.slots and not self.minds[resident.name].talker.may_talk_with(
            partner, now
        ):  # they have talked since the wish was made (the partner opened first)
            slot.wants_to_talk, slot.due = None, now
            return None
        free = (
            not self.is_visitor(partner)
            and partner in self.slots
            and partner in self._residents
            and not self.busy(partner)
            and not self.talks.talking(partner)
        )
        if not free:
            if slot.talk_asked is None or now - slot.talk_asked > timedelta(minutes=10):
                slot.wants_to_talk, slot.due = None, now  # give up; back to the plan
            return None
        slot.wants_to_talk = None
        if self.slots[partner].wants_to_talk == resident.name:  # both wanted it: one talk
            self.slots[partner].wants_to_talk = None
        joiners = gather_group(
            resident,
            partner,
            self.perceptions.in_view(resident, self.people()),
            self._residents,
            self.minds,
            self.is_free,
            now,
        )
        members = [resident.name, partner, *joiners]
        history: Sequence[contract.ConversationLine] = ()
        for one, other in ((partner, resident.name), (resident.name, partner)):
            before = self.talks.just_ended(one, now)
            staying = before is not None and len(set(before.participants) & set(members)) >= 2
            if before is not None and staying and other not in before.participants:
                history = before.lines  # a talk that just ended goes on, with the newcomer
                break
        stay = self.start_talk(members, now, history=history)
        return self.begin(resident, slot, stay, now)

    def is_free(self, name: str) -> bool:
        """Free to join a talk: not thinking, not talking, nothing waiting to begin."""
        return (
            not self.busy(name) and not self.talks.talking(name) and self.slots[name].queued is None
        )

    def start_talk(
        self,
        members: list[str],
        now: datetime,
        topic: str = "",
        humans: Sequence[Human] = (),
        history: Sequence[contract.ConversationLine] = (),
    ) -> Activity:
        """Reserve `members` and think their talk: a pair's, a group's, a meeting's on
        `topic`, or one with the player (`humans`) going on after `history`; every member
        but the first gets its talking activity queued, the first's is returned."""
        for name in members:  # a next step thought ahead is dropped: they talk instead
            self.slots[name].drop_ahead(self.jobs.job_of(name))
        live = LiveTalk(self.jobs.poke)
        playback = self.talks.begin(tuple(members), now, live)
        opener, others = self.minds[members[0]], [self.minds[name] for name in members[1:]]
        if len(members) > 2 or topic or humans or history:
            lines = self.talks.line_minutes
            heard, said_all = live.heard, live.said_all
            job = group_job(opener, others, now, lines, topic, humans, history, heard, said_all)
        else:
            job = conversation_job(opener, others[0], now, live.heard, live.said_all)
        priority = CallPriority.PLAYER if humans else CallPriority.TALK
        self.jobs.submit(tuple(members), job, now, blocks=playback.needs, priority=priority)
        stays = []
        for name in members:
            self.slots[name].wants_to_talk = None
            with_whom = listed([m for m in members if m != name])
            doing = f"at the town meeting: {topic}" if topic else f"talking with {with_whom}"
            resident = self._residents[name]
            stays.append(self.planner.stay(resident, doing, TALK_EMOJI, Pose.TALK, now))
        for name, stay in zip(members[1:], stays[1:], strict=True):
            self.slots[name].queued = stay
        return stays[0]

    def start_group_with(
        self,
        members: list[str],
        now: datetime,
        human: Human,
        history: Sequence[contract.ConversationLine],
    ) -> None:
        """A talk the player joined begins: `members` (residents) and the player."""
        first = self.start_talk(members, now, humans=[human], history=history)
        self.slots[members[0]].queued = first

    def start_gathering(self, members: list[str], now: datetime) -> None:
        """People at an event they planned to be at talk (the gathering desk asks)."""
        self.slots[members[0]].queued = self.start_talk(members, now)

    def start_meeting(self, members: list[str], now: datetime, topic: str) -> None:
        """A meeting begins (the meeting desk asks): the first member's talking activity is
        queued too, as it is not the one deciding now."""
        first = self.start_talk(members, now, topic)
        self.slots[members[0]].queued = first
