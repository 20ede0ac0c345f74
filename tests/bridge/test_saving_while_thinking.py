"""Saving from the window while minds think: the snapshot between frames, the write on a
worker thread, the clock never held; a failed write is a message and the town plays on."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cognition.config import LLMSettings
from cognition.llm.task import Completion, LanguageModel, Task
from cognition.memory.fakes import HashingEmbedder
from game.bridge.build import TownRecipe
from game.bridge.headless.report import TownRecorder
from game.bridge.lockstep import LockstepRunner
from game.bridge.persist import writer as writer_module
from game.bridge.persist.autosave import TownAutosaver
from game.bridge.persist.load import load_saved_town
from game.bridge.persist.save import snapshot, town_settings
from game.bridge.town_minds import LivingTown
from game.saves import SaveSlots
from game.world.clock import format_clock

TOWN = "the_ville_n3"
KLAUS = "Klaus Mueller"
SETTINGS = town_settings(LLMSettings(offline=True), seed=0)
SAVED_AT = datetime(2024, 5, 1, 12, 0).astimezone()
HANG_GUARD_S = 60.0  # never reached unless something waits on a held mind
MakeTown = Callable[..., LivingTown]


class HeldModel:
    """A model whose every call waits until the test opens `gate` (a job really in flight);
    `entered` is set once a call is waiting."""

    def __init__(self, inner: LanguageModel) -> None:
        self.inner = inner
        self.gate = threading.Event()
        self.entered = threading.Event()

    @property
    def label(self) -> str:
        return self.inner.label

    def complete(self, task: Task[Any, Any], inputs: Any, *, agent: str) -> Completion[Any]:
        self.entered.set()
        if not self.gate.wait(HANG_GUARD_S):
            raise RuntimeError("the gate never opened")
        return self.inner.complete(task, inputs, agent=agent)


@pytest.fixture
def town(make_town: MakeTown) -> Iterator[tuple[LivingTown, HeldModel]]:
    """The three-resident town after half an hour, Klaus thinking on a held model call."""
    living = make_town(TOWN)
    LockstepRunner(living).run_until(living.clock.now + timedelta(minutes=30))
    held = HeldModel(living.minds[KLAUS].model)
    living.minds[KLAUS].model = held
    try:
        for _ in range(600):  # play frames: Klaus decides until a decision asks the model
            living.director.wake(KLAUS, living.clock.now)
            living.clock.advance(1.0)
            living.population.update(living.clock.now, 1.0)
            if held.entered.wait(0.01):
                break
        assert held.entered.is_set(), "Klaus never asked the model"
        assert KLAUS in living.director.jobs.busy()
        yield living, held
    finally:
        held.gate.set()
        living.director.wait_for_all()


def saver_for(living: LivingTown, slots: SaveSlots, **options: Any) -> TownAutosaver:
    return TownAutosaver(living, slots, 0, town_id=TOWN, settings=SETTINGS, **options)


def play_frame(living: LivingTown, saver: TownAutosaver, minutes: float = 2.0) -> str | None:
    """One play-mode frame as the window runs it: the saver first, then the town."""
    message = saver.tick(living.clock.now)
    living.clock.advance(minutes)
    living.population.update(living.clock.now, minutes)
    return message


def until_message(saver: TownAutosaver, frame: Callable[[], str | None]) -> str:
    deadline = time.monotonic() + HANG_GUARD_S
    while time.monotonic() < deadline:
        message = frame()
        if message is not None:
            return message
        time.sleep(0.005)
    raise AssertionError("no message from the saver")


def without_moment(save: Any) -> dict[str, Any]:
    dumped: dict[str, Any] = save.model_dump(mode="json", exclude={"saved_at"})
    return dumped


def assert_same_memories(first: LivingTown, second: LivingTown) -> None:
    for name, mind in first.minds.items():
        ours = mind.memory.export_records()  # type: ignore[attr-defined]
        theirs = second.minds[name].memory.export_records()  # type: ignore[attr-defined]
        assert ours and [i.record for i in ours] == [i.record for i in theirs]
        for mine, copy in zip(ours, theirs, strict=True):
            np.testing.assert_array_equal(mine.embedding, copy.embedding)


def recipe(memory_dir: Path) -> TownRecipe:
    return TownRecipe(
        town=TOWN, settings=LLMSettings(offline=True), embedder=HashingEmbedder(),
        memory_dir=memory_dir,
    )  # fmt: skip


def trail_for_an_hour(living: LivingTown) -> TownRecorder:
    recorder = TownRecorder()
    LockstepRunner(living).run_until(living.clock.now + timedelta(hours=1), recorder)
    return recorder


def test_a_save_taken_while_a_mind_thinks_is_the_save_of_the_town_once_it_is_done(
    town: tuple[LivingTown, HeldModel], tmp_path: Path
) -> None:
    """No frame runs between the request and the job's end: the save must be exactly what
    a save of the town at rest would be, memories too, and play on the same."""
    living, held = town
    slots = SaveSlots(tmp_path / "saves")
    saver = saver_for(living, slots)
    saver.request("thinking")
    assert saver.tick(living.clock.now) is None  # the snapshot is taken; Klaus still thinks
    assert saver.waiting and saver.saving and not living.clock.paused
    assert KLAUS in living.director.jobs.busy()

    held.gate.set()
    living.director.wait_for_all()  # his job is over, its outcome not applied yet
    at_rest = snapshot(living, town_id=TOWN, settings=SETTINGS, saved_at=SAVED_AT)
    message = until_message(saver, lambda: saver.tick(living.clock.now))
    assert message == f"Saved 'thinking' at {format_clock(living.clock.now)}"
    assert saver.last_ok and saver.last_slot == "thinking" and not saver.saving

    saved = slots.read("thinking").save
    assert without_moment(saved) == without_moment(at_rest)
    assert saved.runtime["residents"][KLAUS]["ready"]  # his decision, applied on loading
    assert saved.runtime["rethink"] == []
    loaded = load_saved_town("thinking", slots, recipe(tmp_path / "loaded"))
    try:
        assert_same_memories(living, loaded.living)
        assert trail_for_an_hour(loaded.living).trail == trail_for_an_hour(living).trail
    finally:
        loaded.living.close()


def test_the_clock_runs_while_a_save_waits_and_the_save_loads_into_a_town_that_plays_on(
    town: tuple[LivingTown, HeldModel], tmp_path: Path
) -> None:
    living, held = town
    slots = SaveSlots(tmp_path / "saves")
    saver = saver_for(living, slots)
    moment = living.clock.now
    saver.request("busy")
    for _ in range(20):  # twenty frames with Klaus's model call held
        assert play_frame(living, saver) is None
    assert living.clock.now == moment + timedelta(minutes=40) and not living.clock.paused
    assert saver.waiting and not slots.exists("busy")

    held.gate.set()
    message = until_message(saver, lambda: play_frame(living, saver))
    assert message == f"Saved 'busy' at {format_clock(moment)}"
    assert living.clock.now > moment + timedelta(minutes=40) and not living.clock.paused
    saved = slots.read("busy").save
    assert saved.game_time == moment
    runtime = saved.runtime
    kept = any(KLAUS in o["names"] for r in runtime["residents"].values() for o in r["ready"])
    assert kept or runtime["rethink"] == [KLAUS]  # applied on loading, or thought again

    loaded = load_saved_town("busy", slots, recipe(tmp_path / "loaded"))
    try:
        town_now = loaded.living
        assert town_now.clock.now == moment and not town_now.clock.paused
        decisions = town_now.director.stats.decisions
        trail_for_an_hour(town_now)
        assert town_now.director.stats.decisions > decisions and town_now.director.stats.errors == 0
        assert all(r.activity is not None for r in town_now.population)
    finally:
        loaded.living.close()


def test_a_job_applied_before_it_was_seen_makes_its_resident_think_again_on_loading(
    town: tuple[LivingTown, HeldModel], tmp_path: Path
) -> None:
    living, held = town
    slots = SaveSlots(tmp_path / "saves")
    saver = saver_for(living, slots)
    moment = living.clock.now
    saver.request("race")
    assert saver.tick(moment) is None
    held.gate.set()
    living.director.wait_for_all()
    for outcome in living.director.slots[KLAUS].take_ready():  # the population's update won
        living.director.apply(outcome, moment)
    message = until_message(saver, lambda: saver.tick(moment))
    assert message == f"Saved 'race' at {format_clock(moment)}"
    runtime = slots.read("race").save.runtime
    assert runtime["rethink"] == [KLAUS]
    assert datetime.fromisoformat(runtime["residents"][KLAUS]["due"]) == moment
    assert KLAUS not in runtime["reserved"]

    loaded = load_saved_town("race", slots, recipe(tmp_path / "loaded"))
    try:
        assert loaded.living.minds[KLAUS].state.current is None  # back to the plan
        decisions = loaded.living.director.stats.decisions
        LockstepRunner(loaded.living).step()
        assert loaded.living.director.stats.decisions > decisions  # he decided at once
    finally:
        loaded.living.close()


def test_a_failed_write_is_a_message_and_the_town_plays_on(
    make_town: MakeTown, tmp_path: Path
) -> None:
    living = make_town(TOWN)
    (tmp_path / "a file").write_text("not a folder", encoding="utf-8")
    saver = saver_for(living, SaveSlots(tmp_path / "a file"))
    moment = living.clock.now
    saver.request("Day 2")
    message = until_message(saver, lambda: play_frame(living, saver))
    assert message.startswith("Could not save 'Day 2'") and saver.last_ok is False
    assert living.clock.now > moment and not living.clock.paused and not saver.saving
    for _ in range(5):
        assert play_frame(living, saver) is None  # and the game goes on
    saver.request("no/slashes")
    assert "cannot name a save" in (saver.tick(living.clock.now) or "")


def test_a_write_failing_half_way_keeps_the_last_save_whole(
    make_town: MakeTown, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    living = make_town(TOWN)
    slots = SaveSlots(tmp_path / "saves")
    saver = saver_for(living, slots)
    saver.request("Day 1")
    first = until_message(saver, lambda: play_frame(living, saver))
    assert first.startswith("Saved 'Day 1'")
    before = slots.read("Day 1").save

    def half_way(images: Any, directory: Path) -> None:
        (directory / "half.bin").write_bytes(b"\0" * 1024)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(writer_module, "write_memories", half_way)
    for _ in range(5):
        play_frame(living, saver)
    saver.request("Day 1")
    message = until_message(saver, lambda: play_frame(living, saver))
    assert message.startswith("Could not save 'Day 1'") and "No space left" in message
    after = slots.read("Day 1")
    assert after.save == before and not (after.memory_dir / "half.bin").exists()
    assert not living.clock.paused


def test_one_save_at_a_time_the_next_waits_for_the_write(
    make_town: MakeTown, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    living = make_town(TOWN)
    slots = SaveSlots(tmp_path / "saves")
    saver = TownAutosaver(living, slots, 30, town_id=TOWN, settings=SETTINGS)
    release = threading.Event()
    written: list[str] = []
    write_memories = writer_module.write_memories

    def slow(images: Any, directory: Path) -> None:
        assert release.wait(HANG_GUARD_S)
        write_memories(images, directory)
        written.append(directory.parent.name)

    monkeypatch.setattr(writer_module, "write_memories", slow)
    saver.request("first")
    assert play_frame(living, saver) is None
    assert saver.writing and not saver.waiting
    saver.request("second")
    for _ in range(20):  # the autosave falls due too; both wait for the write
        assert play_frame(living, saver) is None
    assert saver.writing and saver.requested == "second" and len(written) == 0
    release.set()
    messages = [until_message(saver, lambda: play_frame(living, saver)) for _ in range(3)]
    assert [m.split(" at ")[0] for m in messages] == [
        "Saved 'first'",
        "Saved 'second'",
        "Autosaved",
    ]
    assert slots.exists("autosave")


def test_a_save_waiting_too_long_for_a_mind_gives_up_with_a_message(
    town: tuple[LivingTown, HeldModel], tmp_path: Path
) -> None:
    living, _ = town
    seconds = [0.0]
    saver = saver_for(
        living, SaveSlots(tmp_path / "saves"), wait_seconds=5, timer=lambda: seconds[0]
    )
    saver.request("patience")
    assert play_frame(living, saver) is None
    seconds[0] = 6.0
    message = play_frame(living, saver)
    assert message == f"Could not save 'patience': {KLAUS} still thinking after 5 s; try again"
    assert not saver.saving and not living.clock.paused
    assert not (tmp_path / "saves" / "patience").exists()


def test_autosaves_come_at_most_every_gap_of_real_time(make_town: MakeTown, tmp_path: Path) -> None:
    """At ×60 an hour of game time passes each real second: the autosave waits for its gap."""
    living = make_town(TOWN)
    seconds = [0.0]
    saver = TownAutosaver(
        living, SaveSlots(tmp_path / "saves"), 30, town_id=TOWN, settings=SETTINGS,
        autosave_gap_seconds=30, timer=lambda: seconds[0],
    )  # fmt: skip
    runner = LockstepRunner(living)
    runner.run_until(living.clock.now + timedelta(minutes=30))
    assert until_message(saver, lambda: saver.tick(living.clock.now)) == "Autosaved at 7:30 am"
    runner.run_until(living.clock.now + timedelta(minutes=30))  # due again in game time ...
    seconds[0] = 10.0
    assert saver.tick(living.clock.now) is None and not saver.saving  # ... not in real time
    seconds[0] = 31.0
    assert until_message(saver, lambda: saver.tick(living.clock.now)) == "Autosaved at 8:00 am"
