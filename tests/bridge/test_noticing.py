"""Noticing someone: the decision on them is due a moment later (`NOTICE_TIME`), droppable
until then; a talk's first line shows `FIRST_LINE_AFTER` line times after it begins."""

from __future__ import annotations

from datetime import datetime, timedelta

from game.bridge.conversations import FIRST_LINE_AFTER, ConversationDesk, LiveTalk
from game.bridge.dialogue import DialogueLog
from game.bridge.lockstep import LockstepRunner
from game.bridge.lockstep_waits import DECISION_AHEAD, DECISION_NOTICED, kind_of
from game.bridge.noticing import NOTICE_TIME, noticed_for, notices_someone
from game.bridge.perception import Someone
from game.bridge.residents import MindSlot
from game.bridge.town_minds import LivingTown
from game.town.resident import Resident

from .test_lockstep_waits import town
from .test_talk_lines import ISABELLA, KLAUS, MakeTown, at_ten_in_the_cafe

NINE = datetime(2023, 2, 13, 9, 0)
WINDOW = timedelta(minutes=30)


class OpenMind:
    """A mind that would stop for anyone but `ignored` (and counts who it was asked about)."""

    def __init__(self, ignored: str = "") -> None:
        self.ignored = ignored
        self.asked: list[str] = []

    def notices(self, person: str, activity: str, doing: str, now: datetime) -> bool:
        self.asked.append(person)
        return person != self.ignored


def someone(name: str) -> Someone:
    return Someone(name=name, tile=(0, 0), activity="reading")


def test_someone_in_view_is_noticed_once_a_window_and_old_notices_are_dropped() -> None:
    slot = MindSlot(noticed={"Old Friend": NINE - 2 * WINDOW, "Klaus": NINE - WINDOW / 2})
    mind = OpenMind(ignored="Maria")
    in_view = [someone("Klaus"), someone("Maria"), someone("Ayesha")]
    assert notices_someone(mind, WINDOW, slot, "working", in_view, NINE)
    assert mind.asked == ["Maria", "Ayesha"]  # Klaus was noticed within the window
    assert slot.noticed == {"Klaus": NINE - WINDOW / 2, "Ayesha": NINE}
    assert not notices_someone(OpenMind(ignored="Maria"), WINDOW, slot, "working", in_view, NINE)


def test_a_decision_on_someone_noticed_is_told_by_its_moment() -> None:
    noticed = {"Klaus": NINE}
    slot = MindSlot(
        due=NINE + WINDOW, deciding_for=NINE + NOTICE_TIME, ahead_job=7, noticed=noticed
    )
    assert noticed_for(slot, NINE + NOTICE_TIME) and not noticed_for(slot, NINE + 2 * NOTICE_TIME)
    # droppable as a step thought ahead is, yet its waits are a noticed decision's
    later = NINE + timedelta(minutes=20)
    ahead = MindSlot(due=later, deciding_for=later, ahead_job=8, noticed={"Klaus": NINE})
    director = town({"A": slot, "B": ahead})
    assert kind_of(director, 7, ("A",), NINE + NOTICE_TIME) == DECISION_NOTICED
    assert kind_of(director, 8, ("B",), later) == DECISION_AHEAD


def test_a_talks_first_line_shows_three_line_times_after_it_begins() -> None:
    for line_minutes in (1.0, 2.0):
        desk = ConversationDesk(DialogueLog(), line_minutes)
        playback = desk.begin(("A", "B"), NINE, LiveTalk())
        lead = timedelta(minutes=FIRST_LINE_AFTER * line_minutes)
        assert playback.started == NINE + lead and FIRST_LINE_AFTER == 3
        assert not playback.needs(NINE + lead - timedelta(minutes=1))  # walking up, greeting
        assert playback.needs(NINE + lead)  # the first line is due


def noticing_once(living: LivingTown, name: str) -> None:
    """`name`, free and with its next decision two hours away, notices someone at the next
    step (once); nobody else does."""
    director = living.director
    slot = director.slots[name]
    slot.drop_ahead(director.jobs.job_of(name))
    slot.due = living.clock.now + timedelta(hours=2)
    left = [name]

    def notices(resident: Resident, _: MindSlot, now: datetime) -> bool:
        if resident.name not in left:
            return False
        left.remove(resident.name)
        slot.noticed[KLAUS] = now
        return True

    director.notices_someone = notices  # type: ignore[method-assign,assignment]


def test_a_decision_on_someone_noticed_is_due_a_minute_on_and_applies_then(
    make_town: MakeTown,
) -> None:
    living = at_ten_in_the_cafe(make_town)
    director, clock, runner = living.director, living.clock, LockstepRunner(living)
    noticing_once(living, ISABELLA)
    noticed_at = clock.now
    decisions = director.stats.decisions
    runner.step()  # noticed: decided on a minute later, the town not held meanwhile
    slot = director.slots[ISABELLA]
    assert slot.deciding_for == noticed_at + NOTICE_TIME and director.thinking(ISABELLA)
    assert slot.ahead_job is not None and not director.busy(ISABELLA)  # free to be drawn in
    runner.step()  # its moment: lockstep waits for it and applies it
    assert slot.deciding_for is None and director.stats.decisions > decisions
    assert living.minds[ISABELLA].state.last_time == noticed_at + NOTICE_TIME


def test_a_talk_drawing_in_someone_who_noticed_drops_that_decision(make_town: MakeTown) -> None:
    living = at_ten_in_the_cafe(make_town)
    director, clock, runner = living.director, living.clock, LockstepRunner(living)
    noticing_once(living, ISABELLA)
    runner.step()
    slot = director.slots[ISABELLA]
    noticed_job = slot.ahead_job
    director.slots[KLAUS].queued = director.start_talk([KLAUS, ISABELLA], clock.now)
    assert slot.ahead_job is None and slot.deciding_for is None
    assert noticed_job in slot.dropped or noticed_job not in {o.job for o in slot.ready}
    for _ in range(4):
        runner.step()
    assert director.talks.talking(ISABELLA) and not any(
        outcome.job == noticed_job for outcome in slot.ready
    )
