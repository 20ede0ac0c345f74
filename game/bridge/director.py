"""`MindDirector`: the residents' minds steering the town, without ever stalling a frame.

Every update (main thread) the population asks `pending_decisions()` once — the director
then collects finished jobs from its results queue — and `next_activity(resident, now)` for
each resident in order: finished outcomes are applied there (so in resident order, never in
completion order), and a resident whose next decision is due gets a job with a frozen
`Perception`. One `ThreadPoolExecutor` runs the jobs; at most one job per resident is in
flight, and a conversation job owns its members while it says its lines one by one; the
town plays them as they come (`conversations.py`), so a talk never holds the rest of the
town. A resident whose decision is late keeps its place, shown as thinking.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Container, Iterable, Mapping
from datetime import datetime, timedelta

from cognition import Agent, CallPriority, contract
from game.bridge import director_state, noticing
from game.bridge.activities import ActivityPlanner
from game.bridge.applying import RETRY_MINUTES
from game.bridge.conversations import ConversationDesk
from game.bridge.dialogue import DialogueLog
from game.bridge.gatherings import Gatherings
from game.bridge.jobs import Conversed, JobBoard, Thinking, decide_job
from game.bridge.joining import Joining
from game.bridge.lockstep_waits import LockstepWaits
from game.bridge.meetings import MeetingDesk
from game.bridge.memory_health import MemoryHealth
from game.bridge.object_use import ObjectUse
from game.bridge.perception import PerceptionBuilder, Someone, someone_of
from game.bridge.residents import MindSlot, MindStats
from game.bridge.talk_starting import TalkStarting
from game.bridge.thinking_ahead import ROOM_PER_CALL, ThinkingAhead
from game.bridge.thinking_now import ThinkingNow
from game.bridge.waking import TownWaking, WakingUp, deciding_for, plans_soon
from game.town.director import ResidentDirector
from game.town.resident import Activity, Pose, Resident
from game.town.views import Greeting
from game.world.address import Address
from game.world.clock import GameClock
from game.world.objects import ObjectStates

log = logging.getLogger(__name__)

ONE_MINUTE = timedelta(minutes=1)
THINK_AHEAD_MINUTES = 0.0  # a next decision is thought this early (0: at its moment)
STALL_S = 600.0  # lockstep gives up when no thinking has moved for this long


class MindDirector(ObjectUse, TalkStarting):
    """A `ResidentDirector` whose decisions come from `cognition.Agent`s on worker threads."""

    def __init__(
        self,
        minds: Mapping[str, Agent],
        perceptions: PerceptionBuilder,
        planner: ActivityPlanner,
        objects: ObjectStates,
        *,
        label: str = "offline brain",
        workers: int = 8,
        clock: GameClock | None = None,
        fallback: ResidentDirector | None = None,
        dialogue: DialogueLog | None = None,
        line_minutes: float = 1.0,
        think_ahead_minutes: float = THINK_AHEAD_MINUTES,
        think_ahead_idle_minutes: float = 0.0,
        calls_at_once: int = 8,  # the town's model calls at once (the server's slots)
    ) -> None:
        self.minds = dict(minds)
        room = ROOM_PER_CALL * calls_at_once  # decisions thought ahead (`thinking_ahead.py`)
        self.ahead = ThinkingAhead(think_ahead_minutes, think_ahead_idle_minutes, room)
        self.perceptions = perceptions
        self.planner = planner
        self.objects = objects
        self._label = label
        self.clock = clock
        self.fallback = fallback
        self.dialogue = dialogue or DialogueLog()
        self.stats = MindStats()
        self.message = ""  # shown by the UI (e.g. "budget reached: the town is paused")
        self.memory_lost: str | None = None  # the memories' process ended: the town is paused
        self.jobs = JobBoard(workers)
        self.lockstep_waits = LockstepWaits()  # where lockstep waits (wall clock)
        self.slots = {name: MindSlot() for name in self.minds}
        self.waking = TownWaking()  # play holds the clock at the first moment (waking.py)
        self.talks = ConversationDesk(self.dialogue, line_minutes)
        self.visitor: Someone | None = None  # the player, as residents see them
        self.visitor_description = ""  # the visitor's one line, for greeting them
        self._greeted: list[Greeting] = []  # residents who greeted the visitor, not yet taken
        self._residents: dict[str, Resident] = {}
        self._people_now: list[Someone] | None = None  # this update's people, for noticing
        self.memory: MemoryHealth | None = None  # a server store: away, no thinking starts
        self.meetings = MeetingDesk(
            tree=perceptions.tree,
            residents=lambda: self._residents,
            is_free=lambda name: (
                name in self.slots and self.is_free(name) and not self._residents[name].is_walking
            ),
            start_group=self.start_meeting,
            errand=lambda name, work: self.jobs.run_errand(name, work),
            intend=lambda name, *said: self.minds[name].talker.intend(*said),
            say=self.dialogue.add,
        )
        self.joining = Joining(self)
        self.gatherings = Gatherings(
            tree=perceptions.tree,
            residents=lambda: self._residents,
            minds=self.minds,
            is_free=lambda name: name in self.slots and self.is_free(name),
            start_group=self.start_gathering,
        )

    # --- the ResidentDirector protocol --------------------------------------------------------

    @property
    def label(self) -> str:
        return self._label

    def pending_decisions(self) -> frozenset[str]:
        self._people_now = None  # where everyone is, taken afresh once per update
        self.waking.asked = True  # the minds were asked at least once (waking.py)
        self.collect()
        self.check_memories()
        if self.clock is not None and not self.thinking_paused:
            self.meetings.update(self.clock.now)
            self.joining.update(self.clock.now)
            self.gatherings.update(self.clock.now)
            self.choose_ahead(self.clock.now)
        return self.jobs.busy()

    def next_activity(self, resident: Resident, now: datetime) -> Activity | None:
        name = resident.name
        self._residents.setdefault(name, resident)
        slot = self.slots.get(name)
        if slot is None:
            return self.fallback.next_activity(resident, now) if self.fallback else None
        self.end_talk_of(name, now)  # a talk ends for all its members before any thinks again
        for outcome in slot.take_ready(self.talk_over(now)):
            self.apply(outcome, now)
        if self.jobs.has_errand(name):
            self.jobs.start_errand(name)  # before any new decision: the player is waiting
        self.track_object_use(resident, slot, now)
        line_activity = self.talks.play(resident, now, self.planner)
        if line_activity is not None:
            return self.begin(resident, slot, line_activity, now)
        if slot.queued is not None:
            activity, slot.queued = slot.queued, None
            return self.begin(resident, slot, activity, now)
        if self.talks.talking(name):
            return None
        if self.thinking_paused:  # the memory server is away: keep doing what they do
            return self.keep_going(resident, slot, now)
        if slot.wants_to_talk is not None:
            return self.try_conversation(resident, slot, now)
        if self.paused:
            return None
        if self.thinking(name):
            return self.while_late(resident, slot, now)
        if slot.is_due(now):
            self.submit_decision(resident, slot, now)
        elif self.notices_someone(resident, slot, now):  # it stops and thinks a minute
            self.submit_decision(resident, slot, now, at=now + noticing.NOTICE_TIME, noticed=True)
        elif self.ahead.starts(name, slot.due, now) or plans_soon(self.minds[name], slot.due, now):
            self.submit_decision(resident, slot, now, at=slot.due)
        return None

    def thinking(self, name: str) -> bool:
        """A job in flight (not one dropped), or a decision waiting for its moment (game time
        alone says when that ends, not how fast the model answers)."""
        slot = self.slots[name]
        job = self.jobs.job_of(name)
        return (job is not None and job not in slot.dropped) or slot.deciding_for is not None

    def busy(self, name: str) -> bool:
        """Not free to be drawn into a talk: a job in flight, unless it only thinks the
        next step ahead of its moment (a talk drops that: `MindSlot.drop_ahead`)."""
        slot, job = self.slots[name], self.jobs.job_of(name)
        return job is not None and job not in slot.dropped and job != slot.ahead_job

    def while_late(self, resident: Resident, slot: MindSlot, now: datetime) -> Activity | None:
        """A resident whose decision is late goes on with what it does — or, with nothing to
        go on with (just talked, or not begun), the schedule's routine: nobody freezes."""
        late = slot.deciding_for is not None and now - slot.deciding_for >= ONE_MINUTE
        idle = resident.activity is None or resident.activity.pose is Pose.TALK
        if not late or not idle or self.fallback is None or self.talks.talking(resident.name):
            return None
        activity = self.fallback.next_activity(resident, now)
        return None if activity is None else self.begin(resident, slot, activity, now)

    def waking_up(self, now: datetime) -> WakingUp | None:
        """While play holds the clock at the town's first moment: its waking (`waking.py`)."""
        return self.waking.check(now, deciding_for(now, self.slots))

    def minds_lag(self, now: datetime) -> float:
        """How far the latest decision lags behind game time, in game minutes (0: none)."""
        late = [now - s.deciding_for for s in self.slots.values() if s.deciding_for is not None]
        return max([0.0, *(lag.total_seconds() / 60 for lag in late)])

    def notices_someone(self, resident: Resident, slot: MindSlot, now: datetime) -> bool:
        """Someone came into view whom the mind would stop for (`noticing.py`)."""
        mind = self.minds[resident.name]
        doing = resident.activity.description if resident.activity else ""
        window = timedelta(minutes=mind.settings.react_window_minutes)
        if self._people_now is None:
            self._people_now = self.people()
        seen = self.perceptions.in_view(resident, self._people_now)
        return noticing.notices_someone(mind, window, slot, doing, seen, now)

    # --- wiring -----------------------------------------------------------------------------

    def watch(self, residents: Iterable[Resident]) -> None:
        """Know every resident from the start (others are learnt at their first update)."""
        for resident in residents:
            self._residents.setdefault(resident.name, resident)

    @property
    def paused(self) -> bool:
        return self.clock is not None and self.clock.paused

    @property
    def thinking_paused(self) -> bool:
        """True while the memory server is away, or once the process keeping the memories
        has ended: no thinking job starts."""
        return self.memory_lost is not None or (self.memory is not None and self.memory.down)

    def keep_going(self, resident: Resident, slot: MindSlot, now: datetime) -> Activity | None:
        """While thinking is paused: a resident with nothing to do takes the schedule's."""
        if resident.activity is not None or self.fallback is None or not slot.is_due(now):
            return None
        slot.due = now + timedelta(minutes=RETRY_MINUTES)
        activity = self.fallback.next_activity(resident, now)
        return None if activity is None else self.begin(resident, slot, activity, now)

    @property
    def in_flight(self) -> int:
        """How many residents think right now (a job or an errand)."""
        return self.jobs.in_flight

    def has_ready(self, now: datetime | None = None) -> bool:
        """True when finished outcomes wait to be applied at the next update (at `now`: a
        talk's outcome waits for its last line to be shown)."""
        if now is None:
            return any(slot.ready for slot in self.slots.values())
        applies = self.talk_over(now)
        return any(applies(o) for slot in self.slots.values() for o in slot.ready)

    def hear(self, name: str, speaker: str, text: str, now: datetime) -> None:
        """Someone (the visitor) said `text` to resident `name`: perceived at once."""
        slot = self.slots[name]
        slot.utterances.append(contract.Utterance(speaker=speaker, text=text, time=now))
        slot.wake(now, self.jobs.job_of(name))

    def wake(self, name: str, at: datetime) -> None:
        """Resident `name` decides again at `at` (to perceive something the player did)."""
        if name in self.slots:
            self.slots[name].wake(at, self.jobs.job_of(name))

    def close(self) -> None:
        self.jobs.close()

    # --- state (a save's) ---------------------------------------------------------------------

    def get_state(self) -> director_state.DirectorState:
        """The bookkeeping between frames, typed (main thread; `director_state.py`)."""
        reserved, playing = director_state.playing_state(self.talks)
        return director_state.DirectorState(
            slots={name: director_state.slot_state(slot) for name, slot in self.slots.items()},
            reserved=reserved,
            playing=playing,
            dialogue=director_state.line_states(self.dialogue),
            message=self.message if self.memory_lost is None else "",  # a loaded town remembers
            meetings=director_state.meeting_states(self.meetings),
            stats=director_state.stats_state(self.stats),
        )

    def set_state(
        self,
        state: director_state.DirectorState,
        here: Mapping[str, director_state.Tile],
        known: Container[Address],
    ) -> None:
        """Take back `get_state()`'s bookkeeping for the residents standing at `here` (a
        slot's tile for its queued activity); objects not `known` are dropped, talks with
        someone not here are not played."""
        for name, saved in state.slots.items():
            if name in self.slots and name in here:
                director_state.restore_slot(self.slots[name], saved, here[name], known)
        director_state.restore_desk(self.talks, state.reserved, state.playing, here)
        director_state.restore_dialogue(self.dialogue, state.dialogue)
        self.message = state.message
        if state.meetings is not None:
            director_state.restore_meetings(self.meetings, state.meetings)
        director_state.restore_stats(self.stats, state.stats)

    def thinking_now(self) -> ThinkingNow:
        """The minds at work now (busy, outcomes ready, …) for a save: `thinking_now.py`."""
        return ThinkingNow(self.jobs, self.slots)

    # --- jobs ---------------------------------------------------------------------------------

    def people(self) -> list[Someone]:
        """Residents and the visitor (a resident the player took over counts as the visitor)."""
        residents = [r for r in self._residents.values() if not self.is_visitor(r.name)]
        people = [someone_of(r, self.talks.telling(r.name)) for r in residents]
        return [*people, self.visitor] if self.visitor is not None else people

    def submit_decision(
        self,
        resident: Resident,
        slot: MindSlot,
        now: datetime,
        at: datetime | None = None,
        noticed: bool = False,
    ) -> None:
        """Think `resident`'s decision for `at` (default: now) from what it perceives now;
        it applies at `at`, and lockstep waits for it only then. `noticed`: on someone just
        noticed, due `noticing.NOTICE_TIME` on — as urgent as one due now, and as droppable
        as a step thought ahead (`MindSlot.ahead_job`)."""
        at = at or now
        perception = self.perceptions.build(resident, at, self.people(), slot.utterances)
        slot.utterances, slot.deciding_for = [], at
        mind = self.minds[resident.name]
        job, tally = self.ahead.track(decide_job(mind, perception, slot.afresh))
        slot.afresh = False
        later = at > now  # droppable until then (a talk may draw the resident in meanwhile)
        ahead = later and not noticed  # thought ahead: its calls wait behind those due now
        priority = CallPriority.BACKGROUND if ahead else CallPriority.DECISION
        number = self.jobs.submit(
            (resident.name,), job, at, blocks=lambda m: m >= at, priority=priority
        )
        slot.ahead_job = number if later else None
        if ahead:
            self.ahead.started(number, tally, now, at)

    def choose_ahead(self, now: datetime) -> None:
        """Whose next decision may start ahead beyond the near window (`ThinkingAhead`)."""
        talking = sum(1 for name in self.slots if self.talks.talking(name))
        free = lambda name: not self.thinking(name) and not self.talks.talking(name)  # noqa: E731
        self.ahead.choose(self.slots, now, free, talks=(talking + 1) // 2)

    def submit(self, names: tuple[str, ...], think: Thinking, at: datetime) -> None:
        self.jobs.submit(names, think, at)

    def collect(self, block: bool = False, timeout: float | None = None) -> int:
        """Move finished outcomes into their residents' slots (a talk's playback learns its
        every line); returns how many."""
        taken = self.jobs.take(block, timeout)
        for outcome in taken:
            slot = self.slots[outcome.names[0]]
            if outcome.job in slot.dropped:  # a decision a talk or a wake-up replaced
                slot.dropped.discard(outcome.job)
                continue
            if isinstance(outcome, Conversed):
                self.talks.finish(outcome.conversation)
            self.slots[outcome.names[0]].ready.append(outcome)
        return len(taken)

    def wait_for_all(self, timeout: float = STALL_S) -> None:
        """Block until no job is in flight (a save waits so)."""
        self._wait(lambda: self.jobs.in_flight > 0, timeout)

    def wait_for_due(self, now: datetime, timeout: float = STALL_S) -> bool:
        """Block until no job in flight holds game time `now` (lockstep): decisions due now,
        a talk whose line is due now (`Playback.needs`). True when it had to wait."""
        try:  # how long, for what, is counted (`lockstep_waits.py`)
            return self._wait(lambda: self.lockstep_waits.holds(self, now), timeout)
        finally:
            self.lockstep_waits.done()

    def progressed(self, *_: object) -> None:
        """Thinking moved on (a model call ended — any thread): waiting is not stalled."""
        self.jobs.poke()

    def _wait(self, waiting: Callable[[], bool], timeout: float) -> bool:
        """Wait while `waiting()`; a `TimeoutError` only when nothing moved — no job ended,
        no line was said, no model call ended (`progressed`) — for `timeout` seconds: a slow
        server's long queue is waited out, a stuck mind is not."""
        deadline = time.monotonic() + timeout
        waited = False
        while True:
            since = self.jobs.version
            self.collect()
            if not waiting():
                return waited
            waited = True
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"minds still thinking, nothing moved for {timeout} s")
            self.jobs.wait_for_change(since, min(left, 1.0))
            if self.jobs.version != since:
                deadline = time.monotonic() + timeout

    @property
    def residents(self) -> dict[str, Resident]:
        return self._residents
