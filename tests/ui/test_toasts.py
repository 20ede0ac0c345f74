"""Toasts: fade in and out, at most four, repeats refresh instead of stacking, drawing."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.render.text import PixelText
from game.ui.toasts import MOST_SHOWN, Toasts


@pytest.fixture
def toasts() -> Iterator[Toasts]:
    pygame.init()
    pygame.display.set_mode((320, 240))
    yield Toasts(PixelText())
    pygame.quit()


def test_a_toast_fades_in_stays_and_fades_out(toasts: Toasts) -> None:
    toasts.show("Autosaved", seconds=4)
    toasts.update(0.05)
    (toast,) = toasts.shown()
    assert 0 < toast.alpha < 255  # fading in
    toasts.update(1.0)
    assert toast.alpha == 255
    toasts.update(2.6)  # 3.65 s of 4
    assert 0 < toast.alpha < 255  # fading out
    toasts.update(0.4)
    assert toasts.shown() == []


def test_at_most_four_the_newest(toasts: Toasts) -> None:
    for number in range(6):
        toasts.show(f"message {number}")
    assert len(toasts.shown()) == MOST_SHOWN == 4
    assert [t.message for t in toasts.shown()] == [f"message {n}" for n in range(2, 6)]


def test_a_repeat_refreshes_instead_of_stacking(toasts: Toasts) -> None:
    toasts.show("Autosaved")
    toasts.update(3.5)
    toasts.show("Autosaved")
    toasts.update(3.0)
    assert [t.message for t in toasts.shown()] == ["Autosaved"]


def test_kinds_and_blank_messages(toasts: Toasts) -> None:
    toasts.show("   ")
    toasts.show("Could not save", "error")
    toasts.show("The stove is now burning", "good")
    toasts.show("odd", "shout")
    assert [(t.message, t.kind) for t in toasts.shown()] == [
        ("Could not save", "error"),
        ("The stove is now burning", "good"),
        ("odd", "info"),
    ]


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (200, 150)])
def test_draws_at_the_top_centre(toasts: Toasts, size: tuple[int, int]) -> None:
    screen = pygame.Surface(size)
    toasts.show("The stove in the kitchen at the Lin family's house is now burning. " * 3)
    toasts.show("Autosaved", "good")
    toasts.update(1.0)
    toasts.draw(screen)
    centre = screen.get_at((size[0] // 2, 70))
    assert tuple(centre)[:3] != (0, 0, 0)  # a toast covers the top centre


@pytest.mark.parametrize("usage", ["", "412 model calls · 96k tokens · about $0.02"])
@pytest.mark.parametrize("banner", ["", "Budget reached: the town is paused."])
def test_a_toast_never_covers_the_hud_s_lines_or_its_banner(
    toasts: Toasts, usage: str, banner: str
) -> None:
    """Issue 31: a toast covered the HUD's second line (the clock panel grows to three)."""
    from datetime import datetime

    from game.ui.hud import Hud, HudInfo

    screen = pygame.Surface((1280, 720))
    hud = Hud(PixelText())
    info = HudInfo(
        now=datetime(2023, 2, 13, 9, 41), speed=10, paused=False,
        brain="offline brain · a long label that widens the clock panel", thinking=3,
        usage=usage, banner=banner,
    )  # fmt: skip
    hud.draw(screen, info)
    covered = [hud.banner_rect] if hud.banner_rect is not None else []
    covered.append(pygame.Rect(0, 0, 1280, hud.clock_bottom))
    toasts.show("Yuriko Yamamoto says hello to you (T to answer)")
    toasts.update(1.0)
    before = screen.copy()
    toasts.draw(screen, hud.toast_top())
    for area in covered:
        for x in range(area.left, area.right, 7):
            for y in range(area.top, area.bottom, 3):
                assert screen.get_at((x, y)) == before.get_at((x, y)), (x, y)
    changed = [y for y in range(720) if screen.get_at((640, y)) != before.get_at((640, y))]
    assert changed  # the toast is drawn, below them
