"""A resident who speaks to the player first: the chat opens when nothing else is open; over
another panel the line waits in their conversation and a toast says so (the screenshot tour
once had its typing into the object editor taken over by a greeting's chat)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from fake_port import ISABELLA, KLAUS, NOW, FakePort

from game.play.session import PlaySession
from game.render.text import PixelText
from game.town.setup import build_population
from game.town.views import Greeting
from game.ui.chat.panel import ChatPanel
from game.ui.input import Impossible
from game.world import load_town


@pytest.fixture
def session(tiny_town: Path) -> Iterator[tuple[PlaySession, FakePort]]:
    pygame.init()
    pygame.display.set_mode((1280, 720))
    town = load_town(tiny_town)
    port = FakePort()
    play = PlaySession(
        port,  # the fake mind port the panels' tests use
        build_population(town),
        town,
        PixelText(),
        lambda: NOW,
        lambda name: None,
    )
    yield play, port
    pygame.quit()


def test_a_greeting_opens_the_chat_when_nothing_else_is_open(
    session: tuple[PlaySession, FakePort],
) -> None:
    play, port = session
    port.waiting_greetings.append(Greeting(ISABELLA, "Oh hello! Are you new in town?", NOW))
    play.update(0.1)
    chat = play.panels.top
    assert isinstance(chat, ChatPanel) and chat.session.resident == ISABELLA
    assert [line.text for line in chat.session.lines] == ["Oh hello! Are you new in town?"]


def test_a_greeting_over_another_panel_waits_and_says_so(
    session: tuple[PlaySession, FakePort],
) -> None:
    play, port = session
    play.open_chat(KLAUS)  # the player is talking with Klaus
    port.waiting_greetings.append(Greeting(ISABELLA, "Oh hello! Are you new in town?", NOW))
    play.update(0.1)
    top = play.panels.top
    assert isinstance(top, ChatPanel) and top.session.resident == KLAUS  # not taken over
    waiting = play.chat_session(ISABELLA).lines
    assert [line.text for line in waiting] == ["Oh hello! Are you new in town?"]
    assert play.toasts is not None
    assert any("Isabella Rodriguez says hello" in t.message for t in play.toasts.shown())
    play.open_chat(ISABELLA)  # T later: the greeting is there
    chat = play.panels.top
    assert isinstance(chat, ChatPanel)
    assert chat.session.lines[0].text == "Oh hello! Are you new in town?"


def test_t_answers_a_greeting_while_its_toast_is_shown_wherever_the_greeter_stands(
    session: tuple[PlaySession, FakePort],
) -> None:
    """Issue 31: T a little after "… says hello to you (T to answer)" said "Nobody close
    enough to talk to". No player body here: nobody is near, only the toast points at her."""
    play, port = session
    play.open_chat(KLAUS)
    port.waiting_greetings.append(Greeting(ISABELLA, "Oh hello! Are you new in town?", NOW))
    play.update(0.1)
    play.panels.close(ChatPanel)  # done with Klaus; the toast is still up
    play.update(1.0)
    play.talk(None)
    chat = play.panels.top
    assert isinstance(chat, ChatPanel) and chat.session.resident == ISABELLA
    assert chat.session.lines[0].text == "Oh hello! Are you new in town?"


def test_once_the_toast_is_gone_t_needs_someone_close_again(
    session: tuple[PlaySession, FakePort],
) -> None:
    play, port = session
    play.open_chat(KLAUS)
    port.waiting_greetings.append(Greeting(ISABELLA, "Oh hello! Are you new in town?", NOW))
    play.update(0.1)
    play.panels.close(ChatPanel)
    play.update(10.0)  # the toast has faded
    assert play.toasts is not None and play.toasts.shown() == []
    with pytest.raises(Impossible, match="Nobody close enough"):
        play.talk(None)
