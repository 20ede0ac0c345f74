"""The object editor, headless: choosing an object by click, typing a new state (real
TEXTINPUT / KEYDOWN events), refusals, Reset, the empty room, drawing."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # fake_port, next to this file

from fake_port import NOW, FakePort

from game.render.text import PixelText
from game.town.views import OBJECT_STATE_MAX_CHARS, ObjectInfo
from game.ui.object_panel import NO_OBJECTS, PICK_ONE, ObjectPanel

STOVE = "Hobbs Cafe:cafe:stove"
COFFEE = "Hobbs Cafe:cafe:coffee machine"


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
    text: PixelText,
    port: FakePort | None = None,
    selected: str | None = None,
    objects: list[ObjectInfo] | None = None,
) -> ObjectPanel:
    port = port or FakePort()
    shown = port.objects_near((10, 12)) if objects is None else objects
    return ObjectPanel(port, text, shown, lambda: NOW, selected)


def send_events(panel: ObjectPanel, *events: pygame.event.Event) -> list[bool]:
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


def port_of(panel: ObjectPanel) -> FakePort:
    assert isinstance(panel.port, FakePort)
    return panel.port


def entry(panel: ObjectPanel, key_: str) -> tuple[int, int]:
    return next(rect.center for rect, k in panel.entry_rects if k == key_)


def test_click_selects_an_object(text: PixelText, screen: pygame.Surface) -> None:
    panel = make_panel(text)
    panel.draw(screen)
    assert panel.selected is None and panel.notice == PICK_ONE and not panel.wants_text()
    assert send_events(panel, click(entry(panel, COFFEE))) == [True]
    assert panel.selected_key == COFFEE and panel.wants_text()
    panel.draw(screen)
    assert panel.notice == ""


def test_typed_state_is_cleaned_and_applied(text: PixelText, screen: pygame.Surface) -> None:
    panel = make_panel(text, selected=STOVE)
    send_events(panel, typed("is \x1b burning\t"), typed(" brightly\x00"), key(pygame.K_RETURN))
    assert port_of(panel).object_changes == [(STOVE, "is burning brightly")]
    assert panel.selected is not None
    assert panel.selected.state == "is burning brightly"  # refreshed from the port
    assert panel.selected.changed_by == "the visitor"
    assert panel.applied and "burning brightly" in panel.feedback and not panel.message
    assert panel.field.text == ""
    assert [e.text for e in port_of(panel).events()] == ["The stove is now is burning brightly."]
    panel.draw(screen)


def test_apply_button(text: PixelText, screen: pygame.Surface) -> None:
    panel = make_panel(text, selected=STOVE)
    send_events(panel, typed("is leaking water"))
    panel.draw(screen)
    send_events(panel, click(panel.apply_button.rect.center))
    assert port_of(panel).object_changes == [(STOVE, "is leaking water")]


def test_a_refusal_is_shown_and_nothing_changes(text: PixelText, screen: pygame.Surface) -> None:
    port = FakePort()
    gone = replace(port.objects[STOVE], key="Hobbs Cafe:cafe:oven")  # the port knows no oven
    panel = make_panel(text, port, selected=gone.key, objects=[gone])
    send_events(panel, typed("is burning"), key(pygame.K_RETURN))
    assert panel.message == "There is no object 'Hobbs Cafe:cafe:oven'."
    assert panel.field.text == "is burning"
    assert panel.objects == [gone] and not panel.applied
    assert port.object_changes == []
    panel.draw(screen)


def test_empty_text_is_not_sent(text: PixelText) -> None:
    panel = make_panel(text, selected=STOVE)
    send_events(panel, typed("   "), key(pygame.K_RETURN))
    assert port_of(panel).object_changes == [] and panel.message


def test_the_state_is_capped(text: PixelText) -> None:
    panel = make_panel(text, selected=STOVE)
    send_events(panel, typed("x" * 200), key(pygame.K_RETURN))
    assert port_of(panel).object_changes == [(STOVE, "x" * OBJECT_STATE_MAX_CHARS)]


def test_reset_restores_the_default(text: PixelText, screen: pygame.Surface) -> None:
    panel = make_panel(text, selected=COFFEE)
    panel.draw(screen)
    assert panel.reset_button.enabled  # "brewing coffee" is not its usual "idle"
    send_events(panel, click(panel.reset_button.rect.center))
    assert port_of(panel).object_changes == [(COFFEE, "idle")]
    assert panel.selected is not None and panel.selected.state == "idle"
    panel.draw(screen)
    assert not panel.reset_button.enabled


def test_empty_room(text: PixelText, screen: pygame.Surface) -> None:
    panel = make_panel(text, objects=[], selected=STOVE)
    panel.draw(screen)
    assert panel.notice == NO_OBJECTS
    assert panel.selected is None and not panel.wants_text()
    send_events(panel, key(pygame.K_RETURN))
    assert port_of(panel).object_changes == []


def test_escape_and_close(text: PixelText, screen: pygame.Surface) -> None:
    panel = make_panel(text, selected=STOVE)
    send_events(panel, typed("is on"), key(pygame.K_ESCAPE))
    assert not panel.closed and not panel.wants_text() and panel.field.text == "is on"
    send_events(panel, key(pygame.K_ESCAPE))
    assert panel.closed
    other = make_panel(text, selected=STOVE)
    other.draw(screen)
    assert send_events(other, click((5, 700))) == [False] and not other.wants_text()
    send_events(other, click(other.close_button.rect.center))
    assert other.closed


def test_wheel_scrolls_a_long_list(text: PixelText, screen: pygame.Surface) -> None:
    port = FakePort()
    many = [
        ObjectInfo(f"Hobbs Cafe:cafe:chair {n}", f"chair {n}", "Hobbs Cafe: cafe", "idle", "idle")
        for n in range(20)
    ]
    panel = make_panel(text, port, objects=many)
    panel.draw(screen)
    assert panel.entry_rects[0][1] == many[0].key
    pygame.mouse.set_pos(panel.rect.center)
    send_events(panel, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    panel.draw(screen)
    assert panel.entry_rects[0][1] == many[3].key


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (480, 320)])
def test_draws_at_any_window_size(text: PixelText, size: tuple[int, int]) -> None:
    target = pygame.Surface(size)
    port = FakePort()
    long = replace(port.objects[STOVE], name="stove " * 20, state="is " + "very " * 15 + "hot")
    for selected, objects in ((None, [long]), (STOVE, [long]), (None, [])):
        panel = make_panel(text, port, selected, objects)
        panel.message = "Refused " * 30
        panel.draw(target)
        assert target.get_rect().contains(panel.rect)


def test_zooming_the_map_keeps_the_focus(text: PixelText, screen: pygame.Surface) -> None:
    panel = make_panel(text, selected=STOVE)
    panel.draw(screen)
    wheel = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 700), button=4)
    assert send_events(panel, wheel) == [False]
    assert panel.wants_text()
