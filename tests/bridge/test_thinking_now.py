"""`ThinkingNow`: the minds at work at a moment — who is busy, the outcomes ready by whose
slot holds them, whether a job only thinks ahead, a mind at rest — read without reaching
into the director's job board and slots (persistence asks here)."""

from __future__ import annotations

import re
import threading
from pathlib import Path

from cognition import Decision
from game.bridge.jobs import Failed, JobBoard
from game.bridge.residents import MindSlot
from game.bridge.thinking_now import ThinkingNow

HANG_GUARD_S = 10.0
PERSIST = Path(__file__).parents[2] / "game" / "bridge" / "persist"


def test_a_job_in_flight_is_busy_and_its_outcome_is_ready_in_its_slot() -> None:
    board = JobBoard(workers=1)
    slots = {"Ada": MindSlot(), "Bo": MindSlot()}
    now = ThinkingNow(board, slots)
    began, finish = threading.Event(), threading.Event()

    def think() -> Decision:
        began.set()
        assert finish.wait(HANG_GUARD_S)
        raise RuntimeError("the model went away")

    try:
        job = board.submit(("Ada",), think)
        assert began.wait(HANG_GUARD_S)
        assert now.busy() == {"Ada"} and now.ready() == {}
        assert not now.only_ahead("Ada") and not now.only_ahead("Bo")
        slots["Ada"].ahead_job = job  # thinking the next step ahead of its moment
        assert now.only_ahead("Ada") and not now.only_ahead("Nobody")
        finish.set()
        outcome = board.take(block=True, timeout=HANG_GUARD_S)[0]
    finally:
        finish.set()
        board.close()
    assert isinstance(outcome, Failed) and outcome.names == ("Ada",)
    slots["Ada"].ready.append(outcome)
    assert now.busy() == frozenset() and not now.only_ahead("Ada")
    assert now.ready() == {"Ada": (outcome,)}


def test_a_mind_nobody_holds_is_read_at_rest_through_the_copier() -> None:
    board = JobBoard(workers=1)
    try:
        now = ThinkingNow(board, {"Ada": MindSlot()})
        now.keep_rest_copies(lambda name: f"{name}, at rest")
        assert now.at_rest("Ada", 0.0) == "Ada, at rest"
    finally:
        board.close()


def test_persistence_reads_none_of_the_directors_parts() -> None:
    reaching = re.compile(r"director\.(jobs|slots|talks|dialogue|stats)\b")
    for module in sorted(PERSIST.glob("*.py")):
        found = reaching.findall(module.read_text(encoding="utf-8"))
        assert not found, f"{module.name} reaches into the director: {found}"
