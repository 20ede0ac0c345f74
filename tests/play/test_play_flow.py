"""Playing through the real window with real input events (dummy video driver): the title's
new-town form, the inspector, memory search, chat, object editing perceived by a resident,
saving and loading through the menus, a corrupted save refused, quitting with the prompt."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.play.flow import GameFlow, TitleScreen
from game.play.tour import (
    Tour,
    click_event,
    key_events,
    menu_point,
    post,
    typing_events,
)
from game.saves import SaveSlots
from game.ui.inspector.panel import InspectorPanel
from game.ui.menus import LoadMenu, LoadSlot, MenuPanel, NewTown, PauseMenu, SavePrompt
from game.ui.object_panel import ObjectPanel
from game.ui.panels import Panel

TOWN = "the_ville_n3"


@pytest.fixture
def tour(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Tour]:
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    tour = Tour(None, TOWN, size=(1280, 720), embedder="hashing", slots=SaveSlots(tmp_path / "s"))
    yield tour
    tour.close()
    pygame.quit()


def top(tour: Tour) -> Panel | None:
    return tour.require_app().panels.top


def test_the_new_town_form_brings_the_visitor_in(tour: Tour) -> None:
    app = tour.start_town("Ada", "a painter from the coast")
    assert app.session is not None and app.session.player is not None
    player = app.session.player
    assert (player.name, player.description, player.is_visitor) == (
        "Ada", "a painter from the coast", True,
    )  # fmt: skip
    assert "Ada" in {r.name for r in app.population}
    assert app.living is not None and app.living.director.visitor is not None
    assert app.living.director.visitor.name == "Ada"  # the minds can perceive the visitor


def test_click_opens_the_inspector_and_search_scores_memories(tour: Tour) -> None:
    tour.start_town()
    tour.live_a_while(30)
    inspector = tour.open_inspector()
    resident = inspector.resident
    tab = next(button for button in inspector.tab_buttons if button.value == "search")
    post(*click_event(tab.rect.center))
    tour.frames(2)
    search = inspector.tabs["search"]
    post(*click_event(search.field_rect.center), *typing_events("breakfast"))
    post(*key_events(pygame.K_RETURN))
    tour.frames(2)
    hits = search.hits  # type: ignore[attr-defined]
    assert hits, f"no memory of {resident} matched"
    for hit in hits:
        for part in (hit.recency, hit.importance, hit.relevance):
            assert 0.0 <= part <= 1.0
    scores = [hit.score for hit in hits]
    assert scores == sorted(scores, reverse=True)


def test_chat_gets_an_answer_and_the_resident_remembers_it(tour: Tour) -> None:
    app = tour.start_town("Ada", "a painter")
    chat = tour.chat("Have you heard about the mayoral election?")
    resident = chat.session.resident
    answer = [line for line in chat.session.lines if line.speaker == resident]
    assert answer and not answer[0].error and answer[0].text.strip()
    assert app.session is not None
    memories = app.session.desk.memories(resident, frozenset({"dialogue"}))
    assert any("mayoral election" in memory.text for memory in memories)


def test_an_object_state_set_by_the_player_is_perceived_by_a_resident(tour: Tour) -> None:
    app = tour.start_town()
    tour.live_a_while(20)
    session, living = app.session, app.living
    assert session is not None and living is not None

    # a resident awake in a room with an object, and that object's tile on screen
    def clear_of_everyone(tile: tuple[int, int]) -> bool:  # a click there hits no sprite
        return all(abs(r.tile[0] - tile[0]) + abs(r.tile[1] - tile[1]) > 2 for r in app.population)

    for resident in app.population:
        objects = [
            info
            for info in session.desk.objects_near(resident.tile, radius=6)
            if clear_of_everyone(info.tile)
        ]
        if resident.name != "Ada" and objects:
            break
    else:
        pytest.fail("no resident stands near an object")
    target = objects[0]
    tour.follow(resident.name)
    x, y = target.tile
    tile = living.town.tile_width
    point = app.view.camera.map_to_screen((x + 0.5) * tile, (y + 0.5) * tile)
    app.view.selected = None
    post(*click_event(point))
    tour.frames(3)
    panel = tour.require_app().panels.top
    assert isinstance(panel, ObjectPanel) and panel.selected is not None
    post(*click_event(panel.field_rect.center), *typing_events("is on fire"))
    post(*key_events(pygame.K_RETURN))
    tour.frames(3)
    assert panel.applied, panel.message
    name = panel.selected.name
    tour.until(
        lambda: any(
            "on fire" in memory.text and name in memory.text
            for memory in session.desk.memories(resident.name, frozenset({"observation"}))
        ),
        f"{resident.name} noticing the {name}",
        30,
    )


def test_save_and_load_through_the_menus(tour: Tour) -> None:
    app = tour.start_town("Ada", "a painter")
    tour.live_a_while(20)
    # the minds at rest first: a mind thinking at the save would go on changing the town
    # after it (a memory, an object's state), which the save rightly does not hold
    tour.pause_and_save("Day 1", at_rest=True)
    assert app.living is not None and app.living.director.in_flight == 0
    saved_time = app.living.clock.now
    saved_tiles = {r.name: r.tile for r in app.population if r.name != "Ada"}
    saved_objects = app.living.objects.get_state()
    saved_counts = {name: mind.memory.count() for name, mind in app.living.minds.items()}
    assert app.session is not None and app.session.player is not None
    saved_visitor = app.session.visitor_save()
    # play on, then load the save from the pause menu
    pause = top(tour)
    assert isinstance(pause, PauseMenu)
    post(*click_event(menu_point(pause, pause.button("Resume"))))
    tour.frames(2)
    tour.live_a_while(15)
    post(*key_events(pygame.K_ESCAPE))
    tour.frames(2)
    load = tour.open_load_menu()
    assert isinstance(load, LoadMenu)
    index = [slot.name for slot in load.slots].index("Day 1")
    post(*key_events(*[pygame.K_DOWN] * index))
    tour.frames(1)
    post(*click_event(menu_point(load, load.button("Load"))))
    tour.frames(2)
    assert app.menus is not None and app.menus.leaving is not None
    leave = app.menus.leaving
    assert leave.to == "load" and leave.slot == "Day 1"
    app.menus.leaving = None
    other, error = tour.flow.open(tour.screen, LoadSlot("Day 1"))  # as GameFlow.play does
    assert other is not None, error
    tour.app.close()  # type: ignore[union-attr]
    tour.app = other
    assert other.living is not None and other.session is not None
    assert other.living.clock.now == saved_time
    assert {r.name: r.tile for r in other.population if r.name != "Ada"} == saved_tiles
    assert other.living.objects.get_state() == saved_objects
    assert {n: m.memory.count() for n, m in other.living.minds.items()} == saved_counts
    assert other.session.visitor_save() == saved_visitor
    assert other.menus is not None and other.menus.slot == "Day 1"


def test_a_corrupted_save_is_refused_with_a_message(tour: Tour, tmp_path: Path) -> None:
    app = tour.start_town()
    tour.pause_and_save("Good")
    tour.pause_and_save("Broken")
    (tour.slots.path("Broken") / "town.json").write_text('{"format_version": 1, "tow', "utf-8")
    shutil.rmtree(tour.slots.previous_path("Broken"), ignore_errors=True)
    load = tour.open_load_menu()
    assert isinstance(load, LoadMenu)
    index = [slot.name for slot in load.slots].index("Broken")
    post(*key_events(*[pygame.K_DOWN] * index))
    tour.frames(2)
    assert not load.load_button.enabled
    post(*click_event(menu_point(load, load.button("Load"))))
    tour.frames(2)
    assert app.menus is not None and app.menus.leaving is None  # nothing loaded half-way
    shown = [row.words for row in load.rows() if hasattr(row, "words")]
    assert any("Broken" in words and "town.json" in words for words in shown), shown
    assert app.view.running  # the game keeps running


def test_a_failed_load_keeps_the_town_and_says_why(tour: Tour) -> None:
    app = tour.start_town()
    tour.pause_and_save("Gone")
    memory = tour.slots.path("Gone") / "memory"
    shutil.rmtree(memory)  # listed as fine, fails while loading
    before = app.living.clock.now if app.living else None
    other, error = tour.flow.open(tour.screen, LoadSlot("Gone"))
    assert other is None and "Gone" in error
    app.resume_after_failed_load(error)
    tour.frames(2)
    menu = app.panels.top
    assert isinstance(menu, LoadMenu) and menu.error == error
    assert app.living is not None and app.living.clock.now >= before  # type: ignore[operator]


def test_quitting_asks_to_save_and_saves(tour: Tour) -> None:
    app = tour.start_town()
    post(pygame.event.Event(pygame.QUIT))
    tour.frames(2)
    prompt = app.panels.top
    assert isinstance(prompt, SavePrompt)
    post(*click_event(menu_point(prompt, prompt.button("Save & quit"))))
    tour.until(lambda: app.menus is not None and app.menus.leaving is not None, "leaving", 30)
    assert app.menus is not None and app.menus.leaving is not None
    assert app.menus.leaving.to == "quit"
    assert tour.slots.exists("autosave")


def test_closing_the_town_shows_what_it_is_doing(tour: Tour) -> None:
    """Issue 31: "Save & quit" froze the window while the town closed."""
    app = tour.start_town()
    tour.frames(5)
    picture = tour.flow.close_with_screen(app)
    assert app.living is None and app.recording is None  # closed
    assert picture.frames >= 1 and picture.last_status is not None
    assert picture.subtitle == "closing the town"
    assert [t for t in threading.enumerate() if t.name.startswith("mind")] == []


def test_the_title_says_the_offline_brain_and_how_to_connect(tour: Tour) -> None:
    title = TitleScreen(tour.flow.text, tour.player_settings, tour.slots, tour.flow.towns)
    tour.title_frames(title, 2)
    assert title.title.brain_line.startswith("Offline brain")
    assert title.title.connect_hint and "OPENAI_API_KEY" in title.title.connect_hint
    tour.press_menu_button(title, "Quit")
    assert title.quit


def test_esc_opens_the_pause_menu_which_stops_the_clock(tour: Tour) -> None:
    app = tour.start_town()
    post(*key_events(pygame.K_ESCAPE))
    tour.frames(2)
    assert isinstance(app.panels.top, PauseMenu)
    assert app.living is not None
    now = app.living.clock.now
    tour.frames(30)
    assert app.living.clock.now == now
    post(*key_events(pygame.K_ESCAPE))  # Esc again resumes
    tour.frames(30)
    assert not any(isinstance(p, MenuPanel) for p in app.panels)
    assert app.living.clock.now > now
    assert not any(isinstance(p, InspectorPanel) for p in app.panels)


def test_taking_over_a_resident_rests_their_mind(tour: Tour) -> None:
    opened, error = tour.flow.open(tour.screen, NewTown(TOWN, "", "", take_over="Klaus Mueller"))
    assert opened is not None, error
    tour.app = opened
    assert opened.session is not None and opened.session.player is not None
    player = opened.session.player
    assert (player.name, player.is_visitor) == ("Klaus Mueller", False)
    assert opened.population.controlled == "Klaus Mueller"
    assert {r.name for r in opened.population} == {
        "Isabella Rodriguez", "Klaus Mueller", "Maria Lopez",
    }  # fmt: skip
    start = player.body.tile
    post(*key_events(pygame.K_6))
    for _ in range(60):  # an hour at x30: the others get on with their day, Klaus stays put
        tour.frames(1)
    assert player.body.tile == start
    assert opened.session.visitor_save() is not None
    assert opened.session.visitor_save().controls == "Klaus Mueller"  # type: ignore[union-attr]


def test_the_game_loop_quits_from_the_title(tour: Tour) -> None:
    pygame.event.clear()
    post(pygame.event.Event(pygame.QUIT))
    assert tour.flow.run() == 0


def test_closing_the_window_while_a_town_loads_quits_cleanly(tour: Tour) -> None:
    flow = GameFlow(tour.options, NewTown(TOWN, "Ada", ""), tour.slots, tour.player_settings)
    pygame.event.clear()
    post(pygame.event.Event(pygame.QUIT))  # the loading screen sees it
    assert flow.run() == 0
    assert [t for t in threading.enumerate() if t.name.startswith("mind")] == []
