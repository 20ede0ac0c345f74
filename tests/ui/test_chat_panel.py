"""The chat panel, headless: typing (real TEXTINPUT / KEYDOWN events), who the player is,
the typing indicator, delivered and refused lines, scrolling, closing, drawing."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # fake_port, next to this file

from fake_port import ISABELLA, KLAUS, NOW, FakePort

from game.render.text import PixelText
from game.town.views import Asking, ChatLine, ChatSession, Greeting
from game.ui.chat.panel import LINE_LIMIT, ChatPanel
from game.ui.chat.view import INNER_VOICE_SPEAKER
from game.ui.widgets import ERROR

VISITOR = Asking("visitor", "Sam the Visitor", "a traveller passing through")


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.init()
    surface = pygame.display.set_mode((1280, 720))
    yield surface
    pygame.quit()


@pytest.fixture
def text(screen: pygame.Surface) -> PixelText:
    return PixelText()


def make_panel(
    text: PixelText, port: FakePort | None = None, session: ChatSession | None = None
) -> ChatPanel:
    port = port or FakePort()
    session = session or ChatSession(ISABELLA, VISITOR)
    portrait = pygame.Surface((64, 64))
    return ChatPanel(port, text, session, lambda: NOW, lambda name: portrait)


def send_events(panel: ChatPanel, *events: pygame.event.Event) -> list[bool]:
    """Post `events` through pygame's queue and hand what comes out to the panel."""
    pygame.event.clear()
    for event in events:
        pygame.event.post(event)
    wanted = {event.type for event in events}
    return [panel.handle(event) for event in pygame.event.get() if event.type in wanted]


def typed(words: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=words)


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def click(point: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1)


def port_of(panel: ChatPanel) -> FakePort:
    assert isinstance(panel.port, FakePort)
    return panel.port


def test_enter_sends_as_the_visitor_and_clears_the_field(text: PixelText) -> None:
    panel = make_panel(text)
    assert panel.wants_text()
    used = send_events(panel, typed("Hello"), typed(" Isabella!"), key(pygame.K_RETURN))
    assert all(used)
    assert port_of(panel).asked == [(ISABELLA, "Hello Isabella!", VISITOR)]
    assert panel.field.text == ""
    said = panel.session.lines[-1]
    assert (said.speaker, said.text, said.at) == ("Sam the Visitor", "Hello Isabella!", NOW)


def test_persona_asks_as_the_typed_persona(text: PixelText, screen: pygame.Surface) -> None:
    panel = make_panel(text)
    panel.draw(screen)
    persona = next(b for b in panel.mode_buttons if b.value == "persona")
    send_events(panel, click(persona.rect.center))
    assert panel.mode == "persona" and panel.persona.focused and not panel.field.focused
    send_events(panel, typed("a news reporter"), key(pygame.K_RETURN))  # Enter: on to the line
    assert panel.field.focused
    send_events(panel, typed("Are you running for mayor?"), key(pygame.K_RETURN))
    name, said, asking = port_of(panel).asked[-1]
    assert (name, said) == (ISABELLA, "Are you running for mayor?")
    assert asking == Asking("persona", "a news reporter")
    assert panel.session.lines[-1].speaker == "a news reporter"


def test_persona_without_a_name_is_not_sent(text: PixelText) -> None:
    panel = make_panel(text)
    panel.choose("persona")
    panel.persona.focused = False
    panel.field.focused = True
    send_events(panel, typed("Hi"), key(pygame.K_RETURN))
    assert port_of(panel).asked == []
    assert "who you are" in panel.message
    assert panel.persona.focused and panel.field.text == "Hi"


def test_inner_voice_sends_a_directive(text: PixelText, screen: pygame.Surface) -> None:
    panel = make_panel(text)
    panel.draw(screen)
    inner = next(b for b in panel.mode_buttons if b.value == "inner_voice")
    send_events(panel, click(inner.rect.center))
    assert panel.mode == "inner_voice" and panel.field.focused
    send_events(panel, typed("You want to throw a party"), key(pygame.K_RETURN))
    _, said, asking = port_of(panel).asked[-1]
    assert said == "You want to throw a party" and asking.kind == "inner_voice"
    assert panel.session.lines[-1].speaker == INNER_VOICE_SPEAKER
    assert panel.session.asking == VISITOR  # the session keeps the visitor


def test_typing_indicator_while_the_resident_answers(
    text: PixelText, screen: pygame.Surface
) -> None:
    port = FakePort(answer_at_once=False)
    panel = make_panel(text, port)
    send_events(panel, typed("How is the cafe?"), key(pygame.K_RETURN))
    panel.update(0.4, NOW)
    assert panel.status_text().startswith("Isabella is typing.")
    panel.draw(screen)
    assert panel.view.rendered[-1].startswith("Isabella is typing.")
    panel.update(0.34, NOW)
    assert panel.status_text() != "Isabella is typing.."  # the dots move
    port.release()
    for line in port.replies():  # what the app does with replies
        panel.deliver(line)
    assert panel.status_text() == ""
    panel.draw(screen)
    assert any("I am busy with the party" in row for row in panel.view.rendered)
    assert not any("typing" in row for row in panel.view.rendered)


def test_delivered_lines_appear_once_and_only_for_this_resident(
    text: PixelText, screen: pygame.Surface
) -> None:
    panel = make_panel(text)
    answer = ChatLine(ISABELLA, ISABELLA, "Come to the party tomorrow!", NOW)
    panel.session.lines.append(answer)  # the app may keep the session itself
    assert panel.deliver(answer)
    assert panel.session.lines.count(answer) == 1
    assert not panel.deliver(ChatLine(KLAUS, KLAUS, "Not for this chat.", NOW))
    panel.draw(screen)
    assert panel.view.rendered == ["Isabella: Come to the party tomorrow!"]


def test_error_lines_use_the_error_colour(text: PixelText, screen: pygame.Surface) -> None:
    panel = make_panel(text)
    panel.deliver(ChatLine(ISABELLA, ISABELLA, "Isabella could not answer.", NOW, error=True))
    rows = panel.view.rows(400)
    assert rows and all(row.colour == ERROR for row in rows)
    panel.draw(screen)


def test_greeting_opens_the_conversation(text: PixelText, screen: pygame.Surface) -> None:
    panel = make_panel(text)
    assert panel.greet(Greeting(ISABELLA, "Oh hello! Are you new in town?", NOW))
    panel.draw(screen)
    assert panel.view.rendered == ["Isabella: Oh hello! Are you new in town?"]


def test_a_refused_ask_shows_its_message_and_keeps_the_text(text: PixelText) -> None:
    port = FakePort()
    port.answering_now.add(ISABELLA)
    panel = make_panel(text, port)
    send_events(panel, typed("Still there?"), key(pygame.K_RETURN))
    assert panel.message == f"{ISABELLA} is still answering."
    assert panel.field.text == "Still there?"
    assert panel.session.lines == []
    port.answering_now.clear()
    assert panel.status_text() == panel.message  # shown (in red) under the conversation


def test_control_characters_are_stripped(text: PixelText) -> None:
    panel = make_panel(text)
    send_events(panel, typed("Hi\x1b[31m\tthere\x00\n"), key(pygame.K_RETURN))
    assert port_of(panel).asked[-1][1] == "Hi [31m there"


def test_the_line_is_capped(text: PixelText) -> None:
    panel = make_panel(text)
    send_events(panel, typed("a" * 250), typed("b" * 250))
    assert len(panel.field.text) == LINE_LIMIT
    send_events(panel, key(pygame.K_RETURN))
    assert len(port_of(panel).asked[-1][1]) == LINE_LIMIT


def test_escape_leaves_the_field_then_closes(text: PixelText) -> None:
    panel = make_panel(text)
    send_events(panel, typed("draft"), key(pygame.K_ESCAPE))
    assert not panel.closed and not panel.wants_text() and panel.field.text == "draft"
    assert send_events(panel, typed("w")) == [False]  # keys steer the town again
    send_events(panel, key(pygame.K_RETURN))  # Enter comes back to the field
    assert panel.wants_text()
    panel.field.clear()
    send_events(panel, key(pygame.K_ESCAPE))
    assert panel.closed


def test_close_button_and_clicks_outside(text: PixelText, screen: pygame.Surface) -> None:
    panel = make_panel(text)
    panel.draw(screen)
    assert send_events(panel, click((5, 5))) == [False]  # the town's click
    assert not panel.wants_text()
    send_events(panel, click(panel.field_rect.center))
    assert panel.wants_text()
    send_events(panel, click(panel.close_button.rect.center))
    assert panel.closed


def test_wheel_scrolls_the_history(text: PixelText, screen: pygame.Surface) -> None:
    session = ChatSession(ISABELLA, VISITOR)
    session.lines += [ChatLine(ISABELLA, ISABELLA, f"line {n}", NOW) for n in range(40)]
    panel = make_panel(text, session=session)
    panel.draw(screen)
    assert panel.view.rendered[-1] == "Isabella: line 39"
    pygame.mouse.set_pos(panel.rect.center)
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)
    assert send_events(panel, wheel) == [True]
    panel.draw(screen)
    assert panel.view.rendered[-1] == "Isabella: line 33"
    panel.deliver(ChatLine(ISABELLA, ISABELLA, "line 40", NOW))
    panel.draw(screen)
    assert panel.view.rendered[-1] == "Isabella: line 33"  # scrolled up: the view holds still


def test_reopening_shows_the_history(text: PixelText, screen: pygame.Surface) -> None:
    session = ChatSession(ISABELLA, VISITOR)
    first = make_panel(text, session=session)
    send_events(first, typed("Remember me?"), key(pygame.K_RETURN))
    again = make_panel(text, first.port, session)  # type: ignore[arg-type]
    again.draw(screen)
    assert again.view.rendered[0] == "Sam the Visitor: Remember me?"


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (480, 320)])
def test_draws_at_any_window_size(text: PixelText, size: tuple[int, int]) -> None:
    target = pygame.Surface(size)
    panel = make_panel(text, FakePort(answer_at_once=False))
    panel.deliver(ChatLine(ISABELLA, ISABELLA, "word " * 120, NOW))
    send_events(panel, typed("x" * 300), key(pygame.K_RETURN))
    for mode in ("visitor", "persona", "inner_voice"):
        panel.choose(mode)  # type: ignore[arg-type]
        panel.draw(target)
        assert target.get_rect().contains(panel.rect)


def test_a_release_over_the_panel_reaches_the_town(text: PixelText, screen: pygame.Surface) -> None:
    panel = make_panel(text)
    panel.draw(screen)
    release = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=panel.rect.center, button=1)
    assert send_events(panel, release) == [False]  # ends a drag that began on the map
