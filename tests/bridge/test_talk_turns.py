"""Talk turns in the town: a call says several lines, the town still shows them one game
minute apart, waits on the talk only when the line due has not been said, and a town saved
in the middle of a turn's lines loads and plays the rest at their minutes."""

from __future__ import annotations

import threading
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

from cognition.config import LLMSettings
from cognition.llm.task import Completion, LanguageModel, Source, Task
from cognition.memory.fakes import HashingEmbedder
from cognition.steps.dialogue_turn import DialogueTurn, TurnInput, TurnLine
from cognition.steps.talk_closing import ClosingInput, ClosingTurn
from cognition.steps.talk_opening import OpeningInput, OpeningTurn
from game.bridge.build import TownRecipe
from game.bridge.lockstep import LockstepRunner
from game.bridge.persist.autosave import TownAutosaver
from game.bridge.persist.load import load_saved_town
from game.saves import SaveSlots
from tests.bridge.test_talk_lines import (
    GUARD_S,
    ISABELLA,
    KLAUS,
    MakeTown,
    at_ten_in_the_cafe,
    run_in_lockstep_past,
)
from tests.bridge.test_talk_lines import talk_on as talk_between


class Chatty:
    """A mind's model whose turns never end a talk: "Isabella: line 1", …; a turn after
    the first waits until `release` is set. Every other call goes to `inner`."""

    def __init__(self, inner: LanguageModel) -> None:
        self.inner = inner
        self.turns = 0
        self.release = threading.Event()
        self.release.set()

    @property
    def label(self) -> str:
        return self.inner.label

    def complete(self, task: Task[Any, Any], inputs: Any, *, agent: str) -> Completion[Any]:
        if task.name not in ("dialogue_turn", "talk_opening", "talk_closing"):  # any turn
            return self.inner.complete(task, inputs, agent=agent)
        self.turns += 1
        if self.turns > 1:
            assert self.release.wait(GUARD_S), "the turn was never released"
        assert isinstance(inputs, TurnInput)
        names = [side.name for side in inputs.sides]
        said = [
            TurnLine(speaker=names[n % 2], text=f"line {inputs.turn + n} ({names[n % 2]})")
            for n in range(inputs.lines)
        ]
        if isinstance(inputs, ClosingInput):  # the summary then asked on its own
            return Completion(ClosingTurn(lines=said), Source.MODEL)
        if isinstance(inputs, OpeningInput):  # the views left to the relationship fallback
            return Completion(OpeningTurn(lines=said), Source.MODEL)
        return Completion(DialogueTurn(lines=said), Source.MODEL)


def test_a_turns_lines_show_a_minute_apart_and_the_town_waits_only_past_them(
    make_town: MakeTown,
) -> None:
    living = at_ten_in_the_cafe(make_town)
    chatty = Chatty(living.minds[ISABELLA].model)
    chatty.release.clear()
    playback = talk_between(living, chatty, lines_per_call=4)
    clock = living.clock
    fifth_line_due = playback.shows(4)
    end = clock.now + timedelta(minutes=30)
    worker = run_in_lockstep_past(living, fifth_line_due, end)
    assert clock.now == fifth_line_due  # four lines from one call, shown over four minutes
    assert len(playback.lines) == 4 and chatty.turns == 2
    chatty.release.set()
    worker.join(GUARD_S)
    assert not worker.is_alive() and clock.now == end
    talk = living.director.talks.last_talk(ISABELLA)
    assert talk is not None and [line.text for line in talk.lines] == [
        f"line {n + 1} ({(ISABELLA, KLAUS)[n % 2]})" for n in range(8)
    ]
    logged = [x for x in living.director.dialogue.lines() if x.time >= playback.started]
    for index, line in enumerate(talk.lines):  # each line shown at its own game minute
        assert (logged[index].speaker, logged[index].text) == (line.speaker, line.text)
        assert logged[index].time == playback.shows(index)


def test_a_town_saved_in_the_middle_of_a_turns_lines_plays_the_rest_once_loaded(
    make_town: MakeTown, tmp_path: Path
) -> None:
    living = at_ten_in_the_cafe(make_town)
    playback = talk_between(living, Chatty(living.minds[ISABELLA].model), lines_per_call=4)
    director, clock = living.director, living.clock
    director.wait_for_all()  # the talk's job is over: every line known, few shown
    while clock.now < playback.shows(2):
        living.population.update(clock.now, 0.0)
        clock.advance(1.0)
        living.population.update(clock.now, 1.0)
    assert playback.over and 0 < playback.shown < len(playback.lines) == 8
    slots = SaveSlots(tmp_path / "saves")
    saver = TownAutosaver(living, slots, 0, town_id="the_ville_n3")
    saver.request("turn")
    message, deadline = None, time.monotonic() + GUARD_S
    while message is None and time.monotonic() < deadline:  # the writer writes meanwhile
        message = saver.tick(clock.now)
        time.sleep(0.005)
    assert message is not None and message.startswith("Saved 'turn'")
    (saved,) = slots.read("turn").save.runtime["playing"]
    assert saved["shown"] == playback.shown and saved["line_minutes"] == 1.0

    recipe = TownRecipe(
        town="the_ville_n3", settings=LLMSettings(offline=True), embedder=HashingEmbedder(),
        memory_dir=tmp_path / "loaded",
    )  # fmt: skip
    loaded = load_saved_town("turn", slots, recipe)
    try:
        town = loaded.living
        LockstepRunner(town).run_until(town.clock.now + timedelta(minutes=15))
        logged = [x for x in town.director.dialogue.lines() if x.time >= playback.started]
        said = playback.lines
        assert [(x.speaker, x.text) for x in logged[: len(said)]] == [
            (line.speaker, line.text) for line in said
        ]  # every line once, in order: the shown ones kept, the rest played after loading
        assert [x.time for x in logged[: len(said)]] == [
            playback.shows(n) for n in range(len(said))
        ]
        assert not any(town.director.talks.talking(name) for name in (ISABELLA, KLAUS))
    finally:
        loaded.living.close()
