"""The settings menu's routes (the labor pool): chosen with real events, saved without a key,
turned into the minds' routes, and every endpoint tested."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from cognition.testing.fake_openai_server import FakeOpenAIServer
from game.bridge import brain_lines, check_connection, routes_for
from game.files.settings import UserSettings, load, save
from game.ui.menus import SettingsMenu
from game.ui.menus.choices import SaveSettings
from tests.ui.test_menus import click, press, type_text


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.init()
    yield pygame.display.set_mode((800, 720))
    pygame.quit()


@pytest.fixture
def text(screen: pygame.Surface) -> object:
    from game.render.text import PixelText

    return PixelText()


def test_small_and_large_chosen_in_the_menu(
    screen: pygame.Surface, text: object, tmp_path: Path
) -> None:
    server = UserSettings(backend="server", base_url="http://big.lan:8000/v1", model="llama3.1")
    menu = SettingsMenu(text, server, environment_key=False)  # type: ignore[arg-type]
    assert menu.small_url not in menu.rows()  # one model: no small model's rows
    click(menu, screen, menu.api_key)
    press(menu, pygame.K_TAB, pygame.K_RIGHT)  # Routes → Small + large
    assert menu.routes.value == "small-large" and menu.small_url in menu.rows()
    click(menu, screen, menu.small_url)
    type_text(menu, "http://127.0.0.1:11434/v1")
    press(menu, pygame.K_TAB)
    type_text(menu, "qwen2.5:0.5b")
    menu.draw(screen)
    pygame.image.save(screen, str(tmp_path / "settings-routes.png"))
    click(menu, screen, menu.save_button)
    choice = menu.take_choice()
    assert isinstance(choice, SaveSettings)
    chosen = choice.settings
    assert (chosen.routes, chosen.small_url, chosen.small_model) == (
        "small-large",
        "http://127.0.0.1:11434/v1",
        "qwen2.5:0.5b",
    )
    path = save(chosen, tmp_path / "settings.json")
    assert load(path, env={}).settings == chosen
    routes = routes_for(chosen, env={})
    assert routes is not None and routes.problems == ()
    assert routes.settings.route_of("rate_importance") == ("small",)
    assert routes.settings.endpoints["large"].model == "llama3.1"
    line, hint = brain_lines(chosen, env={})
    assert line == "Labor pool (small-large): qwen2.5:0.5b + llama3.1" and hint is None


def test_the_cascade_chosen_in_the_menu_builds_a_cascade(
    screen: pygame.Surface, text: object
) -> None:
    server = UserSettings(backend="server", base_url="http://big.lan:8000/v1", model="llama3.1")
    menu = SettingsMenu(text, server, environment_key=False)  # type: ignore[arg-type]
    click(menu, screen, menu.api_key)
    press(menu, pygame.K_TAB, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT)
    assert menu.routes.value == "cascade"  # one model → small + large → routes file → cascade
    assert menu.small_url in menu.rows() and menu.small_model in menu.rows()
    chosen = server.model_copy(
        update={"routes": "cascade", "small_url": "http://127.0.0.1:11434/v1", "small_model": "q"}
    )
    routes = routes_for(chosen, env={})
    assert routes is not None and routes.problems == ()
    assert routes.settings.controller == "cascade" and routes.name == "cascade"
    assert routes.settings.endpoints["small"].model == "q"
    assert routes.settings.endpoints["large"].model == "llama3.1"
    assert brain_lines(chosen, env={})[0] == "Labor pool (cascade): q + llama3.1"


def test_a_bad_routes_file_starts_offline_and_says_why(tmp_path: Path) -> None:
    broken = tmp_path / "routes.json"
    broken.write_text("{oops", encoding="utf-8")
    chosen = UserSettings(backend="server", routes="file", routes_file=str(broken))
    routes = routes_for(chosen, env={})
    assert routes is not None and not routes.uses_model
    assert "not valid JSON" in routes.problems[0] and "offline brain" in routes.problems[0]
    unnamed = routes_for(UserSettings(backend="server", routes="file"), env={})
    assert unnamed is not None and "no file is named" in unnamed.problems[0]
    assert routes_for(UserSettings(routes="small-large"), env={}) is None  # offline brain


def test_test_connection_tests_every_endpoint(tmp_path: Path) -> None:
    with FakeOpenAIServer() as good, FakeOpenAIServer(reject_unknown_model=True) as picky:
        routes = tmp_path / "routes.toml"
        routes.write_text(
            f'[endpoints.good]\nbase_url = "{good.base_url}"\nmodel = "fake-model"\n'
            f'[endpoints.picky]\nbase_url = "{picky.base_url}"\nmodel = "other"\n'
            '[routes]\nimportance = "picky"\ndefault = "good"\n',
            encoding="utf-8",
        )
        chosen = UserSettings(
            backend="server", base_url=good.base_url, routes="file", routes_file=str(routes)
        )
        report = check_connection(chosen, timeout_s=5, env={})
    assert not report.ok
    assert report.message.startswith(f"good: fake-model at {good.base_url} answers")
    assert "picky: other at" in report.message
    assert "endpoints.picky:" in report.message and "(importance go to offline)" in report.message
