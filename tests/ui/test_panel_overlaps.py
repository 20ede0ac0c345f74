"""Panels never let what lies below show through their words (issue 31: the inspector's text
showed through the chat panel, speech bubbles and the HUD's lines through panels), and the
chat sits beside the inspector when the window has room for both. Real panels, drawn
frame after frame on a 1280×720 window."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the fakes next to this file

from fake_port import ISABELLA, NOW, FakePort

from game.render.emoji import EmojiCache
from game.render.text import PixelText
from game.town.views import Asking, ChatSession
from game.ui.chat.panel import ChatPanel
from game.ui.inspector.panel import InspectorPanel
from game.ui.panels import UNDER_A_PANEL, PanelStack

VISITOR = Asking("visitor", "Sam the Visitor", "a traveller passing through")
WHITE = (255, 255, 255)


@pytest.fixture
def text() -> Iterator[PixelText]:
    pygame.init()
    pygame.display.set_mode((1280, 720))
    yield PixelText()
    pygame.quit()


def chat(text: PixelText) -> ChatPanel:
    portrait = pygame.Surface((64, 64))
    session = ChatSession(ISABELLA, VISITOR)
    return ChatPanel(FakePort(), text, session, lambda: NOW, lambda name: portrait)


def inspector(text: PixelText) -> InspectorPanel:
    return InspectorPanel(FakePort(), text, ISABELLA, lambda slug: None, EmojiCache(), lambda: NOW)


def frames(
    panels: PanelStack, size: tuple[int, int] = (1280, 720), town: tuple[int, int, int] = WHITE
) -> pygame.Surface:
    """Two frames over a plain town (the second with every panel's place known)."""
    screen = pygame.Surface(size)
    for _ in range(2):
        screen.fill(town)
        panels.draw(screen)
    return screen


def same_pixels(one: pygame.Surface, other: pygame.Surface, area: pygame.Rect) -> bool:
    return all(
        one.get_at((x, y)) == other.get_at((x, y))
        for x in range(area.left, area.right, 3)
        for y in range(area.top, area.bottom, 3)
    )


def test_the_chat_sits_beside_the_inspector_when_there_is_room(text: PixelText) -> None:
    panels = PanelStack()
    side = panels.open(inspector(text))
    talk = panels.open(chat(text))
    frames(panels)
    assert side.rect.width and talk.rect.width
    assert not talk.rect.colliderect(side.rect)
    assert talk.rect.right <= side.rect.left


def test_where_panels_overlap_nothing_below_shows_through(text: PixelText) -> None:
    """A window too narrow for both side by side: the chat lies over the inspector, and
    looks exactly as it does with nothing below it."""
    both = PanelStack()
    side = both.open(inspector(text))
    talk = both.open(chat(text))
    over_the_inspector = frames(both, (800, 600))
    alone = PanelStack()
    alone.open(chat(text))
    over_nothing = frames(alone, (800, 600))
    overlap = talk.rect.clip(side.rect)
    assert overlap.width > 50 and overlap.height > 50
    assert same_pixels(over_the_inspector, over_nothing, overlap)


def test_the_town_never_shows_through_a_panel(text: PixelText) -> None:
    """Speech bubbles, names and the HUD are drawn before the panels: on a white or a black
    town the chat looks the same."""
    panels = PanelStack()
    talk = panels.open(chat(text))
    on_white = frames(panels, town=WHITE)
    on_black = frames(panels, town=(0, 0, 0))
    assert same_pixels(on_white, on_black, talk.rect)
    assert on_white.get_at((talk.rect.left + 3, talk.rect.bottom - 4))[:3] == UNDER_A_PANEL
