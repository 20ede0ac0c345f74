"""Where lockstep waits: the seconds counted by kind, and which jobs hold a moment."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta
from types import SimpleNamespace
from typing import Any

from cognition import ConversationLine, Decision
from game.bridge.conversations import LiveTalk, Playback
from game.bridge.jobs import JobBoard
from game.bridge.lockstep_waits import (
    DECISION_AHEAD,
    DECISION_NOTICED,
    DECISION_NOW,
    STEPPING,
    TALK_END,
    TALK_FIRST_LINE,
    TALK_LATER,
    LockstepWaits,
    kind_of,
)
from game.bridge.residents import MindSlot

NINE = datetime(2023, 2, 13, 9, 0)
WAIT_S = 10.0


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_each_slice_of_a_wait_goes_to_what_held_the_moment_then() -> None:
    clock = FakeClock()
    waits = LockstepWaits(clock)
    waits.tick([DECISION_NOW, TALK_FIRST_LINE])  # the wait begins: both hold the moment
    clock.now = 2.0
    waits.tick([TALK_FIRST_LINE])  # the decision came: 2 s shared by the two
    clock.now = 3.5
    waits.done()  # the line came: 1.5 s more for the talk
    clock.now = 10.0
    waits.tick([DECISION_NOW])  # a second wait, begun later: the gap is nobody's
    clock.now = 10.5
    waits.done()
    assert waits.figures() == {
        TALK_FIRST_LINE: {"seconds": 2.5, "waits": 1},
        DECISION_NOW: {"seconds": 1.5, "waits": 2},
    }


class FakeServer:
    """Busy slot-seconds so far, set by the test."""

    def __init__(self) -> None:
        self.busy = 0.0

    def __call__(self) -> float:
        return self.busy


def test_idle_slots_go_to_what_held_the_moment_and_to_the_steps_between() -> None:
    clock, server = FakeClock(), FakeServer()
    waits = LockstepWaits(clock)
    waits.watch_server(server, slots=4)
    clock.now, server.busy = 5.0, 20.0  # before the first wait: nobody's
    waits.tick([TALK_FIRST_LINE])
    clock.now, server.busy = 2.0 + 5.0, 22.0  # 2 s, one slot busy: 6 idle slot-seconds
    waits.tick([TALK_FIRST_LINE, DECISION_NOW])
    clock.now, server.busy = 8.0, 25.0  # 1 s, three busy: 1 idle, shared by the two
    waits.done()
    clock.now, server.busy = 10.0, 29.0  # 2 s stepping, two busy: 4 idle
    waits.tick([DECISION_NOW])
    clock.now, server.busy = 11.0, 33.0  # 1 s, all four busy: none idle
    waits.done()
    assert waits.idle_figures() == {TALK_FIRST_LINE: 6.5, STEPPING: 4.0, DECISION_NOW: 0.5}


def test_no_idle_figures_without_a_server() -> None:
    clock = FakeClock()
    waits = LockstepWaits(clock)
    waits.tick([DECISION_NOW])
    clock.now = 3.0
    waits.done()
    assert waits.idle_figures() == {}
    assert waits.figures() == {DECISION_NOW: {"seconds": 3.0, "waits": 1}}


def test_holding_names_the_jobs_that_hold_a_moment_and_whom_they_hold() -> None:
    board = JobBoard(workers=2)
    gate = threading.Event()

    def think() -> Decision:
        gate.wait(WAIT_S)
        return Decision(agent="Klaus Mueller", time=NINE, actions=())

    later = NINE + timedelta(minutes=5)
    talk = board.submit(("Maria Lopez", "Klaus Mueller"), think, NINE)
    ahead = board.submit(("Isabella Rodriguez",), think, later, blocks=lambda m: m >= later)
    try:
        assert board.holding(NINE) == {talk: ("Klaus Mueller", "Maria Lopez")}
        assert board.holding(later) == {
            talk: ("Klaus Mueller", "Maria Lopez"),
            ahead: ("Isabella Rodriguez",),
        }
        assert board.due_in_flight(later) == 2
    finally:
        gate.set()
        board.close()


def town(slots: dict[str, MindSlot], talk: Playback | None = None) -> Any:
    """The part of a director `kind_of` reads."""
    return SimpleNamespace(slots=slots, talks=SimpleNamespace(playback_of=lambda _: talk))


def test_a_decision_is_told_by_its_slot() -> None:
    due_now = MindSlot(due=NINE, deciding_for=NINE)
    noticed = MindSlot(due=NINE + timedelta(minutes=7), deciding_for=NINE)
    ahead = MindSlot(due=NINE + timedelta(minutes=3), deciding_for=NINE + timedelta(minutes=3))
    ahead.ahead_job = 3
    director = town({"A": due_now, "B": noticed, "C": ahead, "D": MindSlot(deciding_for=NINE)})
    assert kind_of(director, 1, ("A",), NINE) == DECISION_NOW
    assert kind_of(director, 2, ("B",), NINE) == DECISION_NOTICED
    assert kind_of(director, 3, ("C",), NINE + timedelta(minutes=3)) == DECISION_AHEAD
    assert kind_of(director, 4, ("D",), NINE) == DECISION_NOW  # the day's first: due at once


def test_a_talk_is_told_by_how_far_it_has_gone() -> None:
    live = LiveTalk()
    playback = Playback(("A", "B"), NINE + timedelta(minutes=1), 1.0, live=live)
    director = town({"A": MindSlot(), "B": MindSlot()}, playback)
    assert kind_of(director, 5, ("A", "B"), NINE + timedelta(minutes=1)) == TALK_FIRST_LINE
    live.heard(ConversationLine(speaker="A", text="Hello, B."))
    assert kind_of(director, 5, ("A", "B"), NINE + timedelta(minutes=2)) == TALK_LATER
    live.said_all()  # its summary and memories are what the town may wait for now
    assert kind_of(director, 5, ("A", "B"), NINE + timedelta(minutes=3)) == TALK_END
