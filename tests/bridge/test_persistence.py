"""Saving and loading living towns: exact round trips, determinism after loading, safety."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cognition.config import LLMSettings
from cognition.memory.fakes import HashingEmbedder
from game.bridge.build import OpenedTown, TownRecipe, new_town
from game.bridge.headless.report import TownRecorder, run_report
from game.bridge.lockstep import LockstepRunner
from game.bridge.persist.autosave import TownAutosaver
from game.bridge.persist.load import load_saved_town
from game.bridge.persist.save import save_town, settle, snapshot, town_settings
from game.bridge.town_minds import LivingTown
from game.saves import SaveError, SaveSlots, TownSave, VisitorSave

TOWN = "the_ville_n3"
MakeTown = Callable[..., LivingTown]
SETTINGS = town_settings(LLMSettings(offline=True), seed=0)
SAVED_AT = datetime(2024, 5, 1, 12, 0).astimezone()


def recipe(memory_dir: Path) -> TownRecipe:
    return TownRecipe(
        town=TOWN,
        settings=LLMSettings(offline=True, max_concurrency=8),
        embedder=HashingEmbedder(),
        memory_dir=memory_dir,
    )


def state_of(living: LivingTown, walk: float = 0.0) -> dict[str, Any]:
    """The town's save as JSON, without the moment it was taken."""
    save = snapshot(
        living, town_id=TOWN, settings=SETTINGS, saved_at=SAVED_AT, pending_walk_minutes=walk
    )
    return save.model_dump(mode="json", exclude={"saved_at"})


def assert_same_memories(first: LivingTown, second: LivingTown) -> None:
    assert first.minds.keys() == second.minds.keys()
    for name, mind in first.minds.items():
        ours = mind.memory.export_records()  # type: ignore[attr-defined]
        theirs = second.minds[name].memory.export_records()  # type: ignore[attr-defined]
        assert ours, f"{name} remembers nothing: the test would prove little"
        assert [item.record for item in ours] == [item.record for item in theirs]
        for mine, copy in zip(ours, theirs, strict=True):
            np.testing.assert_array_equal(mine.embedding, copy.embedding)


def continue_for_an_hour(
    living: LivingTown, runner: LockstepRunner
) -> tuple[TownRecorder, dict[str, Any]]:
    calls_before = living.stack.meter.snapshot().total.calls
    recorder = TownRecorder()
    runner.run_until(living.clock.now + timedelta(hours=1), recorder)
    report = run_report(living, 1.0, 0.0, recorder)
    report["calls_this_hour"] = living.stack.meter.snapshot().total.calls - calls_before
    cumulative = ("llm_calls", "llm_calls_per_agent_day", "tokens_per_agent_day")
    by_step = ("calls_by_step_per_agent_day", "tokens_by_step_per_agent_day")
    for key in ("wall_s", *cumulative, *by_step):
        report.pop(key)  # the meter counts since the town was built, not since the save
    return recorder, report


def someone_walking(living: LivingTown) -> bool:
    return any(resident.path for resident in living.population)


def a_conversation_playing(living: LivingTown) -> bool:
    return any(living.director.talks.talking(name) for name in living.minds)


@pytest.mark.parametrize("moment", [someone_walking, a_conversation_playing])
def test_a_saved_town_loads_back_exactly_and_carries_on_the_same(
    make_town: MakeTown, tmp_path: Path, moment: Callable[[LivingTown], bool]
) -> None:
    """Saved at the first moment (after 3 game minutes) that shows `moment`."""
    original = make_town(TOWN)
    runner = LockstepRunner(original)
    runner.run_until(original.clock.now + timedelta(minutes=3))
    give_up = original.clock.now + timedelta(hours=6)
    while not moment(original) and original.clock.now < give_up:
        runner.step()
    assert moment(original), f"no moment with {moment.__name__} in six game hours"
    settle(original)  # a talk's job may still be saying lines due later: a save waits for it
    saved = state_of(original, runner.pending_walk_minutes)
    slots = SaveSlots(tmp_path / "saves")
    save_town(
        original,
        slots,
        "Round trip",
        town_id=TOWN,
        settings=SETTINGS,
        pending_walk_minutes=runner.pending_walk_minutes,
    )

    loaded = load_saved_town("Round trip", slots, recipe(tmp_path / "loaded"))
    try:
        assert loaded.warnings == ()
        assert loaded.town_id == TOWN and loaded.visitor is None
        assert state_of(loaded.living, loaded.pending_walk_minutes) == saved
        on_disk = slots.read("Round trip").save.model_dump(mode="json", exclude={"saved_at"})
        assert on_disk == saved
        assert_same_memories(original, loaded.living)
        for name, mind in original.minds.items():  # the minds' own randomness too
            assert loaded.living.minds[name].rng.getstate() == mind.rng.getstate()

        again = LockstepRunner(loaded.living, 1.0, loaded.pending_walk_minutes)
        first_trail, first_report = continue_for_an_hour(original, runner)
        second_trail, second_report = continue_for_an_hour(loaded.living, again)
        assert second_report == first_report
        assert second_trail.trail == first_trail.trail
        assert state_of(loaded.living, again.pending_walk_minutes) == state_of(
            original, runner.pending_walk_minutes
        )
        assert_same_memories(original, loaded.living)
    finally:
        loaded.living.close()


def test_a_save_waits_for_thinking_minds_and_keeps_what_they_decided(
    make_town: MakeTown, tmp_path: Path
) -> None:
    """As in the window: jobs in flight when the player saves. The save waits for them and
    keeps their outcomes, which the loaded town applies as the original does."""
    original = make_town(TOWN)
    original.population.update(original.clock.now, 0.0)  # every resident starts thinking
    assert original.director.in_flight
    with pytest.raises(SaveError, match="still thinking"):
        snapshot(original, town_id=TOWN)
    slots = SaveSlots(tmp_path / "saves")
    save_town(original, slots, "busy", town_id=TOWN, settings=SETTINGS)
    runtime = slots.read("busy").save.runtime
    assert any(state["ready"] for state in runtime["residents"].values())

    loaded = load_saved_town("busy", slots, recipe(tmp_path / "loaded"))
    try:
        assert state_of(loaded.living) == state_of(original)
        first, second = LockstepRunner(original), LockstepRunner(loaded.living)
        first_trail, first_report = continue_for_an_hour(original, first)
        second_trail, second_report = continue_for_an_hour(loaded.living, second)
        assert second_trail.trail == first_trail.trail and second_report == first_report
    finally:
        loaded.living.close()


def test_a_failing_memory_copy_leaves_the_old_save_loadable(
    make_town: MakeTown, tmp_path: Path
) -> None:
    living = make_town(TOWN)
    runner = LockstepRunner(living)
    runner.run_until(living.clock.now + timedelta(minutes=30))
    slots = SaveSlots(tmp_path / "saves")
    save_town(living, slots, "slot", town_id=TOWN, settings=SETTINGS)
    good = state_of(living)
    runner.run_until(living.clock.now + timedelta(minutes=30))

    def broken_copy(directory: Path) -> None:
        (directory / "half-written").write_text("x", encoding="utf-8")
        raise OSError("disk full")

    living.store.copy_to = broken_copy  # type: ignore[method-assign]
    with pytest.raises(SaveError, match="disk full"):
        save_town(living, slots, "slot", town_id=TOWN, settings=SETTINGS)
    assert [path.name for path in slots.root.iterdir()] == ["slot"]
    loaded = load_saved_town("slot", slots, recipe(tmp_path / "loaded"))
    try:
        assert state_of(loaded.living) == good
    finally:
        loaded.living.close()


def saved_town(make_town: MakeTown, slots: SaveSlots, visitor: VisitorSave | None = None) -> None:
    living = make_town(TOWN)
    LockstepRunner(living).run_until(living.clock.now + timedelta(minutes=20))
    save_town(living, slots, "town", town_id=TOWN, visitor=visitor, settings=SETTINGS)


def rewrite(slots: SaveSlots, change: Any) -> None:
    path = slots.path("town") / "town.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_strangers_a_changed_map_and_a_lost_visitor_are_warnings(
    make_town: MakeTown, tmp_path: Path
) -> None:
    slots = SaveSlots(tmp_path / "saves")
    saved_town(make_town, slots, VisitorSave(name="Ada", tile=(60, 40)))

    def change(data: dict[str, Any]) -> None:
        data["map"]["sha256"] = "0" * 64
        stranger = dict(data["residents"][0], name="Tom Moreno")
        data["residents"].append(stranger)
        data["residents"] = [r for r in data["residents"] if r["name"] != "Maria Lopez"]
        isabella = next(r for r in data["residents"] if r["name"] == "Isabella Rodriguez")
        isabella["tile"] = [500, 500]  # beyond this map
        data["visitor"]["controls"] = "Tom Moreno"

    rewrite(slots, change)
    loaded = load_saved_town("town", slots, recipe(tmp_path / "loaded"))
    try:
        text = "\n".join(loaded.warnings)
        assert "has changed since this town was saved" in text
        assert "Tom Moreno is in the save but does not live in this town" in text
        assert "Maria Lopez lives in this town but not in the save" in text
        assert "Isabella Rodriguez stood where this map has no floor" in text
        assert "The visitor took over Tom Moreno, who is not in this town" in text
        assert loaded.visitor == VisitorSave(name="Ada", tile=(60, 40), controls="visitor")
    finally:
        loaded.living.close()


def test_a_save_remembering_with_another_embedder_is_refused(
    make_town: MakeTown, tmp_path: Path
) -> None:
    slots = SaveSlots(tmp_path / "saves")
    saved_town(make_town, slots)
    other = replace(recipe(tmp_path / "loaded"), embedder=HashingEmbedder(name="another-model"))
    with pytest.raises(SaveError, match=r"'hashing-fake' embedder.*'another-model'"):
        load_saved_town("town", slots, other)
    rewrite(slots, lambda data: data["settings"].pop("embedder"))  # the store still knows
    with pytest.raises(SaveError, match="embedded with"):
        load_saved_town("town", slots, replace(other, memory_dir=tmp_path / "copy"))


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data["runtime"].update(residents={"Klaus Mueller": {"path": "north"}}),
        lambda data: data["residents"][0].update(mind={"plan": "not a plan"}),
        lambda data: data.update(town="atlantis"),
        lambda data: data["clock"].update(now="yesterday"),
    ],
    ids=["runtime", "mind", "unknown town", "clock"],
)
def test_a_damaged_part_of_a_valid_file_is_a_save_error(
    make_town: MakeTown, tmp_path: Path, damage: Any
) -> None:
    slots = SaveSlots(tmp_path / "saves")
    saved_town(make_town, slots)
    rewrite(slots, damage)
    with pytest.raises(SaveError, match="'town'"):
        load_saved_town("town", slots, recipe(tmp_path / "loaded"))


def until_message(saver: TownAutosaver, now: datetime) -> str:
    """Tick until the saver says how a save went (the write runs on a worker thread)."""
    for _ in range(12000):
        message = saver.tick(now)
        if message is not None:
            return message
        time.sleep(0.005)
    raise AssertionError("the saver never said how the save went")


def test_the_autosaver_saves_when_due_without_holding_the_clock_and_never_raises(
    make_town: MakeTown, tmp_path: Path
) -> None:
    living = make_town(TOWN)
    slots = SaveSlots(tmp_path / "saves")
    visitor = VisitorSave(name="Ada", tile=(60, 40))
    saver = TownAutosaver(living, slots, 30, lambda: visitor, town_id=TOWN, settings=SETTINGS)
    runner = LockstepRunner(living)
    start = living.clock.now
    assert saver.tick(start) is None
    runner.run_until(start + timedelta(minutes=30))
    assert until_message(saver, living.clock.now) == "Autosaved at 7:30 am"
    assert slots.read("autosave").save.visitor == visitor
    assert saver.tick(living.clock.now) is None  # not due again yet

    living.population.update(living.clock.now, 0.0)  # minds thinking, as in the window
    saver.request("Day 1")
    assert saver.tick(living.clock.now) is None
    assert not living.clock.paused  # the clock never waits for a save
    living.director.wait_for_all()
    assert until_message(saver, living.clock.now) == "Saved 'Day 1' at 7:30 am"
    assert not living.clock.paused and not saver.saving
    assert slots.read("Day 1").save.game_time == living.clock.now

    broken = SaveSlots(tmp_path / "a file")
    (tmp_path / "a file").write_text("not a folder", encoding="utf-8")
    saver = TownAutosaver(living, broken, 30, town_id=TOWN)
    saver.request("Day 2")
    message = until_message(saver, living.clock.now)
    assert message.startswith("Could not save 'Day 2'")
    saver.request("no/slashes")
    assert "cannot name a save" in (saver.tick(living.clock.now) or "")


def test_a_fresh_town_opens_without_a_slot(tmp_path: Path) -> None:
    composed = new_town(recipe(tmp_path / "fresh"))
    try:
        assert isinstance(composed, OpenedTown)
        assert composed.town_id == TOWN
        assert composed.slot is None and composed.warnings == ()
        assert isinstance(snapshot(composed.living, town_id=composed.town_id), TownSave)
    finally:
        composed.living.close()


def test_a_meeting_called_and_the_group_counts_are_saved_and_loaded(
    make_town: MakeTown, tmp_path: Path
) -> None:
    original = make_town(TOWN)
    LockstepRunner(original).run_until(original.clock.now + timedelta(minutes=30))
    now = original.clock.now
    question = "Should the library open on Sundays?"
    original.director.meetings.call(
        "Isabella Rodriguez", "Hobbs Cafe", now + timedelta(hours=3), 60, question, now
    )
    original.director.stats.groups, original.director.stats.largest_group = 2, 4
    LockstepRunner(original).run_until(now + timedelta(minutes=5))
    slots = SaveSlots(tmp_path / "saves")
    save_town(original, slots, "meeting", town_id=TOWN, settings=SETTINGS)
    loaded = load_saved_town("meeting", slots, recipe(tmp_path / "loaded"))
    try:
        [meeting] = loaded.living.director.meetings.meetings
        assert (meeting.host, meeting.topic, meeting.state) == (
            "Isabella Rodriguez",
            question,
            "called",
        )
        assert meeting.starts == now + timedelta(hours=3)
        stats = loaded.living.director.stats
        assert (stats.groups, stats.largest_group) == (2, 4)
        assert state_of(loaded.living) == state_of(original)
    finally:
        loaded.living.close()
