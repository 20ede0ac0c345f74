"""The town editor's menus on plain data, driven by real pygame events (typed text, keys,
clicks at window positions): New town with the player's towns, the residents list, the
resident form (every page), the scenario and intention forms."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.play.tour import click_event, key_events, menu_point, typing_events
from game.render.text import PixelText
from game.town.looks import check_look
from game.ui.menus import (
    Back,
    EditIntention,
    EditResident,
    EditTown,
    IntentionForm,
    MenuPanel,
    NewTown,
    NewTownMenu,
    PutIntention,
    PutResident,
    PutScenarioTimes,
    RemoveIntention,
    RemoveResident,
    ResidentForm,
    SaveTown,
    ScenarioForm,
    TownEditorMenu,
    TownOption,
)
from game.ui.menus.items import Item
from game.ui.widgets import ERROR

ROOT = Path(__file__).resolve().parents[2]
PEOPLE: list[dict[str, Any]] = json.loads(
    (ROOT / "saves" / "the_ville_n3" / "personas.json").read_text("utf-8")
)["personas"]
NAMES = [person["name"] for person in PEOPLE]
PLACES = {
    "Hobbs Cafe": ["cafe", "kitchen"],
    "Oak Hill College": ["library", "classroom"],
    "Isabella Rodriguez's apartment": ["bedroom", "main room"],
    "Dorm for Oak Hill College": ["Klaus Mueller's room", "Maria Lopez's room", "common room"],
    "The Willows Market and Pharmacy": ["store"],
}
INTENTION = {
    "id": "reading-group",
    "host": "Klaus Mueller",
    "what": "a reading group",
    "place": "Oak Hill College",
    "starts": "2023-02-16T16:00:00",
    "ends": "2023-02-16T17:00:00",
    "known_by": ["Klaus Mueller", "Maria Lopez"],
}


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.init()
    yield pygame.display.set_mode((1280, 720))
    pygame.quit()


@pytest.fixture
def text(screen: pygame.Surface) -> PixelText:
    return PixelText()


def feed(menu: MenuPanel, *events: pygame.event.Event) -> None:
    """Through pygame's queue to the menu, as the title screen does (drawn first: rects)."""
    pygame.event.clear()
    for event in events:
        pygame.event.post(event)
    for event in pygame.event.get():
        menu.handle(event)


def draw(menu: MenuPanel) -> None:
    surface = pygame.display.get_surface()
    assert surface is not None
    menu.draw(surface)


def click(menu: MenuPanel, item: Item) -> None:
    draw(menu)
    feed(menu, *click_event(menu_point(menu, item)))
    draw(menu)


def keys(menu: MenuPanel, *pressed: int) -> None:
    feed(menu, *key_events(*pressed))


def type_into(menu: MenuPanel, item: Item, words: str, clear: int = 0) -> None:
    click(menu, item)
    keys(menu, *[pygame.K_BACKSPACE] * clear)
    feed(menu, *typing_events(words))


# --- New town ----------------------------------------------------------------------------


TOWNS = [
    TownOption("the_ville_n3", "The Ville (3 residents)", NAMES),
    TownOption("/data/towns/my_ville", "My Ville (4 residents)", [*NAMES, "Ada"], False),
    TownOption("/data/towns/broken", "broken", [], False, "personas.json: not valid JSON"),
]


def test_new_town_lists_the_players_towns_after_the_bundled_ones(text: PixelText) -> None:
    menu = NewTownMenu(text, TOWNS)
    labels = [label for _, label in menu.town_picker.options]
    assert labels == [
        "The Ville (3 residents)",
        "My town: My Ville (4 residents)",
        "My town: broken",
    ]
    keys(menu, pygame.K_RIGHT)  # the town picker has the focus
    click(menu, menu.start_button)
    choice = menu.take_choice()
    assert isinstance(choice, NewTown) and choice.town == "/data/towns/my_ville"


def test_a_town_with_a_problem_says_it_and_is_not_started(text: PixelText) -> None:
    menu = NewTownMenu(text, TOWNS)
    keys(menu, pygame.K_LEFT)  # back around to the last town
    assert "personas.json: not valid JSON" in menu.message and menu.message_colour == ERROR
    click(menu, menu.start_button)
    assert menu.choice is None
    assert menu.message == "My town: broken cannot be started: personas.json: not valid JSON"


def test_edit_town_opens_the_editor_for_the_town_picked(text: PixelText) -> None:
    menu = NewTownMenu(text, TOWNS)
    keys(menu, pygame.K_RIGHT)
    click(menu, menu.edit_button)
    assert menu.take_choice() == EditTown("/data/towns/my_ville")


def test_set_towns_shows_a_new_town_and_picks_it(text: PixelText) -> None:
    menu = NewTownMenu(text, TOWNS[:1])
    menu.set_towns(TOWNS[:2], selected="/data/towns/my_ville")
    assert menu.town is not None and menu.town.id == "/data/towns/my_ville"
    assert len(menu.residents.rows) == 4


# --- the town editor ---------------------------------------------------------------------


def test_the_editor_lists_residents_and_asks_before_removing(text: PixelText) -> None:
    menu = TownEditorMenu(text, "The Ville (3 residents)", PEOPLE, bundled=False)
    assert [row.lines[0][0] for row in menu.list.rows] == NAMES
    assert menu.list.rows[0].lines[1][0] == "34 · works at Hobbs Cafe · up 6 am–10 pm"
    click(menu, menu.add_button)
    assert menu.take_choice() == EditResident(None)
    keys(menu, pygame.K_TAB, pygame.K_TAB)  # off the buttons, around to the list
    menu.focus(menu.list)
    keys(menu, pygame.K_DOWN, pygame.K_RETURN)  # Enter on a row edits it
    assert menu.take_choice() == EditResident("Klaus Mueller")
    click(menu, menu.remove_button)
    assert menu.choice is None and menu.asking == "remove"
    assert menu.focused is menu.keep_button  # the safe answer first
    keys(menu, pygame.K_ESCAPE)
    assert menu.asking is None and menu.choice is None
    click(menu, menu.remove_button)
    click(menu, menu.confirm_button)
    assert menu.take_choice() == RemoveResident("Klaus Mueller")
    menu.set_residents([PEOPLE[0], PEOPLE[2]], dirty=True)
    assert [row.lines[0][0] for row in menu.list.rows] == [NAMES[0], NAMES[2]]


def test_back_with_unsaved_changes_asks_to_discard(text: PixelText) -> None:
    menu = TownEditorMenu(text, "My Ville", PEOPLE, bundled=False, dirty=True)
    click(menu, menu.back_button)
    assert menu.choice is None and menu.asking == "discard"
    click(menu, menu.keep_editing_button)
    assert menu.asking is None
    click(menu, menu.back_button)
    click(menu, menu.discard_button)
    assert menu.take_choice() == Back()
    clean = TownEditorMenu(text, "My Ville", PEOPLE, bundled=False)
    keys(clean, pygame.K_ESCAPE)
    assert clean.take_choice() == Back()


def test_saving_a_bundled_town_asks_for_a_name(text: PixelText) -> None:
    menu = TownEditorMenu(text, "The Ville (3 residents)", PEOPLE, bundled=True)
    click(menu, menu.save_button)
    assert menu.asking == "save_as" and menu.focused is menu.town_name
    click(menu, menu.save_as_button)  # no name yet
    assert menu.choice is None and "Name your town" in menu.message
    type_into(menu, menu.town_name, "My Ville")
    keys(menu, pygame.K_RETURN)
    assert menu.take_choice() == SaveTown("My Ville")
    own = TownEditorMenu(text, "My Ville", PEOPLE, bundled=False, dirty=True)
    click(own, own.save_button)
    assert own.take_choice() == SaveTown(None)


# --- the resident form -------------------------------------------------------------------


def new_form(text: PixelText, person: dict[str, Any] | None = None) -> ResidentForm:
    if person is None:
        return ResidentForm(text, {"routine": {}, "relationships": {}}, PLACES, NAMES)
    return ResidentForm(text, copy.deepcopy(person), PLACES, NAMES, person["name"])


def test_a_new_resident_typed_in_and_picked_through_every_page(text: PixelText) -> None:
    form = new_form(text)
    assert form.title == "New resident" and form.focused is form.name
    feed(form, *typing_events("Ada Lovelace"))
    keys(form, pygame.K_TAB)
    feed(form, *typing_events("36"))
    for item, words in (
        (form.innate, "curious, precise, warm"),
        (form.learned, "Ada Lovelace writes notes on engines."),
        (form.currently, "Ada Lovelace is drafting a program."),
        (form.lifestyle, "Ada Lovelace works late."),
    ):
        type_into(form, item, words)
    click(form, form.tabs[1])  # Facts
    type_into(form, form.facts[0], "Ada Lovelace loves mathematics")
    type_into(form, form.facts[1], "Ada Lovelace plays the harp")
    click(form, form.tabs[2])  # Places & hours
    assert form.page == "places"
    home = sorted(PLACES).index("Hobbs Cafe")
    form.focus(form.home_sector)
    keys(form, *[pygame.K_RIGHT] * (home - form.home_sector.index))
    assert form.home_sector.value == "Hobbs Cafe"
    assert [v for v, _ in form.home_arena.options] == ["cafe", "kitchen"]
    click(form, form.home_arena)  # right half: the next room
    form.focus(form.work_sector)
    keys(form, pygame.K_RIGHT)  # from "no workplace" to the first sector
    assert form.work_arena.enabled
    form.focus(form.hours["wake_hour"])
    keys(form, pygame.K_LEFT)  # 7 am → 6 am
    click(form, form.tabs[3])  # People
    form.focus(form.relationship_with)
    keys(form, pygame.K_RIGHT)  # Klaus Mueller
    type_into(form, form.relationship_how, "Ada met Klaus at a lecture.")
    keys(form, pygame.K_RETURN)  # Enter in the field sets it
    assert form.relationships == {"Klaus Mueller": "Ada met Klaus at a lecture."}
    click(form, form.ok_button)
    choice = form.take_choice()
    assert isinstance(choice, PutResident) and choice.replacing is None
    values = choice.values
    assert values["name"] == "Ada Lovelace" and values["age"] == 36
    assert values["innate"] == "curious, precise, warm"
    assert values["description"] == "Ada Lovelace loves mathematics;Ada Lovelace plays the harp"
    assert (values["home_sector"], values["home_arena"]) == ("Hobbs Cafe", "kitchen")
    first = sorted(PLACES)[0]
    assert (values["work_sector"], values["work_arena"]) == (first, PLACES[first][0])
    assert values["routine"]["wake_hour"] == 6 and values["routine"]["sleep_hour"] == 23
    assert values["relationships"] == {"Klaus Mueller": "Ada met Klaus at a lecture."}
    assert values["look"] is None  # the default look for the name


def test_editing_keeps_what_was_not_touched(text: PixelText) -> None:
    klaus = PEOPLE[1]
    form = new_form(text, klaus)
    assert form.title == "Edit Klaus Mueller"
    type_into(form, form.age, "21", clear=3)
    click(form, form.ok_button)
    choice = form.take_choice()
    assert isinstance(choice, PutResident) and choice.replacing == "Klaus Mueller"
    assert choice.values == {**klaus, "age": 21, "look": None}


def test_a_bad_age_is_named_and_nothing_is_chosen(text: PixelText) -> None:
    form = new_form(text, PEOPLE[0])
    click(form, form.tabs[2])
    type_into(form, form.tabs[0], "")  # back to the first page
    type_into(form, form.age, "old", clear=3)
    click(form, form.tabs[4])  # on another page when pressing OK
    click(form, form.ok_button)
    assert form.choice is None
    assert form.message == "age: 'old' is not a whole number of years"
    assert form.page == "who" and form.focused is form.age  # the field named gets the focus


def test_the_towns_problems_open_the_page_of_the_first_field_named(text: PixelText) -> None:
    form = new_form(text, PEOPLE[1])
    form.show_problems(
        ["routine.sleep_hour: 27 is not an hour (0–23)", "work_sector: 'Moon Base' is not a place"]
    )
    assert form.page == "places" and form.focused is form.hours["sleep_hour"]
    assert "routine.sleep_hour: 27" in form.message and "Moon Base" in form.message
    form.show_problems(["relationships: 'Wolfgang Schulz' does not live in this town"])
    focused: object = form.focused  # (mypy keeps the narrowing from the assert above)
    assert str(form.page) == "people" and focused is form.relationship_list
    assert form.relationship_list.selected == list(form.relationships).index("Wolfgang Schulz")


def test_a_relationship_to_someone_not_in_town_is_marked_and_removable(text: PixelText) -> None:
    form = new_form(text, PEOPLE[1])  # Klaus knows Wolfgang Schulz, who is not in this town
    click(form, form.tabs[3])
    rows = {row.lines[0][0]: row for row in form.relationship_list.rows}
    assert rows["Wolfgang Schulz"].note == "not in this town" and rows["Maria Lopez"].note == ""
    form.relationship_list.select(list(form.relationships).index("Wolfgang Schulz"))
    click(form, form.unset_button)
    assert "Wolfgang Schulz" not in form.relationships
    click(form, form.ok_button)
    choice = form.take_choice()
    assert isinstance(choice, PutResident)
    assert list(choice.values["relationships"]) == ["Maria Lopez"]


def test_an_unknown_place_stays_for_the_town_to_name(text: PixelText) -> None:
    moved = {**PEOPLE[0], "work_sector": "Moon Base", "work_arena": "crater"}
    form = new_form(text, moved)
    assert form.work_sector.value == "Moon Base"
    assert form.work_sector.options[form.work_sector.index][1] == "Moon Base (not on the map)"
    form.ok()
    choice = form.take_choice()
    assert isinstance(choice, PutResident) and choice.values["work_sector"] == "Moon Base"


def test_the_look_page_randomises_and_resets(text: PixelText) -> None:
    form = new_form(text, PEOPLE[2])
    click(form, form.tabs[4])
    assert form.look.items[0] in form.items()  # the part pickers take the focus too
    click(form, form.look.randomise_button)
    look = form.look.value()
    assert look is not None and check_look(look) == [] and len(look) == len(form.look.items)
    hair = form.look.item_for("hair_style")
    before = hair.value
    click(form, hair)
    assert form.look.value() is not None and hair.value != before
    click(form, form.look.reset_button)
    assert form.look.value() is None
    click(form, form.ok_button)
    choice = form.take_choice()
    assert isinstance(choice, PutResident) and choice.values["look"] is None


def test_escape_cancels_the_form(text: PixelText) -> None:
    form = new_form(text, PEOPLE[0])
    click(form, form.cancel_button)
    assert form.take_choice() == Back()


# --- the scenario and its intentions -----------------------------------------------------


SCENARIO = {
    "title": "Valentine's Day",
    "start": "2023-02-13T07:00:00",
    "run_until": "2023-02-17T00:00:00",
}


def test_scenario_times_are_typed_and_checked(text: PixelText) -> None:
    form = ScenarioForm(text, SCENARIO, [INTENTION])
    assert form.start.field.text == "2023-02-13 07:00"
    click(form, form.done_button)
    assert form.take_choice() == Back()  # nothing changed
    type_into(form, form.start, "2023-02-31 08:00", clear=19)
    click(form, form.done_button)
    assert form.choice is None
    assert form.message.startswith("start: '2023-02-31 08:00' is not a date and time")
    assert form.focused is form.start
    keys(form, *[pygame.K_BACKSPACE] * 8)
    feed(form, *typing_events("14 08:30"))
    draw(form)
    assert form.start.hint == "Tue Feb 14 2023, 8:30 am"
    click(form, form.done_button)
    assert form.take_choice() == PutScenarioTimes("2023-02-14T08:30:00", "2023-02-17T00:00:00")


def test_scenario_intentions_add_edit_and_remove(text: PixelText) -> None:
    form = ScenarioForm(text, SCENARIO, [INTENTION])
    row = form.list.rows[0]
    assert row.lines[0][0] == "Klaus Mueller: a reading group"
    assert row.lines[1][0] == "Oak Hill College · Thu Feb 16, 4 pm–5 pm · 2 know at the start"
    click(form, form.add_button)
    assert form.take_choice() == EditIntention(None)
    click(form, form.edit_button)
    assert form.take_choice() == EditIntention("reading-group")
    click(form, form.remove_button)
    assert form.choice is None
    click(form, form.confirm_button)
    assert form.take_choice() == RemoveIntention("reading-group")
    form.set_intentions([])
    assert not form.edit_button.enabled and not form.remove_button.enabled


DAYS = [date(2023, 2, 13), date(2023, 2, 14), date(2023, 2, 15), date(2023, 2, 16)]


def test_a_new_intention_picked_typed_and_ticked(text: PixelText) -> None:
    form = IntentionForm(text, None, NAMES, sorted(PLACES), DAYS, ["reading-group"])
    keys(form, pygame.K_RIGHT)  # host: Klaus Mueller
    type_into(form, form.what, "a reading group")
    form.focus(form.place)
    keys(form, pygame.K_RIGHT)
    form.focus(form.day)
    keys(form, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT)  # Thu Feb 16
    assert form.begins.value == 16 * 60 and form.ends.value == 17 * 60  # 4 to 5 pm
    form.focus(form.ends)
    keys(form, pygame.K_RIGHT)  # to 5:30 pm
    assert form.known.names == ["Isabella Rodriguez", "Maria Lopez"]  # not the host
    draw(form)
    second = (form.known.rect.x + 20, form.known.rect.y + 3 + form.known.row_height)
    feed(form, *click_event((second[0] * form.scale + form.offset[0],
                             second[1] * form.scale + form.offset[1])))  # fmt: skip
    assert form.known.ticked() == ["Maria Lopez"]
    click(form, form.ok_button)
    choice = form.take_choice()
    assert isinstance(choice, PutIntention) and choice.replacing is None
    assert choice.values == {
        "id": "reading-group-2",
        "host": "Klaus Mueller",
        "what": "a reading group",
        "place": sorted(PLACES)[1],
        "starts": "2023-02-16T16:00:00",
        "ends": "2023-02-16T17:30:00",
        "known_by": ["Klaus Mueller", "Maria Lopez"],
    }


def test_an_intention_that_ends_before_it_starts_is_refused(text: PixelText) -> None:
    form = IntentionForm(text, INTENTION, NAMES, sorted(PLACES), DAYS)
    assert form.title == "Edit intention" and form.known.ticked() == ["Maria Lopez"]
    form.focus(form.ends)
    keys(form, pygame.K_LEFT, pygame.K_LEFT)  # to 4 pm
    click(form, form.ok_button)
    assert form.choice is None and form.message == "ends: 4 pm is not after 4 pm"
    assert form.focused is form.ends
    form.focus(form.host)
    keys(form, pygame.K_LEFT)  # host: Isabella; Klaus becomes someone who may know
    assert form.known.names == ["Klaus Mueller", "Maria Lopez"]
    assert form.known.ticked() == ["Maria Lopez"]
    keys(form, pygame.K_ESCAPE)
    assert form.take_choice() == Back()
