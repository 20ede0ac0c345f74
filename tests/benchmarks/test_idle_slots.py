"""benchmarks/idle_slots.py: a run's waits shared out by kind, by step in flight and idle
(the run itself takes minutes; here only the sharing, on a logged stand-in)."""

from __future__ import annotations

from types import ModuleType

from tests.benchmark_scripts import load_benchmark


def load_idle_slots_script() -> ModuleType:
    return load_benchmark("idle_slots.py")


idle_slots = load_idle_slots_script()


def test_each_slice_shares_its_slots_among_the_kinds_that_held_it() -> None:
    calls = [
        (0.0, 4.0, "dialogue_turn"),  # the talk's turn, through both slices
        (1.0, 2.0, "hour_plan"),  # someone's next hour, in the first slice
        (9.0, 10.0, "react"),  # after the waits: nobody's
    ]
    slices = [
        (0.0, ("talk's first line",)),  # 2 s: the turn 2, the hour 1 of 8 slot-seconds
        (2.0, ("decision due now", "talk's first line")),  # 2 s shared: the turn 2
        (4.0, ()),  # the waiting is over
    ]
    figures = idle_slots.by_kind(calls, slices, slots=4)
    assert figures == {
        "talk's first line": {
            "seconds": 3.0,
            "calls_in_flight_mean": 1.33,
            "idle_slot_s": 8.0,
            "busy_slot_s_by_step": {"dialogue_turn": 3.0, "hour_plan": 1.0},
        },
        "decision due now": {
            "seconds": 1.0,
            "calls_in_flight_mean": 1.0,
            "idle_slot_s": 3.0,
            "busy_slot_s_by_step": {"dialogue_turn": 1.0},
        },
    }
