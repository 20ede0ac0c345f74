"""Talks take game time and never hold the town: a talk's lines play as they are said, each
due at its game minute; lockstep waits for a line only when it is due, so the rest of the
town steps meanwhile, and the same seed gives the same run however fast the model answers.
A next decision is thought a little ahead of its moment and applied at that moment; in play
a late decision leaves nobody frozen, and the lag is measured."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from cognition.config import LLMSettings
from cognition.contract import Decision, Perception
from cognition.llm.priority import CallPriority, call_priority
from cognition.llm.task import Completion, LanguageModel, Task
from cognition.memory.fakes import HashingEmbedder
from cognition.memory.records import MemoryKind
from game.bridge.build import TownRecipe
from game.bridge.conversations import Playback
from game.bridge.lockstep import LockstepRunner
from game.bridge.persist.autosave import TownAutosaver
from game.bridge.persist.load import load_saved_town
from game.bridge.town_minds import LivingTown
from game.saves import SaveSlots
from game.town.resident import Pose

MakeTown = Callable[..., LivingTown]
ISABELLA, KLAUS, MARIA = "Isabella Rodriguez", "Klaus Mueller", "Maria Lopez"
GUARD_S = 60.0  # never reached unless something hangs (not a speed limit)


TALK_CALLS = ("dialogue_line", "dialogue_turn", "talk_opening")  # a line, or a turn of several


class OnLines:
    """A mind's model that calls `line(number)` before each talk call it makes (one line,
    or a turn of several)."""

    def __init__(self, inner: LanguageModel) -> None:
        self.inner = inner
        self.lines = 0

    @property
    def label(self) -> str:
        return self.inner.label

    def line(self, number: int) -> None:
        """Before talk call `number` (1, 2, …)."""

    def complete(self, task: Task[Any, Any], inputs: Any, *, agent: str) -> Completion[Any]:
        if task.name in TALK_CALLS:
            self.lines += 1
            self.line(self.lines)
        return self.inner.complete(task, inputs, agent=agent)


class HeldLines(OnLines):
    """Talk calls after the first wait until `release` is set."""

    def __init__(self, inner: LanguageModel) -> None:
        super().__init__(inner)
        self.release = threading.Event()

    def line(self, number: int) -> None:
        if number > 1:
            assert self.release.wait(GUARD_S), "the line was never released"


class Jittery:
    """A mind's model that answers after a random pause (its own seed): how fast minds
    answer must not change what the town does."""

    def __init__(self, inner: LanguageModel, seed: int) -> None:
        self.inner = inner
        self.rng = random.Random(seed)
        self.lock = threading.Lock()

    @property
    def label(self) -> str:
        return self.inner.label

    def complete(self, task: Task[Any, Any], inputs: Any, *, agent: str) -> Completion[Any]:
        with self.lock:
            pause = self.rng.random() * 0.004
        time.sleep(pause)
        return self.inner.complete(task, inputs, agent=agent)


def at_ten_in_the_cafe(make_town: MakeTown) -> LivingTown:
    """The 3-resident town at 10 am, once Isabella and Klaus are neither thinking nor
    talking (a talk is then started by hand)."""
    living = make_town()
    runner = LockstepRunner(living)
    runner.run_until(living.clock.now + timedelta(hours=3))
    director = living.director
    while any(director.thinking(n) or director.talks.talking(n) for n in (ISABELLA, KLAUS)):
        runner.step()
    return living


def run_in_lockstep_past(living: LivingTown, due: datetime, end: datetime) -> threading.Thread:
    """Run the town in lockstep until `end` on a thread, and return once its clock has
    reached `due` and stood a moment (had the runner not waited there, the clock would move
    on): the caller checks where it stands, then releases what held it."""
    clock = living.clock
    worker = threading.Thread(target=LockstepRunner(living).run_until, args=(end,), daemon=True)
    worker.start()
    deadline = time.monotonic() + GUARD_S
    while clock.now < due and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.2)
    return worker


def talk_on(living: LivingTown, model: Any, lines_per_call: int = 1) -> Playback:
    """Isabella and Klaus, both thinking on `model` and saying `lines_per_call` lines per
    call, begin a talk now: its playback."""
    for name in (ISABELLA, KLAUS):
        mind = living.minds[name]
        mind.model = model
        mind.settings = mind.settings.model_copy(update={"talk_lines_per_call": lines_per_call})
    director = living.director
    director.slots[ISABELLA].queued = director.start_talk([ISABELLA, KLAUS], living.clock.now)
    playback = director.talks.playback_of(ISABELLA)
    assert playback is not None
    return playback


def test_a_talk_plays_while_it_is_said_and_the_town_steps_until_a_line_is_due(
    make_town: MakeTown,
) -> None:
    living = at_ten_in_the_cafe(make_town)
    held = HeldLines(living.minds[ISABELLA].model)
    playback = talk_on(living, held)
    director, clock = living.director, living.clock
    second_line_due = playback.shows(1)
    end = clock.now + timedelta(minutes=30)
    worker = run_in_lockstep_past(living, second_line_due, end)
    assert clock.now == second_line_due  # game time ran on, the talk thinking, up to its line
    assert [line.speaker for line in playback.lines] == [ISABELLA]
    held.release.set()
    worker.join(GUARD_S)
    assert not worker.is_alive() and clock.now == end
    talk = director.talks.last_talk(ISABELLA)
    assert talk is not None and len(talk.lines) >= 2
    logged = [x for x in director.dialogue.lines() if x.time >= playback.started]
    for index, line in enumerate(talk.lines):  # each line shown at its own game minute
        assert (logged[index].speaker, logged[index].text) == (line.speaker, line.text)
        assert logged[index].time == playback.shows(index)


def run_of(
    make_town: MakeTown,
    jitter_seed: int | None,
    wrap: Callable[[LanguageModel], LanguageModel] | None = None,
) -> dict[str, Any]:
    """Four hours of the town in lockstep, each mind's model jittered (with a seed) or
    wrapped (`wrap`), if asked: what the town did."""
    living = make_town()
    for offset, mind in enumerate(living.minds.values()):
        if jitter_seed is not None:
            mind.model = Jittery(mind.model, jitter_seed + offset)
        if wrap is not None:
            mind.model = wrap(mind.model)
    LockstepRunner(living).run_until(living.clock.now + timedelta(hours=4))
    return {
        "lines": [(x.time, x.speaker, x.text) for x in living.director.dialogue.lines()],
        "tiles": {r.name: r.tile for r in living.population},
        "memories": {
            name: [(r.created, r.text) for r in mind.memory.all()]  # type: ignore[attr-defined]
            for name, mind in living.minds.items()
        },
        "talks": living.director.stats.conversations,
    }


def test_the_same_seed_gives_the_same_run_however_fast_minds_answer(
    make_town: MakeTown,
) -> None:
    steady = run_of(make_town, None)
    assert steady["talks"] >= 1 and steady["lines"], "no talk: the test would prove little"
    assert run_of(make_town, 1) == steady
    assert run_of(make_town, 2) == steady


def test_a_decision_is_thought_ahead_and_applies_at_its_moment(make_town: MakeTown) -> None:
    living = make_town(think_ahead_minutes=3.0)
    director = living.director
    submit, asked = director.submit_decision, []

    def noted(resident: Any, slot: Any, now: Any, at: Any = None) -> None:
        if resident.name == MARIA:
            asked.append((at or now, now))
        submit(resident, slot, now, at)

    director.submit_decision = noted  # type: ignore[method-assign]
    LockstepRunner(living).run_until(living.clock.now + timedelta(hours=2))
    ahead = [(moment, asked_at) for moment, asked_at in asked if moment > asked_at]
    assert ahead, "no decision was thought ahead"
    assert all(moment - at <= timedelta(minutes=3) for moment, at in ahead)
    waits = living.director.stats.decision_waits[MARIA]
    assert waits and max(waits) == 0.0  # lockstep: each applied at its moment


def test_a_decision_thought_ahead_waits_behind_those_due_now(make_town: MakeTown) -> None:
    """Its calls go at the lowest priority, so a decision due now (or a talk's line) is
    served first; a decision due now keeps the decisions' priority."""
    living = make_town(think_ahead_minutes=3.0)
    director, mind = living.director, living.minds[MARIA]
    submit, decide = director.submit_decision, mind.decide
    ahead: dict[Any, bool] = {}  # the moment decided for: thought ahead of it or not
    priorities: dict[Any, CallPriority] = {}

    def noted(resident: Any, slot: Any, now: Any, at: Any = None) -> None:
        if resident.name == MARIA:
            ahead[at or now] = (at or now) > now
        submit(resident, slot, now, at)

    def noting(perception: Perception) -> Decision:
        priorities[perception.time] = call_priority()
        return decide(perception)

    director.submit_decision = noted  # type: ignore[method-assign]
    mind.decide = noting  # type: ignore[method-assign]
    LockstepRunner(living).run_until(living.clock.now + timedelta(hours=2))
    seen = {moment: priorities[moment] for moment in ahead if moment in priorities}
    early = {seen[m] for m in seen if ahead[m]}
    due = {seen[m] for m in seen if not ahead[m]}
    assert early == {CallPriority.BACKGROUND} and due == {CallPriority.DECISION}


def test_in_play_a_late_decision_leaves_nobody_frozen_and_the_lag_shows(
    make_town: MakeTown,
) -> None:
    living = at_ten_in_the_cafe(make_town)
    director, clock, population = living.director, living.clock, living.population
    director.wait_for_all()
    release = threading.Event()
    mind = living.minds[KLAUS]
    think = mind.decide

    def slow(perception: Perception) -> Decision:
        assert release.wait(GUARD_S)
        return think(perception)

    mind.decide = slow  # type: ignore[method-assign]
    klaus = population.get(KLAUS)
    assert klaus is not None
    # Klaus has just talked: his activity is a talk's, and his next decision is due now
    klaus.activity = director.planner.stay(klaus, "listening to Maria", "💬", Pose.TALK, clock.now)
    director.slots[KLAUS].due = clock.now
    population.update(clock.now, 0.0)  # play: nothing waits for a mind
    assert director.jobs.is_busy(KLAUS)
    for _ in range(3):
        clock.advance(1.0)
        population.update(clock.now, 1.0)
    assert director.minds_lag(clock.now) >= 3
    assert klaus.activity is not None and klaus.activity.pose is not Pose.TALK  # the routine
    release.set()
    director.wait_for_all()
    population.update(clock.now, 0.0)
    assert director.stats.decision_waits[KLAUS][-1] >= 3  # measured: it came 3 minutes late
    assert director.minds_lag(clock.now) == 0.0


class FallsOver(OnLines):
    """The third talk call fails (the server went away mid-talk)."""

    def line(self, number: int) -> None:
        if number == 3:
            raise ConnectionError("the server went away")


def test_a_talk_whose_server_fails_mid_way_ends_and_the_town_goes_on(
    make_town: MakeTown,
) -> None:
    living = at_ten_in_the_cafe(make_town)
    playback = talk_on(living, FallsOver(living.minds[ISABELLA].model))
    director, clock = living.director, living.clock
    errors = director.stats.errors
    LockstepRunner(living).run_until(clock.now + timedelta(minutes=30))
    assert director.stats.errors == errors + 1 and "went away" in director.stats.last_error
    shown = [x.text for x in director.dialogue.lines() if x.time >= playback.started]
    assert shown[:2] == [line.text for line in playback.lines[:2]]  # what was said stays said
    for name in (ISABELLA, KLAUS):  # free again: back to their days
        assert not director.talks.talking(name)
        resident = living.population.get(name)
        assert resident is not None and resident.activity is not None
        assert resident.activity.pose is not Pose.TALK
    lead = timedelta(minutes=director.talks.first_line_after * director.talks.line_minutes)
    assert director.stats.decisions > 0 and clock.now == playback.started - lead + timedelta(
        minutes=30
    )


def test_a_town_saved_while_a_talk_is_said_loads_and_the_talk_ends_cleanly(
    make_town: MakeTown, tmp_path: Path
) -> None:
    """The window's save does not hold the clock: it reads the talkers once their talk's
    job is over. The loaded town has the talk kept (memories, the outcome), plays it, and
    its two residents go back to their days."""
    living = at_ten_in_the_cafe(make_town)
    held = HeldLines(living.minds[ISABELLA].model)
    talk_on(living, held)
    clock = living.clock
    slots = SaveSlots(tmp_path / "saves")
    saver = TownAutosaver(living, slots, 0, town_id="the_ville_n3")
    saver.request("talking")
    assert saver.tick(clock.now) is None and saver.waiting  # the talkers are still talking
    held.release.set()
    deadline = time.monotonic() + GUARD_S
    message = None
    while message is None and time.monotonic() < deadline:
        message = saver.tick(clock.now)
        clock.advance(1.0)
        living.population.update(clock.now, 1.0)
        time.sleep(0.005)
    assert message is not None and message.startswith("Saved 'talking'")
    runtime = slots.read("talking").save.runtime
    assert {ISABELLA, KLAUS} <= set(runtime["reserved"])
    assert any(o["kind"] == "conversed" for o in runtime["residents"][ISABELLA]["ready"])

    recipe = TownRecipe(
        town="the_ville_n3", settings=LLMSettings(offline=True), embedder=HashingEmbedder(),
        memory_dir=tmp_path / "loaded",
    )  # fmt: skip
    loaded = load_saved_town("talking", slots, recipe)
    try:
        town = loaded.living
        kept = [r.text for r in town.minds[KLAUS].memory.all(MemoryKind.DIALOGUE)]
        assert any(t.startswith(f"Conversation with {ISABELLA}:") for t in kept)
        LockstepRunner(town).run_until(town.clock.now + timedelta(minutes=40))
        for name in (ISABELLA, KLAUS):
            assert not town.director.talks.talking(name)
        assert town.director.stats.conversations >= 1
    finally:
        loaded.living.close()
