"""Editing towns from the title screen with real pygame events, on the real town files: add,
edit and remove residents, a refused value changing nothing, an intention seeded in the
scenario, a bundled town saved as the player's own and listed in New town, a broken user
town shown but not started."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.files.settings import UserSettings
from game.play.entry import town_options
from game.play.flow import TitleScreen
from game.play.tour import Tour, click_event, key_events, menu_point, typing_events
from game.play.town_menus import PlayerSettings
from game.render.text import PixelText
from game.saves import SaveSlots
from game.town_files import TownEditor, user_towns_dir
from game.ui.menus import (
    IntentionForm,
    MenuPanel,
    NewTown,
    NewTownMenu,
    ResidentForm,
    ScenarioForm,
    TownEditorMenu,
)
from game.ui.menus.items import Item

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = ROOT / "saves" / "the_ville_n3"
TOWN = "the_ville_n3"


@pytest.fixture
def title(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TitleScreen]:
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    pygame.display.set_mode((1280, 720))
    settings = PlayerSettings(UserSettings(), write=lambda settings: None)
    screen = TitleScreen(PixelText(), settings, SaveSlots(tmp_path / "saves"), town_options())
    frames(screen)
    yield screen
    pygame.quit()


def frames(title: TitleScreen, *events: pygame.event.Event, count: int = 2) -> None:
    """Post `events` and run frames of the title (input, choices, drawing)."""
    for event in events:
        pygame.event.post(event)
    surface = pygame.display.get_surface()
    assert surface is not None
    for _ in range(count):
        title.step(surface, 1 / 30, pygame.event.get())


def top(title: TitleScreen) -> MenuPanel:
    menu = title.panels.top
    assert isinstance(menu, MenuPanel)
    return menu


def click(title: TitleScreen, item: Item) -> None:
    frames(title, count=1)  # laid out
    frames(title, *click_event(menu_point(top(title), item)))


def press(title: TitleScreen, *keys: int) -> None:
    frames(title, *key_events(*keys))


def type_in(title: TitleScreen, item: Item, words: str, clear: int = 0) -> None:
    click(title, item)
    frames(title, *key_events(*[pygame.K_BACKSPACE] * clear), *typing_events(words))


def open_new_town(title: TitleScreen, town: str = TOWN) -> NewTownMenu:
    click(title, title.title.button("New town"))
    menu = top(title)
    assert isinstance(menu, NewTownMenu)
    index = [t.id for t in menu.towns].index(town)
    press(title, *[pygame.K_RIGHT] * index)  # the town picker has the focus
    assert menu.town is not None and menu.town.id == town
    return menu


def open_editor(title: TitleScreen, town: str = TOWN) -> TownEditorMenu:
    menu = open_new_town(title, town)
    click(title, menu.edit_button)
    editor = top(title)
    assert isinstance(editor, TownEditorMenu), menu.message
    return editor


def select(title: TitleScreen, editor: TownEditorMenu, name: str) -> None:
    editor.focus(editor.list)
    press(title, pygame.K_HOME, *[pygame.K_DOWN] * editor.names.index(name))
    assert editor.selected == name


def resident_form(title: TitleScreen) -> ResidentForm:
    form = top(title)
    assert isinstance(form, ResidentForm)
    return form


def residents_of(title: TitleScreen) -> dict[str, dict[str, Any]]:
    assert title.editing.editor is not None
    return {str(r["name"]): r for r in title.editing.editor.residents()}


def test_add_edit_and_remove_residents_then_save_as_my_town(title: TitleScreen) -> None:
    bundled_before = {p.name: p.read_bytes() for p in BUNDLED.iterdir()}
    editor = open_editor(title)
    assert editor.names == ["Isabella Rodriguez", "Klaus Mueller", "Maria Lopez"]
    assert editor.bundled and not editor.dirty

    # add
    click(title, editor.add_button)
    form = resident_form(title)
    assert form.title == "New resident" and form.focused is form.name
    frames(title, *typing_events("Ada Lovelace"))
    type_in(title, form.age, "36", clear=3)
    type_in(title, form.learned, "Ada Lovelace writes notes on the engines at the college.")
    type_in(title, form.currently, "Ada Lovelace is drafting her first program.")
    type_in(title, form.lifestyle, "Ada Lovelace works late and sleeps in.")
    click(title, form.tabs[3])  # People
    form.focus(form.relationship_with)
    press(title, pygame.K_RIGHT)  # Klaus Mueller
    type_in(title, form.relationship_how, "Ada Lovelace met Klaus Mueller at a lecture.")
    press(title, pygame.K_RETURN)
    click(title, form.ok_button)
    assert form.closed, form.message
    assert top(title) is editor
    assert editor.names[-1] == "Ada Lovelace" and editor.dirty
    assert editor.selected == "Ada Lovelace"
    ada = residents_of(title)["Ada Lovelace"]
    assert ada["age"] == 36
    assert ada["relationships"] == {"Klaus Mueller": "Ada Lovelace met Klaus Mueller at a lecture."}
    assert "Ada Lovelace added" in editor.message

    # edit: Maria is a year older and wakes at 6
    select(title, editor, "Maria Lopez")
    click(title, editor.edit_button)
    form = resident_form(title)
    assert form.title == "Edit Maria Lopez"
    type_in(title, form.age, "22", clear=3)
    click(title, form.tabs[2])  # Places & hours
    form.focus(form.hours["wake_hour"])
    before = form.hours["wake_hour"].value
    press(title, pygame.K_LEFT)
    click(title, form.ok_button)
    assert form.closed, form.message
    maria = residents_of(title)["Maria Lopez"]
    assert maria["age"] == 22
    assert maria["routine"]["wake_hour"] == before - 1
    assert editor.list.rows[editor.names.index("Maria Lopez")].lines[1][0].startswith("22 · ")

    # remove (asked first); everyone's relationships to them go too
    select(title, editor, "Klaus Mueller")
    click(title, editor.remove_button)
    assert editor.asking == "remove" and "Klaus Mueller" in residents_of(title)
    click(title, editor.confirm_button)
    people = residents_of(title)
    assert "Klaus Mueller" not in people and "Klaus Mueller" not in editor.names
    assert all("Klaus Mueller" not in p["relationships"] for p in people.values())

    # save: a bundled town becomes the player's own, under the name asked for
    click(title, editor.save_button)
    assert editor.asking == "save_as"
    frames(title, *typing_events("My Ville"), *key_events(pygame.K_RETURN))
    assert not editor.dirty and not editor.bundled, editor.message
    assert editor.message.startswith("Saved: My Ville (3 residents)")
    folder = user_towns_dir() / "my_ville"
    written = json.loads((folder / "personas.json").read_text("utf-8"))
    assert [p["name"] for p in written["personas"]] == [
        "Isabella Rodriguez", "Maria Lopez", "Ada Lovelace",
    ]  # fmt: skip
    assert {p.name: p.read_bytes() for p in BUNDLED.iterdir()} == bundled_before

    # New town lists it, picked; Back, then Start starts it like a bundled town
    new_town = title.panels.find(NewTownMenu)
    assert isinstance(new_town, NewTownMenu)
    assert new_town.town is not None and new_town.town.id == str(folder)
    assert new_town.town.shown == "My town: My Ville (3 residents)"
    click(title, editor.back_button)
    assert top(title) is new_town
    click(title, new_town.start_button)
    assert title.start == NewTown(str(folder), "Visitor", "a traveller passing through", None)


def test_a_refused_resident_shows_the_problem_and_changes_nothing(title: TitleScreen) -> None:
    editor = open_editor(title)
    click(title, editor.add_button)
    form = resident_form(title)
    frames(title, *typing_events("Klaus Mueller"))  # already lives here
    click(title, form.tabs[2])
    click(title, form.ok_button)
    assert not form.closed and top(title) is form
    assert "name: Klaus Mueller already lives here" in form.message
    assert form.page == "who" and form.focused is form.name
    assert list(residents_of(title)) == ["Isabella Rodriguez", "Klaus Mueller", "Maria Lopez"]
    assert title.editing.editor is not None and not title.editing.editor.dirty
    click(title, form.cancel_button)
    assert top(title) is editor and not editor.dirty

    # Klaus knows Wolfgang Schulz, who does not live in the 3-resident town: a relationship
    # the file had already is kept (people know people elsewhere); he can still be edited
    select(title, editor, "Klaus Mueller")
    click(title, editor.edit_button)
    form = resident_form(title)
    click(title, form.ok_button)
    assert form.closed, form.message
    assert list(residents_of(title)["Klaus Mueller"]["relationships"]) == [
        "Wolfgang Schulz",
        "Maria Lopez",
    ]


def test_an_intention_added_to_the_scenario(title: TitleScreen) -> None:
    editor = open_editor(title)
    click(title, editor.scenario_button)
    scenario = top(title)
    assert isinstance(scenario, ScenarioForm)
    assert scenario.start.field.text == "2023-02-13 07:00"
    count = len(scenario.ids)
    click(title, scenario.add_button)
    form = top(title)
    assert isinstance(form, IntentionForm)
    hosts = [value for value, _ in form.host.options]
    press(title, *[pygame.K_RIGHT] * hosts.index("Klaus Mueller"))  # the host has the focus
    type_in(title, form.what, "a reading group")
    form.focus(form.place)
    places = [value for value, _ in form.place.options]
    press(title, *[pygame.K_RIGHT] * places.index("Oak Hill College"))
    form.focus(form.day)
    press(title, pygame.K_RIGHT)  # Tue Feb 14 (from 4 to 5 pm)
    form.focus(form.known)
    press(title, pygame.K_HOME, *[pygame.K_DOWN] * form.known.names.index("Maria Lopez"))
    press(title, pygame.K_SPACE)
    assert form.known.ticked() == ["Maria Lopez"]
    click(title, form.ok_button)
    assert form.closed, form.message
    assert top(title) is scenario and len(scenario.ids) == count + 1
    assert scenario.selected == "reading-group"
    row = scenario.list.rows[scenario.ids.index("reading-group")]
    assert row.lines[0][0] == "Klaus Mueller: a reading group"
    assert row.lines[1][0] == "Oak Hill College · Tue Feb 14, 4 pm–5 pm · 2 know at the start"
    click(title, scenario.done_button)  # times unchanged: just closes
    assert top(title) is editor and editor.dirty
    click(title, editor.save_button)
    frames(title, *typing_events("Reading Ville"), *key_events(pygame.K_RETURN))
    saved = json.loads((user_towns_dir() / "reading_ville" / "scenario.json").read_text("utf-8"))
    item = next(i for i in saved["news"] if i["id"] == "reading-group")
    assert item["host"] == "Klaus Mueller" and item["seeds"] == ["Klaus Mueller", "Maria Lopez"]
    assert item["event"]["starts"] == "2023-02-14T16:00:00"
    again = TownEditor.open(user_towns_dir() / "reading_ville")
    assert "reading-group" in [i["id"] for i in again.intentions()]


def test_scenario_times_refused_by_the_town_change_nothing(title: TitleScreen) -> None:
    editor = open_editor(title)
    click(title, editor.scenario_button)
    scenario = top(title)
    assert isinstance(scenario, ScenarioForm)
    type_in(title, scenario.run_until, "2023-02-12 00:00", clear=19)  # before the start
    click(title, scenario.done_button)
    assert not scenario.closed and "run_until" in scenario.message
    assert title.editing.editor is not None and not title.editing.editor.dirty
    press(title, pygame.K_ESCAPE)
    assert top(title) is editor and not editor.dirty


def test_back_with_unsaved_changes_asks_and_the_town_is_not_written(title: TitleScreen) -> None:
    editor = open_editor(title)
    select(title, editor, "Maria Lopez")
    click(title, editor.remove_button)
    click(title, editor.confirm_button)
    assert editor.dirty
    press(title, pygame.K_ESCAPE)
    assert editor.asking == "discard" and top(title) is editor
    click(title, editor.discard_button)
    assert isinstance(top(title), NewTownMenu) and title.editing.editor is None
    assert not user_towns_dir().exists() or not any(user_towns_dir().iterdir())


def test_a_broken_user_town_is_listed_but_not_started(title: TitleScreen) -> None:
    broken = user_towns_dir() / "broken"
    broken.mkdir(parents=True)
    (broken / "town.json").write_text('{"town": "Broken", "resid', "utf-8")
    title.towns = town_options()
    menu = open_new_town(title, str(broken))
    assert menu.town is not None and menu.town.problem
    assert menu.town.shown.startswith("My town: ")
    click(title, menu.start_button)
    assert title.start is None and top(title) is menu
    assert "cannot be started" in menu.message
    click(title, menu.edit_button)
    assert top(title) is menu and menu.message.startswith("This town cannot be edited: ")


def test_saving_my_town_again_keeps_a_backup_of_what_it_replaces(title: TitleScreen) -> None:
    entry = TownEditor.open(TOWN).save("Mine")
    folder = Path(entry.id)
    before = (folder / "personas.json").read_text("utf-8")
    title.towns = town_options()
    editor = open_editor(title, entry.id)
    assert not editor.bundled and editor.label == "Mine"
    select(title, editor, "Isabella Rodriguez")
    click(title, editor.edit_button)
    form = resident_form(title)
    type_in(title, form.age, "35", clear=3)
    click(title, form.ok_button)
    assert form.closed, form.message
    click(title, editor.save_button)  # no name asked: saved in place
    assert editor.asking is None and not editor.dirty, editor.message
    written = json.loads((folder / "personas.json").read_text("utf-8"))
    assert written["personas"][0]["age"] == 35
    backups = list((folder / "backups").glob("*/personas.json"))
    assert [path.read_text("utf-8") for path in backups] == [before]


def test_a_user_town_starts_like_a_bundled_one(tmp_path: Path) -> None:
    editor = TownEditor.open(TOWN)
    ada = editor.blank_resident() | {
        "name": "Ada Lovelace",
        "learned": "Ada Lovelace paints portraits.",
        "currently": "Ada Lovelace is getting ready for a show.",
        "lifestyle": "Ada Lovelace rises early and paints until noon.",
    }
    assert editor.put_resident(ada) == []
    entry = editor.save("Ada's Ville")
    pygame.init()
    tour = Tour(None, entry.id, (1280, 720), "hashing", SaveSlots(tmp_path / "slots"))
    try:
        app = tour.start_town("Bea", "a baker from the coast")  # through New town, by events
        assert {r.name for r in app.population} >= {"Ada Lovelace", "Klaus Mueller", "Bea"}
        assert app.session is not None and app.session.player is not None
        assert app.session.player.name == "Bea"
    finally:
        tour.close()
        pygame.quit()


def test_closing_the_window_with_changes_not_saved_asks_first(title: TitleScreen) -> None:
    editor = open_editor(title)
    frames(title, pygame.event.Event(pygame.QUIT))
    assert title.quit  # nothing changed: the close button quits at once
    title.quit = False
    select(title, editor, "Maria Lopez")
    click(title, editor.remove_button)
    click(title, editor.confirm_button)
    assert title.editing.editor is not None and title.editing.editor.dirty
    frames(title, pygame.event.Event(pygame.QUIT))
    assert not title.quit and editor.asking == "discard" and top(title) is editor
    click(title, editor.keep_editing_button)  # keep editing: nothing lost
    assert not title.quit and editor.asking is None
    assert "Maria Lopez" not in residents_of(title)
    frames(title, pygame.event.Event(pygame.QUIT))
    click(title, editor.discard_button)  # Discard, after the close button: quit
    assert title.quit


def test_closing_the_window_twice_quits_even_with_changes(title: TitleScreen) -> None:
    editor = open_editor(title)
    select(title, editor, "Maria Lopez")
    click(title, editor.remove_button)
    click(title, editor.confirm_button)
    click(title, editor.add_button)  # a form open over the editor
    assert isinstance(top(title), ResidentForm)
    frames(title, pygame.event.Event(pygame.QUIT))
    assert not title.quit and top(title) is editor and editor.asking == "discard"
    frames(title, pygame.event.Event(pygame.QUIT))
    assert title.quit
