"""The effective speed: measured over a sliding window of real time (the frames' times are
given, no clock is read), shown beside the chosen speed in the HUD with why it lags."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pygame
import pytest

from game.play.app import App, AppOptions
from game.render.text import PixelText
from game.town.speed_meter import SpeedMeter, SpeedReading
from game.ui.hud import MARGIN, Hud, HudInfo

FRAME = 1 / 64  # exact in binary: windows of whole frames


def run(meter: SpeedMeter, seconds: float, chosen: int, share: float = 1.0, **kw: str) -> None:
    """`seconds` of frames at ×`chosen`, the clock moving `share` of what was asked."""
    for _ in range(round(seconds / FRAME)):
        meter.frame(FRAME, FRAME * chosen * share, chosen, kw.get("cause"))  # type: ignore[arg-type]


def test_a_clock_at_the_chosen_speed_reads_the_chosen_speed() -> None:
    meter = SpeedMeter()
    run(meter, 0.5, 30)
    assert meter.reading(30).label == "×30"  # not measured long enough yet
    run(meter, 4.0, 30)
    reading = meter.reading(30)
    assert reading.effective == pytest.approx(30.0)
    assert reading.label == "×30 · 30.0 game-min/s" and not reading.lagging


def test_the_window_slides_and_names_what_held_the_clock() -> None:
    meter = SpeedMeter(window_seconds=3.0)
    run(meter, 3.0, 30, share=1.0)
    run(meter, 1.5, 30, share=0.2, cause="saving")
    reading = meter.reading(30)
    assert reading.effective == pytest.approx((1.5 * 30 + 1.5 * 6) / 3.0, rel=0.02)
    assert reading.why == "saving" and reading.lagging
    assert reading.label == "×30 · 18.0 game-min/s · saving"
    run(meter, 3.0, 30, share=0.4, cause="minds thinking")  # the saving frames slid out
    assert meter.reading(30).label == "×30 · 12.0 game-min/s · minds thinking"
    run(meter, 3.0, 30)
    assert meter.reading(30).why is None


def test_long_frames_lose_time_and_the_biggest_loss_is_the_reason() -> None:
    meter = SpeedMeter()
    for _ in range(6):  # 0.5 s frames capped at 0.25 s of game time each, minds thinking
        meter.frame(0.5, 0.25 * 30, 30, "minds thinking")
    meter.frame(0.3, 0.25 * 30, 30)  # one long frame with nothing else to blame
    reading = meter.reading(30)
    assert reading.effective == pytest.approx(7 * 0.25 * 30 / 3.3)
    assert reading.why == "minds thinking"  # 45 game minutes lost to it, 1.5 to the other


def test_paused_reads_paused_and_play_again_or_a_new_speed_is_measured_afresh() -> None:
    meter = SpeedMeter()
    run(meter, 4.0, 30)
    run(meter, 2.0, 30, share=0.0, cause="paused")
    assert meter.reading(30, paused=True).label == "×30 · paused"
    run(meter, 0.5, 30)  # resumed: the paused seconds are not held against the clock
    assert meter.reading(30).label == "×30"
    run(meter, 1.0, 30)
    assert meter.reading(30).label == "×30 · 30.0 game-min/s"
    run(meter, 1.5, 5)
    assert meter.reading(5).label == "×5 · 5.0 game-min/s"


def test_nothing_is_measured_from_empty_frames() -> None:
    meter = SpeedMeter()
    meter.frame(0.0, 0.0, 30, "paused")
    assert meter.measured_seconds == 0.0 and meter.effective() is None
    with pytest.raises(ValueError):
        SpeedMeter(window_seconds=0)


# --- the HUD --------------------------------------------------------------------------------


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.init()
    yield pygame.display.set_mode((1280, 720))
    pygame.quit()


LAGGING = SpeedReading(30, 12.4, why="minds thinking")


@pytest.mark.parametrize("size", [(1280, 720), (800, 450), (640, 360)])
def test_the_speed_line_sits_under_the_buttons_clear_of_the_clock_and_banner(
    screen: pygame.Surface, size: tuple[int, int]
) -> None:
    target = pygame.Surface(size)
    hud = Hud(PixelText())
    info = HudInfo(
        now=datetime(2023, 2, 13, 9, 41), speed=30, paused=False, brain="offline brain",
        thinking=12, fps=58.9, usage="412 model calls · 96k tokens · about $0.02",
        banner="Budget reached: the town is paused.", speed_reading=LAGGING,
    )  # fmt: skip
    hud.draw(target, info)
    speed, banner = hud.speed_rect, hud.banner_rect
    assert speed is not None and banner is not None
    assert target.get_rect().contains(speed)
    assert speed.right == size[0] - MARGIN
    assert all(not speed.colliderect(button) for button in hud.buttons.values())
    assert speed.top >= max(button.bottom for button in hud.buttons.values())
    clock = pygame.Rect(MARGIN, MARGIN, hud._layout_for[1] - MARGIN, hud.clock_bottom - MARGIN)
    assert not speed.colliderect(clock) and not banner.colliderect(speed)
    assert not banner.colliderect(clock)
    assert all(not clock.colliderect(button) for button in hud.buttons.values())


def test_no_reading_draws_no_speed_line(screen: pygame.Surface) -> None:
    hud = Hud(PixelText())
    info = HudInfo(now=datetime(2023, 2, 13, 9, 41), speed=1, paused=False, brain="x", thinking=0)
    hud.draw(pygame.Surface((640, 360)), info)
    assert hud.speed_rect is None


# --- the window's loop ------------------------------------------------------------------------


@pytest.fixture
def app(tiny_town: Path) -> Iterator[App]:
    pygame.init()
    yield App.build(AppOptions(map_path=tiny_town, characters=tiny_town.parent, size=(640, 360)))
    pygame.quit()


def test_the_app_measures_what_the_clock_did_against_the_frames_real_time(app: App) -> None:
    app.view.speed.set(30)
    for _ in range(120):
        app.step(FRAME)
    assert app.hud_info().speed_reading == SpeedReading(30, pytest.approx(30.0))
    for _ in range(12):  # frames of half a second, capped at a quarter: half the time is lost
        app.step(0.25, wall_seconds=0.5)
    reading = app.hud_info().speed_reading
    assert reading is not None and reading.effective == pytest.approx(15.0, rel=0.05)
    assert reading.why == "slow frames"  # no minds, no save, no pause: just slow frames
    app.view.speed.toggle_pause()
    app.step(FRAME)
    reading = app.hud_info().speed_reading
    assert reading is not None and reading.label == "×30 · paused"
