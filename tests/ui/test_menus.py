"""The menus, driven by real pygame events (keys, typed text, clicks at window positions)."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.bridge import brain_lines
from game.files.settings import UserSettings, load, save
from game.saves import SaveSlots
from game.ui.menus import (
    Back,
    DeleteSlot,
    LoadMenu,
    LoadSlot,
    MenuPanel,
    NewTown,
    NewTownMenu,
    OpenLoad,
    OpenNewTown,
    OpenSettings,
    PauseMenu,
    QuitGame,
    QuitToTitle,
    Resume,
    SaveAs,
    SavePrompt,
    SaveSettings,
    SettingsMenu,
    TitleMenu,
)
from game.ui.menus.items import ButtonItem, Item, TextLine
from game.ui.menus.settings_menu import ENVIRONMENT_KEY_HINT, KEY_HINT
from game.ui.panels import PanelStack
from game.ui.widgets import ERROR, GOOD

SAVE_TESTS = str(Path(__file__).resolve().parent.parent / "saves")
if SAVE_TESTS not in sys.path:
    sys.path.insert(0, SAVE_TESTS)

from town_saves import fake_memory, rich_save  # noqa: E402

RESIDENTS = ["Isabella Rodriguez", "Klaus Mueller", "Maria Lopez"]
TOWNS = [
    ("the_ville_n25", "The Ville (25 residents)", [*RESIDENTS, "Ayesha Khan"]),
    ("the_ville_n3", "The Ville (3 residents)", RESIDENTS),
]
SECRET = "sk-typed-DISTINCTIVE-8c2e41"


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.init()
    yield pygame.display.set_mode((800, 600))
    pygame.quit()


@pytest.fixture
def text(screen: pygame.Surface) -> object:
    from game.render.text import PixelText

    return PixelText()


# --- real events ------------------------------------------------------------------------


def feed(menu: MenuPanel, *events: pygame.event.Event) -> None:
    """Post `events` to pygame's queue and hand what comes out to the menu, as the app does."""
    pygame.event.clear()
    for event in events:
        pygame.event.post(event)
    for event in pygame.event.get():
        menu.handle(event)


def press(menu: MenuPanel, *keys: int, mod: int = 0) -> None:
    feed(menu, *(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="") for k in keys))


def type_text(menu: MenuPanel, words: str) -> None:
    feed(menu, *(pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in words))


def window_point(menu: MenuPanel, item: Item) -> tuple[int, int]:
    """Where `item`'s centre is on the window (the menu may be scaled)."""
    x, y = item.rect.center
    return (x * menu.scale + menu.offset[0], y * menu.scale + menu.offset[1])


def click(menu: MenuPanel, screen: pygame.Surface, item: Item) -> None:
    menu.draw(screen)  # rects are laid out when drawn
    pos = window_point(menu, item)
    feed(
        menu,
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
    )


def texts(menu: MenuPanel) -> list[tuple[str, tuple[int, int, int]]]:
    return [(row.words, row.colour) for row in menu.rows() if isinstance(row, TextLine)]


# --- title ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("downs", "expected"),
    [(0, OpenNewTown()), (1, OpenLoad()), (2, OpenSettings()), (3, QuitGame(save_first=False))],
)
def test_title_keys_choose(text: object, downs: int, expected: object) -> None:
    menu = TitleMenu(text)  # type: ignore[arg-type]
    press(menu, *([pygame.K_DOWN] * downs), pygame.K_RETURN)
    assert menu.take_choice() == expected
    assert menu.take_choice() is None  # read once


def test_title_up_wraps_and_escape_goes_to_quit(text: object) -> None:
    menu = TitleMenu(text)  # type: ignore[arg-type]
    press(menu, pygame.K_UP, pygame.K_RETURN)
    assert menu.take_choice() == QuitGame(save_first=False)
    press(menu, pygame.K_DOWN, pygame.K_ESCAPE)
    assert menu.choice is None
    press(menu, pygame.K_RETURN)
    assert menu.take_choice() == QuitGame(save_first=False)


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_title_clicks_choose(screen: pygame.Surface, text: object, size: tuple[int, int]) -> None:
    screen = pygame.display.set_mode(size)
    menu = TitleMenu(text)  # type: ignore[arg-type]
    expected = [OpenNewTown(), OpenLoad(), OpenSettings(), QuitGame(save_first=False)]
    for label, choice in zip(["New town", "Load", "Settings", "Quit"], expected, strict=True):
        click(menu, screen, menu.button(label))
        assert menu.take_choice() == choice
    assert menu.scale == (3 if size == (1920, 1080) else 1)


def test_title_shows_the_brain_and_how_to_connect(text: object) -> None:
    offline = TitleMenu(text)  # type: ignore[arg-type]
    words = [w for w, _ in texts(offline)]
    assert "Offline brain: no model connected" in words
    assert any("OPENAI_API_KEY" in w and "Settings" in w for w in words)
    server = UserSettings(backend="server", base_url="http://localhost:11434/v1")
    line, hint = brain_lines(server, env={})
    online = TitleMenu(text, line, hint)  # type: ignore[arg-type]
    assert [w for w, _ in texts(online)][-1] == "Model: gpt-4o-mini at http://localhost:11434/v1"


def test_a_menu_is_modal_in_the_panel_stack(text: object) -> None:
    stack = PanelStack()
    stack.open(PauseMenu(text))  # type: ignore[arg-type]
    assert stack.modal and stack.pausing
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w")
    assert stack.handle(event)  # the town never sees it


# --- new town ---------------------------------------------------------------------------


def test_new_town_defaults(screen: pygame.Surface, text: object) -> None:
    menu = NewTownMenu(text, TOWNS)  # type: ignore[arg-type]
    click(menu, screen, menu.start_button)
    expected = NewTown("the_ville_n25", "Visitor", "a traveller passing through", None)
    assert menu.take_choice() == expected


def test_new_town_typed_visitor(screen: pygame.Surface, text: object) -> None:
    menu = NewTownMenu(text, TOWNS)  # type: ignore[arg-type]
    press(menu, pygame.K_RIGHT)  # the second town
    click(menu, screen, menu.name)
    assert menu.wants_text()
    type_text(menu, "  Ada  Lovelace ")
    press(menu, pygame.K_TAB)
    type_text(menu, "a painter from the coast")
    press(menu, pygame.K_RETURN)  # Enter in the last field moves on to Start
    assert menu.focused is menu.start_button and menu.choice is None
    press(menu, pygame.K_RETURN)
    assert menu.take_choice() == NewTown(
        "the_ville_n3", "Ada Lovelace", "a painter from the coast", None
    )


def test_new_town_caps_the_fields(text: object) -> None:
    menu = NewTownMenu(text, TOWNS)  # type: ignore[arg-type]
    menu.focus(menu.name)
    type_text(menu, "x" * 60)
    menu.focus(menu.description)
    type_text(menu, "y" * 200)
    menu.start()
    choice = menu.take_choice()
    assert isinstance(choice, NewTown)
    assert len(choice.visitor_name) == 40 and len(choice.visitor_description) == 120


def test_new_town_refuses_a_residents_name(screen: pygame.Surface, text: object) -> None:
    menu = NewTownMenu(text, TOWNS)  # type: ignore[arg-type]
    click(menu, screen, menu.name)
    type_text(menu, "klaus MUELLER")
    click(menu, screen, menu.start_button)
    assert menu.choice is None
    assert "Klaus Mueller already lives in The Ville (25 residents)" in menu.message
    assert menu.message_colour == ERROR
    assert menu.focused is menu.name  # back to the field to fix it


def test_new_town_take_over_a_resident(text: object) -> None:
    menu = NewTownMenu(text, TOWNS)  # type: ignore[arg-type]
    press(menu, pygame.K_DOWN, pygame.K_RIGHT)  # Who are you? → one of the residents
    assert menu.residents in menu.items() and menu.name not in menu.items()
    press(menu, pygame.K_DOWN)  # into the list
    assert menu.focused is menu.residents
    press(menu, pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN)  # to the 4th resident
    press(menu, pygame.K_DOWN)  # past the end: on to Start
    assert menu.focused is menu.start_button
    press(menu, pygame.K_RETURN)
    choice = menu.take_choice()
    assert isinstance(choice, NewTown) and choice.take_over == "Ayesha Khan"


def test_new_town_resident_list_follows_the_town(screen: pygame.Surface, text: object) -> None:
    menu = NewTownMenu(text, TOWNS)  # type: ignore[arg-type]
    menu.who_picker.step(1)
    assert len(menu.residents.rows) == 4
    click(menu, screen, menu.town_picker)  # right half: next town
    assert len(menu.residents.rows) == 3
    menu.draw(screen)
    second_row = (menu.residents.rect.x + 20, menu.residents.rect.y + 3 + menu.residents.row_height)
    pos = (second_row[0] * menu.scale, second_row[1] * menu.scale)
    feed(menu, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    menu.start()
    choice = menu.take_choice()
    assert isinstance(choice, NewTown) and choice.take_over == "Klaus Mueller"
    assert choice.town == "the_ville_n3"


def test_new_town_escape_is_back(text: object) -> None:
    menu = NewTownMenu(text, TOWNS)  # type: ignore[arg-type]
    press(menu, pygame.K_ESCAPE)
    assert menu.take_choice() == Back()


# --- load -------------------------------------------------------------------------------


@pytest.fixture
def slots(tmp_path: Path) -> SaveSlots:
    """Three real slots: two good ones and one whose town.json was cut off."""
    saves = SaveSlots(tmp_path / "saves")
    saves.write("Day 3", rich_save(hour=9), fake_memory())
    saves.write("autosave", rich_save(town="the_ville_n25", hour=17), fake_memory())
    saves.write("broken", rich_save(), fake_memory())
    (saves.path("broken") / "town.json").write_text('{"format_version": 1, "tow', "utf-8")
    return saves


def test_load_lists_slots_and_greys_the_broken_one(text: object, slots: SaveSlots) -> None:
    menu = LoadMenu(text, slots.list(), town_labels={"the_ville_n3": "The Ville (3)"})  # type: ignore[arg-type]
    names = [row.lines[0][0] for row in menu.list.rows]
    assert names == ["autosave", "broken", "Day 3"]
    day3 = menu.list.rows[2]
    assert day3.enabled
    assert day3.lines[1][0] == "The Ville (3) · Mon Feb 13 9:15 am · 3 residents"
    assert day3.note.startswith("saved May 1 2024")
    broken = menu.list.rows[1]
    assert not broken.enabled and broken.note == "broken"
    assert broken.lines[1][0].startswith("cannot be loaded: ")


def test_load_refuses_the_broken_slot_and_shows_why(text: object, slots: SaveSlots) -> None:
    menu = LoadMenu(text, slots.list())  # type: ignore[arg-type]
    press(menu, pygame.K_DOWN)  # the list has the focus: select "broken"
    assert menu.selected is not None and menu.selected.name == "broken"
    assert not menu.load_button.enabled
    press(menu, pygame.K_RETURN)
    assert menu.choice is None
    problem = menu.selected.problem
    assert problem and "broken" in problem
    assert (problem, ERROR) in texts(menu)
    menu.load_button.press()  # a disabled button does nothing
    assert menu.choice is None


def test_load_a_good_slot_by_click(screen: pygame.Surface, text: object, slots: SaveSlots) -> None:
    menu = LoadMenu(text, slots.list())  # type: ignore[arg-type]
    press(menu, pygame.K_END)
    click(menu, screen, menu.load_button)
    assert menu.take_choice() == LoadSlot("Day 3")


def test_load_offers_the_previous_save_of_a_broken_slot(text: object, slots: SaveSlots) -> None:
    slots.write("Day 3", rich_save(hour=10), fake_memory())  # the old one becomes previous
    (slots.path("Day 3") / "town.json").write_text("", "utf-8")
    menu = LoadMenu(text, slots.list())  # type: ignore[arg-type]
    menu.list.select(2)
    assert menu.load_button.enabled and menu.load_button.label == "Load previous"
    menu.load_button.press()
    assert menu.take_choice() == LoadSlot("Day 3", previous=True)


def test_load_delete_asks_first(screen: pygame.Surface, text: object, slots: SaveSlots) -> None:
    menu = LoadMenu(text, slots.list())  # type: ignore[arg-type]
    click(menu, screen, menu.delete_button)  # "autosave" is selected
    assert menu.confirming is not None and menu.choice is None
    assert menu.focused is menu.keep_button  # the safe answer first
    press(menu, pygame.K_ESCAPE)  # keeps it
    assert menu.confirming is None and menu.choice is None
    click(menu, screen, menu.delete_button)
    click(menu, screen, menu.confirm_button)
    choice = menu.take_choice()
    assert choice == DeleteSlot("autosave")
    slots.delete(choice.name)  # what the app does, then it refreshes the menu
    menu.set_slots(slots.list())
    assert [row.lines[0][0] for row in menu.list.rows] == ["broken", "Day 3"]


def test_load_shows_the_apps_error_in_red(text: object, slots: SaveSlots) -> None:
    error = "Day 3 could not be loaded: its memory directory is missing"
    menu = LoadMenu(text, slots.list(), error=error)  # type: ignore[arg-type]
    assert (error, ERROR) in texts(menu)


def test_load_with_no_saves(text: object) -> None:
    menu = LoadMenu(text, [])  # type: ignore[arg-type]
    assert not menu.load_button.enabled and not menu.delete_button.enabled
    assert menu.focused is menu.back_button
    press(menu, pygame.K_RETURN)
    assert menu.take_choice() == Back()


# --- settings ---------------------------------------------------------------------------


def _clear(menu: MenuPanel) -> None:
    press(menu, *([pygame.K_BACKSPACE] * 60))


def test_settings_round_trip_never_writes_the_key(
    screen: pygame.Surface, text: object, tmp_path: Path
) -> None:
    menu = SettingsMenu(text, UserSettings(), environment_key=False)  # type: ignore[arg-type]
    assert not menu.base_url.enabled  # offline: the server rows are greyed
    press(menu, pygame.K_RIGHT)  # Brain → OpenAI-compatible server
    click(menu, screen, menu.base_url)
    type_text(menu, "http://localhost:11434/v1/")
    press(menu, pygame.K_TAB)
    _clear(menu)
    type_text(menu, "llama3.2")
    press(menu, pygame.K_TAB)
    type_text(menu, SECRET)
    press(menu, pygame.K_TAB)  # Routes: one model (kept)
    press(menu, pygame.K_TAB, pygame.K_RIGHT, pygame.K_RIGHT)  # speed ×5
    press(menu, pygame.K_TAB, pygame.K_LEFT)  # autosave: every 30 game minutes
    click(menu, screen, menu.save_button)
    choice = menu.take_choice()
    assert isinstance(choice, SaveSettings)
    assert choice.api_key == SECRET and SECRET not in repr(choice)
    expected = UserSettings(
        backend="server",
        base_url="http://localhost:11434/v1",
        model="llama3.2",
        speed=5,
        autosave_minutes=30,
    )
    assert choice.settings == expected
    path = save(choice.settings, tmp_path / "settings.json")
    written = path.read_text("utf-8")
    assert SECRET not in written and "key" not in written.lower()
    assert load(path, env={}).settings == expected


def test_settings_key_hint_says_where_the_key_comes_from(text: object) -> None:
    server = UserSettings(backend="server")
    from_env = SettingsMenu(text, server, environment_key=True)  # type: ignore[arg-type]
    from_env.rows()
    assert from_env.api_key.hint == ENVIRONMENT_KEY_HINT
    assert "environment" in ENVIRONMENT_KEY_HINT
    typed = SettingsMenu(text, server, api_key="sk-x", environment_key=True)  # type: ignore[arg-type]
    typed.rows()
    assert typed.api_key.hint == KEY_HINT and "never written to disk" in KEY_HINT
    assert typed.api_key.field.secret


def test_settings_refuses_a_bad_url(text: object) -> None:
    menu = SettingsMenu(text, UserSettings(backend="server"), environment_key=False)  # type: ignore[arg-type]
    menu.focus(menu.base_url)
    type_text(menu, "localhost:11434")
    menu.save()
    assert menu.choice is None
    assert "must start with http:// or https://" in menu.message
    assert menu.focused is menu.base_url


def test_settings_offline_skips_the_server_rows(text: object) -> None:
    menu = SettingsMenu(text, UserSettings(), environment_key=False)  # type: ignore[arg-type]
    press(menu, pygame.K_DOWN)
    assert menu.focused is menu.speed
    press(menu, pygame.K_ESCAPE)
    assert menu.take_choice() == Back()


def _wait_for_test(menu: SettingsMenu) -> None:
    deadline = time.monotonic() + 5
    while menu.testing and time.monotonic() < deadline:
        time.sleep(0.005)
        menu.update(0.005)


def test_settings_test_connection_runs_on_a_worker(screen: pygame.Surface, text: object) -> None:
    release = threading.Event()
    seen: list[tuple[UserSettings, str | None, str]] = []

    class Report:
        ok = True
        message = "connected: llama3.2 answered in 12 ms"

    def tester(settings: UserSettings, key: str | None) -> Report:
        seen.append((settings, key, threading.current_thread().name))
        release.wait(5)
        return Report()

    settings = UserSettings(backend="server", base_url="http://127.0.0.1:1/v1", model="m")
    menu = SettingsMenu(text, settings, "sk-session", tester, environment_key=False)  # type: ignore[arg-type]
    click(menu, screen, menu.test_button)
    menu.update(0.4)
    assert menu.testing and texts(menu)[0][0].startswith("testing")
    assert menu.test_button.label == "Testing..."
    menu.draw(screen)  # drawing while the test runs is fine
    release.set()
    _wait_for_test(menu)
    assert (Report.message, GOOD) in texts(menu)
    assert seen == [(settings, "sk-session", "smallville-test")]
    assert menu.choice is None  # testing chooses nothing


def test_settings_test_failure_is_shown_never_raised(text: object) -> None:
    def broken(settings: UserSettings, key: str | None) -> object:
        raise RuntimeError("boom")

    menu = SettingsMenu(text, UserSettings(backend="server"), tester=broken, environment_key=False)  # type: ignore[arg-type]
    menu.test_connection()
    _wait_for_test(menu)
    assert ("the test itself failed: RuntimeError: boom", ERROR) in texts(menu)


def test_settings_without_a_tester_disables_the_test(text: object) -> None:
    menu = SettingsMenu(text, UserSettings(), environment_key=False)  # type: ignore[arg-type]
    assert not menu.test_button.enabled


def test_settings_shows_the_files_warning(text: object) -> None:
    warning = "The settings file x is not valid JSON (line 1): using defaults."
    menu = SettingsMenu(text, UserSettings(), warning=warning, environment_key=False)  # type: ignore[arg-type]
    assert (warning, ERROR) in texts(menu)


# --- pause ------------------------------------------------------------------------------


def test_pause_menu_pauses_and_resumes(text: object) -> None:
    menu = PauseMenu(text)  # type: ignore[arg-type]
    assert menu.pauses and menu.modal
    press(menu, pygame.K_ESCAPE)
    assert menu.take_choice() == Resume()


@pytest.mark.parametrize(
    ("downs", "expected"),
    [(2, OpenLoad()), (3, OpenSettings()), (4, QuitToTitle()), (5, QuitGame())],
)
def test_pause_keys_choose(text: object, downs: int, expected: object) -> None:
    menu = PauseMenu(text)  # type: ignore[arg-type]
    press(menu, *([pygame.K_DOWN] * downs), pygame.K_RETURN)
    assert menu.take_choice() == expected


def test_pause_save_refuses_a_bad_name(screen: pygame.Surface, text: object) -> None:
    menu = PauseMenu(text, slot_name="Day 3")  # type: ignore[arg-type]
    click(menu, screen, menu.button("Save"))
    assert menu.asking_name and menu.focused is menu.slot_name
    _clear(menu)
    type_text(menu, "bad/name")
    press(menu, pygame.K_RETURN)
    assert menu.choice is None
    assert "'bad/name' cannot name a save" in menu.message and menu.message_colour == ERROR
    _clear(menu)
    press(menu, pygame.K_RETURN)
    assert menu.message == "Type a name for the save."
    type_text(menu, "Day 4")
    press(menu, pygame.K_RETURN)
    assert menu.take_choice() == SaveAs("Day 4")
    assert not menu.asking_name and not menu.closed  # the app says how the save went


def test_pause_save_prompt_escape_returns_to_the_buttons(text: object) -> None:
    menu = PauseMenu(text, slot_name="Day 3")  # type: ignore[arg-type]
    menu.button("Save").press()
    press(menu, pygame.K_ESCAPE)
    assert not menu.asking_name and menu.choice is None
    press(menu, pygame.K_ESCAPE)
    assert menu.take_choice() == Resume()


# --- quit prompt ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "to_title", "expected"),
    [
        ("Save & quit", False, QuitGame(save_first=True)),
        ("Quit without saving", False, QuitGame(save_first=False)),
        ("Cancel", False, Back()),
        ("Save & quit", True, QuitToTitle(save_first=True)),
        ("Quit without saving", True, QuitToTitle(save_first=False)),
    ],
)
def test_quit_prompt_clicks(
    screen: pygame.Surface, text: object, label: str, to_title: bool, expected: object
) -> None:
    menu = SavePrompt(text, to_title=to_title)  # type: ignore[arg-type]
    click(menu, screen, menu.button(label))
    assert menu.take_choice() == expected


def test_quit_prompt_keys(text: object) -> None:
    menu = SavePrompt(text, detail="The town will be saved as Day 3.")  # type: ignore[arg-type]
    assert menu.pauses
    press(menu, pygame.K_RETURN)
    assert menu.take_choice() == QuitGame(save_first=True)
    press(menu, pygame.K_DOWN, pygame.K_RETURN)
    assert menu.take_choice() == QuitGame(save_first=False)
    press(menu, pygame.K_ESCAPE)
    assert menu.take_choice() == Back()


def test_every_menu_draws_at_both_sizes(text: object, slots: SaveSlots) -> None:
    menus: list[MenuPanel] = [
        TitleMenu(text),  # type: ignore[arg-type]
        NewTownMenu(text, TOWNS),  # type: ignore[arg-type]
        LoadMenu(text, slots.list()),  # type: ignore[arg-type]
        SettingsMenu(text, UserSettings(backend="server"), environment_key=True),  # type: ignore[arg-type]
        PauseMenu(text),  # type: ignore[arg-type]
        SavePrompt(text),  # type: ignore[arg-type]
    ]
    for size in ((800, 600), (1920, 1080)):
        screen = pygame.display.set_mode(size)
        for menu in menus:
            screen.fill((1, 2, 3))
            menu.draw(screen)
            assert menu.rect == screen.get_rect()
            box = menu.box
            canvas = (size[0] // menu.scale, size[1] // menu.scale)
            assert box.left >= 0 and box.right <= canvas[0], type(menu).__name__
            assert box.top >= 0 and box.bottom <= canvas[1], type(menu).__name__
            buttons = [i for i in menu.items() if isinstance(i, ButtonItem)]
            assert all(box.contains(b.rect) for b in buttons), type(menu).__name__
