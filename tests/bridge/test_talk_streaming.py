"""A turn's lines are shown as a streaming model writes them: in lockstep the town waits
only for the line due now, not the whole turn, and the run is the same as without
streaming (the same lines, positions and memories for the seed)."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

from cognition.llm.partial_answers import beginnings, listener_for
from cognition.llm.profiled_model import ProfiledModel
from cognition.llm.profiles import server_profile
from cognition.llm.task import Completion, LanguageModel, Task
from cognition.testing.streamed import Streamed
from tests.bridge.test_talk_lines import (
    GUARD_S,
    ISABELLA,
    MakeTown,
    at_ten_in_the_cafe,
    run_in_lockstep_past,
    run_of,
    talk_on,
)


class FirstLineThenHeld(Streamed):
    """Writes a turn's first line at once (to a listener), and the rest only once
    `release` is set; other calls as `inner`."""

    def __init__(self, inner: LanguageModel) -> None:
        super().__init__(inner)
        self.release = threading.Event()

    def streamed(
        self, task: Task[Any, Any], inputs: Any, listener: Any, completion: Completion[Any]
    ) -> Completion[Any]:
        for count, partial in enumerate(beginnings(completion.output, listener.field)):
            if count == 1:
                assert self.release.wait(GUARD_S), "the turn was never released"
            listener.hear(partial)
        return completion


def test_a_turn_s_first_line_shows_while_the_rest_of_the_turn_is_written(
    make_town: MakeTown,
) -> None:
    living = at_ten_in_the_cafe(make_town)
    model = FirstLineThenHeld(living.minds[ISABELLA].model)
    playback = talk_on(living, model, lines_per_call=4)
    director, clock = living.director, living.clock
    end = clock.now + timedelta(minutes=30)
    worker = run_in_lockstep_past(living, playback.shows(1), end)
    assert clock.now == playback.shows(1)  # the first line was shown; the second is due
    assert len(playback.lines) == 1 and playback.shown == 1 and not playback.over
    logged = [x for x in director.dialogue.lines() if x.time >= playback.started]
    assert [(x.speaker, x.time) for x in logged] == [(ISABELLA, playback.shows(0))]
    model.release.set()
    worker.join(GUARD_S)
    assert not worker.is_alive() and clock.now == end
    talk = director.talks.last_talk(ISABELLA)
    assert talk is not None and len(talk.lines) >= 2


class CountsListened:
    """`inner`, counting the calls someone listened to line by line."""

    def __init__(self, inner: LanguageModel) -> None:
        self.inner = inner
        self.listened = 0

    @property
    def label(self) -> str:
        return self.inner.label

    def complete(self, task: Task[Any, Any], inputs: Any, *, agent: str) -> Completion[Any]:
        self.listened += listener_for(task) is not None
        return self.inner.complete(task, inputs, agent=agent)


def test_the_same_seed_gives_the_same_run_when_turns_stream(make_town: MakeTown) -> None:
    steady = run_of(make_town, None)
    assert steady["talks"] >= 1 and steady["lines"], "no talk: the test would prove little"
    fast_gpu = server_profile("local-gpu").scaled(0.002)  # lines released as decoded
    counted: list[CountsListened] = []

    def streaming(inner: LanguageModel) -> LanguageModel:
        counted.append(CountsListened(inner))
        return ProfiledModel(counted[-1], fast_gpu)

    assert run_of(make_town, None, wrap=streaming) == steady
    assert sum(model.listened for model in counted) >= 1  # turns were streamed
