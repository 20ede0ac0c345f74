"""AutoGen's modes in the live town's group panel, headless with real pygame events: the
*Never* button lets the player's character talk for itself (offline brain, in the visitor's
description); *Terminate* asks the player only as the talk would end (the line typed and
sent with Enter is said), its character speaking for itself before; under the `manual`
group strategy the chooser above the panel asks who speaks next, and a click and a number
key pick — the picked resident is asked for the next line. A frame of the chooser is saved
to PNG."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from cognition.settings import MindSettings
from game.bridge.desk import PlayerDesk
from game.bridge.town_minds import LivingTown
from game.render.text import PixelText
from game.ui.chat.group_panel import GroupPanel

from .test_group_panel import key, send
from .test_groups import ISABELLA, KLAUS, MARIA
from .test_joining import PLAYER, cafe_with_visitor, run_for

MakeTown = Callable[..., LivingTown]
FRAME = os.environ.get("SMALLVILLE_CHOOSER_PNG")  # keep the chooser's frame there too


def click(panel: GroupPanel, point: tuple[int, int]) -> None:
    send(panel, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))


def mode_button(panel: GroupPanel, mode: str) -> tuple[int, int]:
    return next(b for b in panel.mode_buttons if b.value == mode).rect.center


def joined_in(
    mode: str, living: LivingTown, desk: PlayerDesk, screen: pygame.Surface
) -> GroupPanel:
    """The panel joined beside Isabella in `mode`, drawn with that mode's button lit. The
    mode is given at the join, not clicked after it: the talk's worker thinks its first
    turns at once, and under load it reached the player's turn before a click did (the
    talk then took another course: the source of this file's flakiness)."""
    panel = GroupPanel(desk, PixelText(), ISABELLA, lambda: living.clock.now, mode)
    panel.draw(screen)
    assert panel.view().mode == mode
    assert [b.value for b in panel.mode_buttons if b.active] == [mode]
    return panel


def test_never_the_players_character_talks_for_itself_in_its_description(
    make_town: MakeTown, screen: pygame.Surface
) -> None:
    living, desk = cafe_with_visitor(make_town)
    # joined in its mode: the talk's worker thinks from the join on, so a mode clicked after
    # it would race the first turns (see `joined_in`)
    panel = joined_in("never", living, desk, screen)
    assert [b.label for b in panel.mode_buttons] == [
        "Always", "Terminate", "Never", "Addressed", "Watch",
    ]  # fmt: skip
    assert panel.status_text(panel.view()).startswith("Your character speaks for itself")
    seat = desk.group_seat()
    assert seat is not None and seat.description == "a travelling painter"
    run_for(living, 30)
    assert seat.prompts == 0  # never asked
    said = [x.text for x in living.director.dialogue.lines() if x.speaker == PLAYER]
    assert said and all(said)
    assert panel.view().state == "over"
    panel.draw(screen)
    click(panel, mode_button(panel, "watch"))  # a mode button sets the seat's mode
    assert panel.view().mode == "watch"


def test_manual_selection_the_player_picks_the_next_speaker_in_the_chooser(
    make_town: MakeTown, screen: pygame.Surface, tmp_path: Path
) -> None:
    manual = MindSettings(group_strategy="manual")
    living, desk = cafe_with_visitor(lambda: make_town(mind_settings=manual))
    asked: list[str] = []  # whose group lines the minds were asked for, in order
    living.stack.tracer.add_listener(
        lambda trace: asked.append(trace.agent) if trace.task == "group_line" else None
    )
    panel = joined_in("watch", living, desk, screen)  # the player only picks, never speaks
    town = threading.Thread(target=run_for, args=(living, 30), daemon=True)
    town.start()
    picked: list[str] = []
    shown: list[tuple[str, ...]] = []
    seat = desk.group_seat()
    assert seat is not None
    deadline = time.monotonic() + 120
    while town.is_alive() and time.monotonic() < deadline:
        view = panel.view()
        if view.choosing and seat.choices > len(picked):  # a new question, not yet answered
            panel.draw(screen)
            assert panel.chooser.shown and panel.status_text(view).startswith("Who speaks")
            shown.append(view.choosing)
            if len(picked) == 0:
                frame = screen.subsurface(panel.chooser.rect.union(panel.rect)).copy()
                pygame.image.save(frame, str(tmp_path / "chooser.png"))
                if FRAME:
                    pygame.image.save(frame, FRAME)
                klaus = next(b for b in panel.chooser.buttons if b.value == KLAUS)
                click(panel, klaus.rect.center)  # a click on "Klaus"
                picked.append(KLAUS)
            elif len(picked) == 1:
                number = view.choosing.index(MARIA) + 1
                send(panel, key(getattr(pygame, f"K_{number}")))  # Maria's number key
                picked.append(MARIA)
            else:
                manager = panel.chooser.buttons[-1]
                assert manager.label == "Manager"
                click(panel, manager.rect.center)  # the manager picks from now on
                picked.append("")
        time.sleep(0.005)
    town.join(timeout=5)
    assert not town.is_alive()
    assert picked[:2] == [KLAUS, MARIA] and len(shown) >= 3
    assert set(shown[0]) <= {ISABELLA, KLAUS, MARIA, PLAYER} and KLAUS in shown[0]
    assert asked[:3] == [ISABELLA, KLAUS, MARIA]  # the opener, then as picked
    assert all(x.speaker != PLAYER for x in living.director.dialogue.lines())
    assert (tmp_path / "chooser.png").stat().st_size > 0
    panel.draw(screen)
    assert not panel.chooser.shown  # the talk is over: no chooser


def test_terminate_the_player_is_asked_only_as_the_talk_would_end(
    make_town: MakeTown, screen: pygame.Surface
) -> None:
    living, desk = cafe_with_visitor(make_town)
    panel = joined_in("terminate", living, desk, screen)
    seat = desk.group_seat()
    assert seat is not None
    town = threading.Thread(target=run_for, args=(living, 30), daemon=True)
    town.start()
    asked: list[str] = []
    deadline = time.monotonic() + 120
    while town.is_alive() and time.monotonic() < deadline:
        view = panel.view()
        if view.asked is not None and seat.prompts > len(asked):
            asked.append(view.asked)
            panel.draw(screen)
            assert panel.status_text(view).startswith("Your turn (the talk is about to end)")
            send(panel, pygame.event.Event(pygame.TEXTINPUT, text="Lovely to meet you all!"))
            send(panel, key(pygame.K_RETURN))
        time.sleep(0.005)
    town.join(timeout=5)
    assert not town.is_alive()
    assert asked and set(asked) == {"the talk is about to end"}
    said = [x.text for x in living.director.dialogue.lines() if x.speaker == PLAYER]
    assert "Lovely to meet you all!" in said
    assert len(said) > len(asked)  # before the end its character spoke for itself
