"""The group panel on a live town, headless: T's panel joins the talk in "Always" (its button
lit), the line typed (real TEXTINPUT / KEYDOWN events) is said at the player's
turn, Esc leaves; the panel is drawn."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pygame

from game.bridge.town_minds import LivingTown
from game.render.text import PixelText
from game.ui.chat.group_panel import GroupPanel

from .test_groups import ISABELLA, KLAUS, MARIA
from .test_joining import PLAYER, cafe_with_visitor, run_for

MakeTown = Callable[..., LivingTown]


def send(panel: GroupPanel, *events: pygame.event.Event) -> None:
    pygame.event.clear()
    for event in events:
        pygame.event.post(event)
    wanted = {event.type for event in events}
    for event in pygame.event.get():
        if event.type in wanted:
            panel.handle(event)


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def test_the_panel_joins_takes_the_players_line_at_its_turn_and_leaves(
    make_town: MakeTown, screen: pygame.Surface, tmp_path: object
) -> None:
    living, desk = cafe_with_visitor(make_town)
    # joined in "always" (the talk's worker thinks from the join on: a mode clicked after it
    # would race the first turns)
    panel = GroupPanel(desk, PixelText(), ISABELLA, lambda: living.clock.now, "always")
    assert panel.message == "" and panel.view().state == "talking"
    assert set(panel.view().members) == {ISABELLA, KLAUS, MARIA}
    panel.draw(screen)
    assert panel.view().mode == "always"
    assert [b.label for b in panel.mode_buttons if b.active] == ["Always"]
    town = threading.Thread(target=run_for, args=(living, 30), daemon=True)
    town.start()
    typed_once, answered = False, 0
    deadline = time.monotonic() + 120
    while town.is_alive() and time.monotonic() < deadline:
        seat = desk.group_seat()
        prompt = seat.prompt() if seat is not None else None
        if prompt is not None and prompt[0] > answered and panel.view().asked is not None:
            answered = prompt[0]
            if not typed_once:
                send(panel, pygame.event.Event(pygame.TEXTINPUT, text="Hello, all of you!"))
                typed_once = True
            send(panel, key(pygame.K_RETURN))  # the typed line, then silence
        time.sleep(0.005)
    town.join(timeout=5)
    assert not town.is_alive()
    said = [x.text for x in living.director.dialogue.lines() if x.speaker == PLAYER]
    assert said == ["Hello, all of you!"]
    assert panel.view().state == "over"
    assert any(line[0] == PLAYER for line in panel.view().lines)
    panel.draw(screen)
    pygame.image.save(screen.subsurface(panel.rect), str(tmp_path) + "/group_panel.png")
    send(panel, key(pygame.K_ESCAPE))
    assert panel.closed


def test_t_beside_a_resident_who_is_talking_waits_to_join(
    make_town: MakeTown, screen: pygame.Surface
) -> None:
    living, desk = cafe_with_visitor(make_town)
    living.director.slots[ISABELLA].queued = living.director.start_talk(
        [ISABELLA, KLAUS], living.clock.now
    )
    living.director.wait_for_all()
    run_for(living, 1)
    assert desk.in_talk(ISABELLA)
    panel = GroupPanel(desk, PixelText(), ISABELLA, lambda: living.clock.now)
    view = panel.view()
    assert view.state == "waiting" and panel.status_text(view).startswith("Waiting to join")
    panel.draw(screen)
    desk.group_mode("watch")  # listen only: the talk never waits for the player
    run_for(living, 30)
    view = panel.view()
    assert view.state == "over" and view.members[0] == ISABELLA
