"""The settings' memory server: a row of the settings menu (typed with real key events),
saved in the settings file, checked by Test connection, and used — with `--chroma-url`
before it — for the towns the game opens; a server that cannot be used is said before any
town starts."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.files.settings import UserSettings, load, save
from game.play.app import AppOptions
from game.play.entry import town_recipe
from game.play.flow import GameFlow, check_brain_and_memory
from game.play.town_menus import PlayerSettings
from game.saves import SaveSlots
from game.ui.menus import NewTown, SettingsMenu
from game.ui.menus.choices import SaveSettings
from tests.ui.test_menus import press, type_text


def unused_url() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{probe.getsockname()[1]}"


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.init()
    yield pygame.display.set_mode((800, 720))
    pygame.quit()


@pytest.fixture
def text(screen: pygame.Surface) -> object:
    from game.render.text import PixelText

    return PixelText()


def test_the_memory_server_is_typed_in_the_menu_and_saved(text: object, tmp_path: Path) -> None:
    menu = SettingsMenu(text, UserSettings(), environment_key=False)  # type: ignore[arg-type]
    assert menu.memory_server in menu.rows()  # with the offline brain too
    assert menu.memory_server.field.placeholder == "(in this process)"
    menu.focus(menu.memory_server)
    type_text(menu, "http://127.0.0.1:8000/")
    press(menu, pygame.K_RETURN)
    menu.save()
    choice = menu.take_choice()
    assert isinstance(choice, SaveSettings)
    assert choice.settings.memory_server == "http://127.0.0.1:8000"
    path = save(choice.settings, tmp_path / "settings.json")
    assert load(path, env={}).settings.memory_server == "http://127.0.0.1:8000"


def test_a_memory_server_that_is_not_a_url_is_refused_in_the_menu(text: object) -> None:
    menu = SettingsMenu(text, UserSettings(), environment_key=False)  # type: ignore[arg-type]
    menu.focus(menu.memory_server)
    type_text(menu, "127.0.0.1:8000")
    menu.save()
    assert menu.choice is None
    assert menu.message == "the memory server must be a URL like http://127.0.0.1:8000."
    assert menu.focused is menu.memory_server


def test_test_connection_says_when_the_memory_server_does_not_answer() -> None:
    url = unused_url()
    checked = check_brain_and_memory(UserSettings(memory_server=url), None)
    assert not checked.ok
    assert f"Memory server: the Chroma server at {url} is not answering" in checked.message
    assert check_brain_and_memory(UserSettings(), None).message.count("Memory server") == 0


def test_the_flag_comes_before_the_setting_in_the_towns_recipe() -> None:
    player = PlayerSettings(UserSettings(memory_server="http://settings.lan:8000"))
    start = NewTown("the_ville_n3", "Visitor", "")
    assert town_recipe(AppOptions(), start, player).chroma_url == "http://settings.lan:8000"
    flagged = AppOptions(chroma_url="http://flag.lan:9000")
    assert town_recipe(flagged, start, player).chroma_url == "http://flag.lan:9000"
    assert town_recipe(AppOptions(), start, PlayerSettings(UserSettings())).chroma_url is None


def test_no_town_starts_on_a_memory_server_that_does_not_answer(
    screen: pygame.Surface, tmp_path: Path
) -> None:
    url = unused_url()
    player = PlayerSettings(UserSettings(memory_server=url))
    flow = GameFlow(AppOptions(minds=True), slots=SaveSlots(tmp_path), player_settings=player)
    app, error = flow.open(screen, NewTown("the_ville_n3", "Visitor", ""))
    assert app is None
    assert error.startswith(f"Settings: Memory server: the Chroma server at {url} is not")
    flow = GameFlow(
        AppOptions(minds=True, chroma_url="htp:/x"),
        slots=SaveSlots(tmp_path),
        player_settings=player,
    )
    assert flow.open(screen, NewTown("the_ville_n3", "Visitor", "")) == (
        None,
        "--chroma-url: 'htp:/x' is not a URL like http://127.0.0.1:8000",
    )


class Notices:
    """Stands in for the director's `MemoryHealth`: its notices, once, and never down."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)
        self.down = False

    def check(self) -> bool:
        return False

    def take_notices(self) -> list[str]:
        lines, self.lines = self.lines, []
        return lines


def test_the_memory_server_s_notices_are_toasts_in_the_town(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.play.launch import build_with_minds

    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    options = AppOptions(minds=True, town="the_ville_n3", embedder="hashing", size=(800, 450))
    app = build_with_minds(options)
    try:
        assert app.living is not None and app.session is not None
        assert app.session.toasts is not None
        away = "The memory server at http://127.0.0.1:8000 is not answering: thinking paused."
        app.living.director.memory = Notices(away)  # type: ignore[assignment]
        app.update(0.1)
        app.update(0.1)
        assert [t.message for t in app.session.toasts.shown() if "memory" in t.message] == [away]
    finally:
        app.close()
        pygame.quit()
