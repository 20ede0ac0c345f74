"""Save & quit never waits for the minds: a mind thinking as the player leaves is saved as it
was before its job began, and thinks again on loading; closing then stops the thinking in
flight at its next model call."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from cognition import Completion, Task
from cognition.config import LLMSettings
from cognition.steps.hourly import HOURLY
from game.bridge.jobs import Failed, JobBoard
from game.bridge.lockstep import LockstepRunner
from game.bridge.persist import writer as writer_module
from game.bridge.persist.autosave import TownAutosaver
from game.bridge.persist.capture import MindAtRest
from game.bridge.persist.load import load_saved_town
from game.bridge.persist.save import town_settings
from game.bridge.rest_copies import RestCopies
from game.bridge.stopping import StoppableModel, ThinkingStopped
from game.bridge.town_minds import LivingTown
from game.saves import SaveSlots
from game.world.clock import format_clock
from tests.bridge.test_saving_while_thinking import (
    HANG_GUARD_S,
    KLAUS,
    TOWN,
    HeldModel,
    play_frame,
    recipe,
    until_message,
)
from tests.bridge.test_talk_lines import ISABELLA, HeldLines, at_ten_in_the_cafe, talk_on

SETTINGS = town_settings(LLMSettings(offline=True), seed=0)
MakeTown = Callable[..., LivingTown]


@pytest.fixture
def held_town(
    make_town: MakeTown, tmp_path: Path
) -> Iterator[tuple[LivingTown, HeldModel, TownAutosaver]]:
    """The three-resident town after half an hour, with a saver (so every job copies its
    minds as it begins), then Klaus thinking on a held model call."""
    living = make_town(TOWN)
    LockstepRunner(living).run_until(living.clock.now + timedelta(minutes=30))
    saver = TownAutosaver(living, SaveSlots(tmp_path / "saves"), 0, town_id=TOWN, settings=SETTINGS)
    held = HeldModel(living.minds[KLAUS].model)
    living.minds[KLAUS].model = held
    try:
        for _ in range(600):
            living.director.wake(KLAUS, living.clock.now)
            living.clock.advance(1.0)
            living.population.update(living.clock.now, 1.0)
            if held.entered.wait(0.01):
                break
        assert held.entered.is_set() and KLAUS in living.director.jobs.busy()
        yield living, held, saver
    finally:
        if living.thinking is not None:
            living.thinking.release()  # (closing the town would stop it)
        held.gate.set()
        living.director.wait_for_all()


def test_a_save_as_the_player_leaves_does_not_wait_for_a_mind_thinking(
    held_town: tuple[LivingTown, HeldModel, TownAutosaver], tmp_path: Path
) -> None:
    living, held, saver = held_town
    moment = living.clock.now
    saver.request("leaving", leaving=True)
    message = until_message(saver, lambda: play_frame(living, saver))  # the gate stays shut
    assert message == f"Saved 'leaving' at {format_clock(moment)}"
    assert KLAUS in living.director.jobs.busy() and not held.gate.is_set()
    assert living.thinking is not None and living.thinking.held  # the write had the machine

    saved = saver.slots.read("leaving").save
    runtime = saved.runtime
    assert runtime["rethink"] == [KLAUS]  # he thinks again on loading
    assert datetime.fromisoformat(runtime["residents"][KLAUS]["due"]) == moment
    assert not any(KLAUS in o["names"] for r in runtime["residents"].values() for o in r["ready"])
    rest = living.director.jobs.at_rest(KLAUS)  # what his job copied as it began
    assert isinstance(rest, MindAtRest)
    klaus = next(r for r in saved.residents if r.name == KLAUS)
    assert klaus.mind == rest.state  # his mind before the job began ...
    assert klaus.mind["last_time"] < living.minds[KLAUS].get_state()["last_time"]  # ... changed
    records = len(rest.memories.records)

    loaded = load_saved_town("leaving", saver.slots, recipe(tmp_path / "loaded"))
    try:
        town = loaded.living
        assert town.clock.now == moment
        assert town.minds[KLAUS].memory.count() == records
        assert town.minds[KLAUS].state.current is None  # back to his plan
        decisions = town.director.stats.decisions
        LockstepRunner(town).run_until(moment + timedelta(hours=1))
        assert town.director.stats.decisions > decisions and town.director.stats.errors == 0
        assert all(r.activity is not None for r in town.population)
    finally:
        loaded.living.close()


def test_a_leaving_save_that_fails_lets_the_minds_think_on(
    held_town: tuple[LivingTown, HeldModel, TownAutosaver], monkeypatch: pytest.MonkeyPatch
) -> None:
    living, held, saver = held_town

    def full(images: Any, directory: Path) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(writer_module, "write_memories", full)
    saver.request("leaving", leaving=True)
    message = until_message(saver, lambda: play_frame(living, saver))
    assert message.startswith("Could not save 'leaving'") and "No space left" in message
    assert living.thinking is not None and not living.thinking.held  # the town plays on
    held.gate.set()
    living.director.wait_for_all()
    assert living.director.stats.errors == 0


def test_an_ordinary_save_still_waits_for_the_mind(
    held_town: tuple[LivingTown, HeldModel, TownAutosaver],
) -> None:
    living, held, saver = held_town
    saver.request("staying")
    for _ in range(5):
        assert play_frame(living, saver) is None
    assert saver.waiting
    held.gate.set()
    assert until_message(saver, lambda: play_frame(living, saver)).startswith("Saved 'staying'")
    assert saver.slots.read("staying").save.runtime["rethink"] == []


class CountingModel:
    """Answers nothing itself: counts calls, and holds the first until `go` is set."""

    label = "counting"

    def __init__(self) -> None:
        self.calls = 0
        self.first = threading.Event()
        self.go = threading.Event()

    def complete(self, task: Task[Any, Any], inputs: Any, *, agent: str) -> Completion[Any]:
        self.calls += 1
        self.first.set()
        assert self.go.wait(HANG_GUARD_S)
        raise AssertionError("the job went on after its first call")


def test_closing_stops_a_job_at_its_next_model_call() -> None:
    inner = CountingModel()
    model = StoppableModel(inner)
    board = JobBoard(workers=1)
    task = HOURLY

    def think() -> Any:
        with contextlib.suppress(AssertionError):
            model.complete(task, None, agent="Ada")  # held, then allowed to fail
        return model.complete(task, None, agent="Ada")  # the town closed meanwhile

    board.submit(("Ada",), think)
    assert inner.first.wait(HANG_GUARD_S)
    model.stop()
    inner.go.set()
    outcome = board.take(block=True, timeout=HANG_GUARD_S)[0]
    board.close()
    assert isinstance(outcome, Failed) and "ThinkingStopped" in outcome.error
    assert inner.calls == 1 and model.stopped
    with pytest.raises(ThinkingStopped):
        model.complete(task, None, agent="Ada")


def test_a_mind_held_by_a_job_reads_as_the_copy_taken_when_the_job_began() -> None:
    copies = RestCopies()
    minds = {"Ada": ["before"]}
    copies.keep(lambda name: list(minds[name]))
    lock = threading.Lock()
    assert copies.read("Ada", lock) == ["before"]  # nobody holds it: read now
    began, finish = threading.Event(), threading.Event()

    def job() -> None:
        with lock, contextlib.ExitStack() as stack:
            copies.take(("Ada",), stack)
            minds["Ada"].append("half-way")
            began.set()
            assert finish.wait(HANG_GUARD_S)

    worker = threading.Thread(target=job)
    worker.start()
    assert began.wait(HANG_GUARD_S)
    assert copies.read("Ada", lock) == ["before"]  # the job is changing it: its copy
    finish.set()
    worker.join()
    assert copies.read("Ada", lock) == ["before", "half-way"]


def test_a_job_that_took_no_copy_reads_as_none() -> None:
    copies = RestCopies()
    lock = threading.Lock()
    assert copies.read("Ada", lock) is None  # no copier
    copies.keep(lambda name: name)
    with lock:  # a job that began before the copier was set holds it
        assert copies.read("Ada", lock, wait_s=0.01) is None


def test_a_held_model_call_waits_until_released_or_stopped() -> None:
    answered: list[str] = []

    class Answering:
        label = "answering"

        def complete(self, task: Task[Any, Any], inputs: Any, *, agent: str) -> Any:
            answered.append(agent)
            return None

    model = StoppableModel(Answering())
    model.hold()
    results: list[str] = []

    def call(agent: str) -> None:
        try:
            model.complete(HOURLY, None, agent=agent)
            results.append(f"{agent} answered")
        except ThinkingStopped:
            results.append(f"{agent} stopped")

    first = threading.Thread(target=call, args=("Ada",))
    first.start()
    first.join(0.05)
    assert first.is_alive() and answered == []  # waiting while held
    model.release()
    first.join(HANG_GUARD_S)
    assert results == ["Ada answered"]
    model.hold()
    second = threading.Thread(target=call, args=("Sam",))
    second.start()
    second.join(0.05)
    assert second.is_alive()
    model.stop()  # the town closes: the waiting call ends at once, unanswered
    second.join(HANG_GUARD_S)
    assert results == ["Ada answered", "Sam stopped"] and answered == ["Ada"]


def test_a_town_left_mid_talk_loads_with_both_talkers_thinking_again(
    make_town: MakeTown, tmp_path: Path
) -> None:
    """The talk's job has said its first line and waits: the save as the player leaves keeps
    both minds as before the talk, the line said in the log, and the two decide again on
    loading — free, back to their days."""
    living = at_ten_in_the_cafe(make_town)
    slots = SaveSlots(tmp_path / "saves")
    saver = TownAutosaver(living, slots, 0, town_id=TOWN)  # jobs copy their minds from now
    before = {name: living.minds[name].memory.count() for name in (ISABELLA, KLAUS)}
    held = HeldLines(living.minds[ISABELLA].model)
    talk_on(living, held)
    try:
        deadline = time.monotonic() + HANG_GUARD_S
        while held.lines < 2:  # the first line is said, the second waits
            assert time.monotonic() < deadline, "the talk never said its first line"
            play_frame(living, saver, minutes=0.0)
        saver.request("mid-talk", leaving=True)
        message = until_message(saver, lambda: play_frame(living, saver, minutes=0.0))
        assert message.startswith("Saved 'mid-talk'")
    finally:
        if living.thinking is not None:
            living.thinking.release()
        held.release.set()
        living.director.wait_for_all()
    runtime = slots.read("mid-talk").save.runtime
    assert sorted(runtime["rethink"]) == sorted([ISABELLA, KLAUS])
    assert not {ISABELLA, KLAUS} & set(runtime["reserved"])
    # nothing of the talk is kept to apply (the third resident's own decision, finished
    # while the save waited for it, may be: it had begun before the saver copied minds)
    assert not runtime["residents"][ISABELLA]["ready"] and not runtime["residents"][KLAUS]["ready"]

    loaded = load_saved_town("mid-talk", slots, recipe(tmp_path / "loaded"))
    try:
        town = loaded.living
        assert {n: town.minds[n].memory.count() for n in before} == before
        decisions = town.director.stats.decisions
        LockstepRunner(town).run_until(town.clock.now + timedelta(minutes=40))
        assert town.director.stats.decisions > decisions and town.director.stats.errors == 0
        for name in (ISABELLA, KLAUS):
            resident = town.population.get(name)
            assert resident is not None and resident.activity is not None
    finally:
        loaded.living.close()


def test_a_step_thought_ahead_is_only_dropped_by_a_leaving_save(
    make_town: MakeTown, tmp_path: Path
) -> None:
    """Klaus thinks his next step ahead of its moment: the save keeps his mind as before
    that thought and his next decision at its moment — he does not think again at once."""
    living = make_town(TOWN, think_ahead_minutes=30)
    LockstepRunner(living).run_until(living.clock.now + timedelta(minutes=30))
    saver = TownAutosaver(living, SaveSlots(tmp_path / "saves"), 0, town_id=TOWN)
    held = HeldModel(living.minds[KLAUS].model)
    living.minds[KLAUS].model = held
    director, slot = living.director, living.director.slots[KLAUS]
    try:
        deadline = time.monotonic() + HANG_GUARD_S
        while not (held.entered.is_set() and director.jobs.job_of(KLAUS) == slot.ahead_job):
            assert time.monotonic() < deadline, "Klaus never thought ahead"
            held.entered.clear()
            held.gate.set()  # decisions of the moment go through; wait for one ahead
            play_frame(living, saver, minutes=1.0)
            held.gate.clear()
            time.sleep(0.005)
        due = slot.due
        assert due is not None and due > living.clock.now
        saver.request("ahead", leaving=True)
        message = until_message(saver, lambda: play_frame(living, saver, minutes=0.0))
        assert message.startswith("Saved 'ahead'")
        assert director.jobs.job_of(KLAUS) == slot.ahead_job  # still thinking ahead, held
    finally:
        if living.thinking is not None:
            living.thinking.release()
        held.gate.set()
        director.wait_for_all()
    runtime = saver.slots.read("ahead").save.runtime
    assert KLAUS not in runtime["rethink"]
    assert datetime.fromisoformat(runtime["residents"][KLAUS]["due"]) == due


def test_once_stopped_a_job_also_ends_at_its_next_embedding() -> None:
    from cognition.memory.fakes import HashingEmbedder
    from game.bridge.stopping import StoppableEmbedder

    model = StoppableModel(CountingModel())
    embedder = StoppableEmbedder(HashingEmbedder(), model)
    assert embedder.embed(["a kettle boiling"]).shape == (1, embedder.dimension)
    model.hold()  # held model calls never hold embeddings (the main thread embeds too)
    assert embedder.embed(["a kettle boiling"]).shape[0] == 1
    model.stop()
    with pytest.raises(ThinkingStopped):
        embedder.embed(["a kettle boiling"])
    assert embedder.name == HashingEmbedder().name
