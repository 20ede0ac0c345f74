"""The key that opens a panel never types into it (issue 31: T opened the chat with a "t"
already typed). Real pygame events through pygame's queue and the town's input route, with
the real chat panel: SDL sends a KEYDOWN and then a TEXTINPUT of the same character."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the fakes next to this file

from fake_port import ISABELLA, NOW, FakePort
from test_input import Player, Town

from game.render.text import PixelText
from game.town.views import Asking, ChatSession
from game.ui.chat.panel import ChatPanel
from game.ui.input import InputRoute, TownHandler
from game.ui.panels import PanelStack

VISITOR = Asking("visitor", "Sam the Visitor", "a traveller passing through")


@pytest.fixture
def text() -> Iterator[PixelText]:
    pygame.init()
    pygame.display.set_mode((1280, 720))
    yield PixelText()
    pygame.quit()


class ChattingPlayer(Player):
    """T opens the real chat panel on the town's panels."""

    def __init__(self, panels: PanelStack, text: PixelText) -> None:
        super().__init__()
        self.panels = panels
        self.text = text
        self.chat: ChatPanel | None = None

    def talk(self, selected: str | None) -> None:
        portrait = pygame.Surface((64, 64))
        session = ChatSession(ISABELLA, VISITOR)
        self.chat = ChatPanel(FakePort(), self.text, session, lambda: NOW, lambda n: portrait)
        self.panels.open(self.chat)


def route_with_chat(text: PixelText) -> tuple[InputRoute[Town], ChattingPlayer]:
    panels = PanelStack()
    player = ChattingPlayer(panels, text)
    town = Town(panels, player, None)
    return InputRoute(panels, TownHandler(town.view), town), player  # type: ignore[arg-type]


def press(key: int, character: str, mod: int = 0) -> list[pygame.event.Event]:
    """What SDL sends for one key typed: KEYDOWN, its TEXTINPUT, KEYUP."""
    return [
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=character, scancode=0),
        pygame.event.Event(pygame.TEXTINPUT, text=character),
        pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=character, scancode=0),
    ]


def through_the_queue(route: InputRoute[Town], *events: pygame.event.Event) -> None:
    pygame.event.clear()
    for event in events:
        pygame.event.post(event)
    for event in pygame.event.get():
        route.handle(event)


def test_t_opens_the_chat_with_an_empty_field_and_then_types(text: PixelText) -> None:
    route, player = route_with_chat(text)
    through_the_queue(route, *press(pygame.K_t, "t"))
    assert player.chat is not None and player.chat.field.focused
    assert player.chat.field.text == ""
    through_the_queue(route, *press(pygame.K_t, "t"), *press(pygame.K_o, "o"))
    assert player.chat.field.text == "to"  # the next T is typed, as any key


def test_a_capital_t_with_shift_is_not_typed_either(text: PixelText) -> None:
    route, player = route_with_chat(text)
    through_the_queue(route, *press(pygame.K_t, "T", mod=pygame.KMOD_LSHIFT))
    assert player.chat is not None and player.chat.field.text == ""


def test_without_the_keys_character_the_next_text_is_still_dropped_once(
    text: PixelText,
) -> None:
    """Some platforms leave KEYDOWN's `unicode` empty: the key's own letter is expected."""
    route, player = route_with_chat(text)
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="", scancode=0)
    through_the_queue(route, down, pygame.event.Event(pygame.TEXTINPUT, text="t"))
    assert player.chat is not None and player.chat.field.text == ""
    through_the_queue(route, pygame.event.Event(pygame.TEXTINPUT, text="t"))
    assert player.chat.field.text == "t"
