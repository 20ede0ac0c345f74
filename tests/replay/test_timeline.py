"""The timeline bar (`game.ui.timeline`) and the replay's input handler
(`game.ui.input.replay`): where time lies along the track, which commands clicks, drags and
keys answer, and the town's handler still working underneath."""

from __future__ import annotations

from datetime import datetime, timedelta

import pygame
import pytest

from game.render.camera import Camera
from game.render.text import PixelText
from game.replay.playback import PlaybackSpeed
from game.ui.input.commands import HoldDirection, PanBy, SetSpeed
from game.ui.input.replay import ChangeSpeed, JumpToMark, ReplayHandler, SeekEdge, SeekTo
from game.ui.timeline import MARK_KINDS, TimelineBar, TimelineMark, format_replay_time
from game.ui.view_state import ViewState
from game.world.clock import GameClock

START = datetime(2023, 2, 13, 7, 0)
END = START + timedelta(hours=6)


@pytest.fixture
def bar(display: pygame.Surface) -> TimelineBar:
    marks = [
        TimelineMark(START + timedelta(hours=1), "conversation", "Klaus and Maria: 🎉 the party"),
        TimelineMark(START + timedelta(hours=3), "reflection", "Klaus values honesty"),
    ]
    timeline = TimelineBar(PixelText(), START, END, marks)
    timeline.draw(display)
    return timeline


def press(bar: TimelineBar, kind: int, point: tuple[int, int]) -> bool:
    return bar.handle(pygame.event.Event(kind, pos=point, button=1, rel=(0, 0), buttons=(1, 0, 0)))


def test_the_track_runs_from_the_first_to_the_last_moment(bar: TimelineBar) -> None:
    track = bar.track
    assert bar.rect.bottom == 720 and track.width > 1200
    assert bar.time_at(track.x) == START and bar.time_at(track.right - 1) == END
    assert bar.time_at(-50) == START and bar.time_at(5000) == END
    middle = START + timedelta(hours=3)
    assert abs(bar.time_at(bar.x_of(middle)) - middle) < timedelta(minutes=1)


def test_hovering_near_a_tick_finds_its_mark(bar: TimelineBar) -> None:
    x = bar.x_of(START + timedelta(hours=1))
    found = bar.mark_near(x + 2)
    assert found is not None and found.kind == "conversation"
    assert bar.mark_near(bar.x_of(START + timedelta(hours=2))) is None


def test_a_drag_along_the_track_is_one_seek_a_frame(bar: TimelineBar) -> None:
    y = bar.track.centery
    assert press(bar, pygame.MOUSEBUTTONDOWN, (bar.track.x + 100, y))
    assert bar.dragging
    assert press(bar, pygame.MOUSEMOTION, (bar.track.x + 200, y))
    assert press(bar, pygame.MOUSEMOTION, (bar.track.x + 300, 100))  # off the bar: still seeks
    assert bar.take_commands() == [SeekTo(bar.time_at(bar.track.x + 300))]
    assert bar.take_commands() == []
    assert press(bar, pygame.MOUSEBUTTONUP, (bar.track.x + 400, 100))
    assert not bar.dragging
    assert bar.take_commands() == [SeekTo(bar.time_at(bar.track.x + 400))]
    assert not press(bar, pygame.MOUSEMOTION, (50, 50))  # hovering the town is the town's


def test_the_buttons_answer_the_replays_commands(bar: TimelineBar) -> None:
    for button in bar.buttons:
        assert press(bar, pygame.MOUSEBUTTONDOWN, button.rect.center)
    commands = bar.take_commands()
    assert commands[:4] == [SetSpeed(None), ChangeSpeed(False), SetSpeed(1), ChangeSpeed(True)]
    jumps = [c for c in commands if isinstance(c, JumpToMark)]
    assert {(c.kind, c.forward) for c in jumps} == {
        (kind, way) for kind in MARK_KINDS for way in (True, False)
    }


def test_the_time_reads_with_seconds() -> None:
    assert format_replay_time(START.replace(hour=15, second=7)) == "Mon Feb 13 · 3:00:07 pm"


def test_the_replay_handler_has_its_keys_and_the_towns(display: pygame.Surface) -> None:
    view = ViewState(Camera(1000, 1000), PlaybackSpeed(GameClock(), END))
    handler = ReplayHandler(view)

    def key(code: int) -> object:
        return handler.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))

    assert key(pygame.K_PERIOD) == JumpToMark(None, forward=True)
    assert key(pygame.K_COMMA) == JumpToMark(None, forward=False)
    assert key(pygame.K_9) == SetSpeed(1000)
    assert key(pygame.K_HOME) == SeekEdge("start")
    assert key(pygame.K_SPACE) == SetSpeed(None)  # the town's: pause / play
    assert key(pygame.K_a) == HoldDirection((-1, 0), held=True)
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=1)
    assert handler.handle(down) is None  # a drag may begin: the town's handler holds it
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(130, 100), rel=(30, 0), buttons=(1, 0, 0))
    assert handler.handle(motion) == PanBy(-30, 0, stop_following=True)
