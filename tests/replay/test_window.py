"""The replay window (headless): clicking a resident opens the inspector as of the replay's
moment; the timeline's clicks, drags and buttons and the keys move in time; the log and the
inspector follow the time; the timeline stays when panels close."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pygame
import pytest
from replay_records import RecordedRun

from game.records import LineRow, RunRecord
from game.replay import open_replay
from game.replay.app import ReplayApp, ReplayOptions
from game.ui.inspector import InspectorPanel

ISABELLA = "Isabella Rodriguez"


@pytest.fixture
def app(recorded_run: RecordedRun, display: pygame.Surface) -> Iterator[ReplayApp]:
    record = RunRecord.open(recorded_run.path)
    replay = ReplayApp(open_replay(record), ReplayOptions(playing=False))
    replay.step(0.0, [])
    yield replay
    replay.close()


def click(app: ReplayApp, point: tuple[int, int]) -> None:
    app.step(0.0, [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1),
    ])  # fmt: skip


def key(app: ReplayApp, code: int) -> None:
    app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")])


def on_screen(app: ReplayApp, name: str) -> tuple[int, int]:
    for resident, rect in app.scene.placed:
        if resident.name == name:
            return rect.center
    raise AssertionError(f"{name} is not on screen")


def test_clicking_a_resident_opens_the_inspector_at_the_replays_moment(app: ReplayApp) -> None:
    moment = app.start + timedelta(minutes=75)
    app.seek(moment)
    app.view.selected = ISABELLA  # the camera follows her
    app.step(0.0, [])
    click(app, on_screen(app, ISABELLA))
    inspector = app.panels.find(InspectorPanel)
    assert isinstance(inspector, InspectorPanel) and inspector.resident == ISABELLA
    card = inspector.context.card
    row = app.record.positions_at(moment)[ISABELLA]
    assert card is not None and row.activity in card.action
    later = app.end - timedelta(minutes=5)
    app.seek(later)
    inspector.poll_card()
    later_row = app.record.positions_at(later)[ISABELLA]
    assert inspector.context.card is not None
    assert later_row.activity in inspector.context.card.action  # the inspector follows t
    key(app, pygame.K_ESCAPE)
    assert app.panels.find(InspectorPanel) is None
    key(app, pygame.K_ESCAPE)
    assert app.timeline in list(app.panels)  # the bar never closes


def test_space_plays_and_pauses_and_playing_moves_the_town(app: ReplayApp) -> None:
    assert app.view.speed.paused
    key(app, pygame.K_SPACE)
    assert not app.view.speed.paused
    key(app, pygame.K_6)  # ×30: half a game minute a frame at 60 frames a second
    before = app.clock.now
    for _ in range(120):
        app.step(1 / 60, [])
    assert app.clock.now - before == timedelta(minutes=60)
    fresh = ReplayApp(open_replay(RunRecord.open(app.record.path)), ReplayOptions(playing=False))
    fresh.seek(app.clock.now)
    assert {r.name: r.position for r in fresh.town.population} == {
        r.name: r.position for r in app.town.population
    }
    fresh.close()
    key(app, pygame.K_SPACE)
    stopped = app.clock.now
    app.step(1.0, [])
    assert app.clock.now == stopped


def test_the_timeline_seeks_where_it_is_clicked_and_dragged(app: ReplayApp) -> None:
    bar = app.timeline
    track = bar.track
    middle = (track.centerx, track.centery)
    click(app, middle)
    assert abs(app.clock.now - bar.time_at(middle[0])) < timedelta(seconds=1)
    start_x, end_x = track.x + track.width // 4, track.x + 3 * track.width // 4
    app.step(0.0, [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(start_x, track.centery), button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=(end_x - 40, track.centery), rel=(1, 0),
                           buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEMOTION, pos=(end_x, track.centery), rel=(1, 0),
                           buttons=(1, 0, 0)),
    ])  # fmt: skip
    assert abs(app.clock.now - bar.time_at(end_x)) < timedelta(seconds=1)
    assert app.view.selected is None  # the drag never reached the map
    app.step(0.0, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(track.x, 5), button=1)])
    assert app.clock.now == app.start
    assert not bar.dragging


def test_mark_keys_and_buttons_jump_to_the_marks(app: ReplayApp) -> None:
    marks = app.record.marks()
    assert marks
    app.seek(app.start)
    key(app, pygame.K_PERIOD)
    assert app.clock.now == app.record.next_mark(app.start).time  # type: ignore[union-attr]
    conversation = app.record.marks(frozenset({"conversation"}))[0]
    app.seek(app.start)
    forward = next(
        b for b in app.timeline.buttons
        if b.icon == "forward" and getattr(b.command, "kind", None) == "conversation"
    )  # fmt: skip
    click(app, forward.rect.center)
    assert app.clock.now == conversation.time
    key(app, pygame.K_COMMA)
    assert app.clock.now < conversation.time
    back = next(
        b for b in app.timeline.buttons
        if b.icon == "back" and getattr(b.command, "kind", None) == "conversation"
    )  # fmt: skip
    app.seek(app.start)
    click(app, back.rect.center)
    assert app.clock.now == app.start  # nothing before: a toast says so
    assert any("No conversation before" in toast.message for toast in app.toasts.toasts)


def test_the_log_shows_the_last_lines_up_to_the_moment(app: ReplayApp) -> None:
    start, end = app.record.span()
    lines = app.record.lines_between(start, end)
    assert lines
    spoken = lines[len(lines) // 2]
    app.seek(spoken.time)
    shown = app.hud_info().dialogue
    assert [line.text for line in shown] == [
        line.text for line in app.record.last_lines(spoken.time, 6)
    ]
    assert app.spoken.speaking()[spoken.speaker] == lines_said_last(lines, spoken)
    app.seek(spoken.time - timedelta(seconds=1))
    earlier = app.record.last_lines(spoken.time - timedelta(seconds=1), 6)
    assert [line.text for line in app.hud_info().dialogue] == [line.text for line in earlier]


def lines_said_last(lines: list[LineRow], spoken: LineRow) -> str:
    """What `spoken.speaker` said last, up to `spoken.time`."""
    said = [x for x in lines if x.time <= spoken.time and x.speaker == spoken.speaker]
    return said[-1].text
