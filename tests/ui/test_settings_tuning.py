"""Settings shows what lived only in environment variables (issue 31): how long a model call
may take and each step's output budget — chosen with real key events, saved, and turned into
the minds' settings (the choice wins over the environment; left at its default, the
environment still applies)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.bridge import llm_settings_for
from game.files.settings import UserSettings, load, save
from game.ui.menus import SettingsMenu
from game.ui.menus.choices import SaveSettings
from tests.ui.test_menus import click, press

SERVER = UserSettings(backend="server", base_url="http://127.0.0.1:11434/v1", model="llama3.1")


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.init()
    yield pygame.display.set_mode((800, 720))
    pygame.quit()


@pytest.fixture
def text(screen: pygame.Surface) -> object:
    from game.render.text import PixelText

    return PixelText()


def test_timeout_and_output_budget_are_chosen_in_the_menu_and_saved(
    screen: pygame.Surface, text: object, tmp_path: Path
) -> None:
    menu = SettingsMenu(text, SERVER, environment_key=False)  # type: ignore[arg-type]
    rows = menu.rows()
    assert menu.call_timeout in rows and menu.output_budget in rows
    menu.focus(menu.call_timeout)
    press(menu, pygame.K_RIGHT, pygame.K_RIGHT)  # Default → 30 s → 60 s
    press(menu, pygame.K_TAB, pygame.K_RIGHT)  # the output budget: each step's own → x2
    click(menu, screen, menu.save_button)
    choice = menu.take_choice()
    assert isinstance(choice, SaveSettings)
    assert (choice.settings.call_timeout_s, choice.settings.output_budget) == (60, 2.0)
    path = save(choice.settings, tmp_path / "settings.json")
    assert load(path, env={}).settings == choice.settings


def test_with_the_offline_brain_they_are_greyed(text: object) -> None:
    menu = SettingsMenu(text, UserSettings(), environment_key=False)  # type: ignore[arg-type]
    menu.rows()
    assert not menu.call_timeout.enabled and not menu.output_budget.enabled


def test_the_choice_wins_over_the_environment_and_the_default_leaves_it() -> None:
    env = {"SMALLVILLE_TIMEOUT_S": "30", "SMALLVILLE_MAX_TOKENS_SCALE": "3"}
    chosen = SERVER.model_copy(update={"call_timeout_s": 120, "output_budget": 0.5})
    llm = llm_settings_for(chosen, env=env)
    assert (llm.timeout_s, llm.max_tokens_scale) == (120.0, 0.5)
    left = llm_settings_for(SERVER, env=env)
    assert (left.timeout_s, left.max_tokens_scale) == (30.0, 3.0)
    plain = llm_settings_for(SERVER, env={})
    assert plain.timeout_s is None and plain.max_tokens_scale == 1.0
    assert plain.call_timeout_s == 180.0  # a server on this machine


def test_out_of_range_values_in_the_file_are_refused() -> None:
    with pytest.raises(ValueError, match="call_timeout_s"):
        UserSettings(call_timeout_s=-1)
    with pytest.raises(ValueError, match="output_budget"):
        UserSettings(output_budget=50)


def test_calls_at_once_are_chosen_in_the_menu_saved_and_limit_the_model_calls(
    screen: pygame.Surface, text: object, tmp_path: Path
) -> None:
    """The server's parallel slots: chosen with real keys, saved with the settings, and the
    minds' concurrency limit (the choice wins over the environment; 0 leaves it)."""
    menu = SettingsMenu(text, SERVER, environment_key=False)  # type: ignore[arg-type]
    assert menu.calls_at_once in menu.rows() and menu.calls_at_once.enabled
    menu.focus(menu.calls_at_once)
    press(menu, pygame.K_RIGHT, pygame.K_RIGHT)  # Default → 1 → 2
    click(menu, screen, menu.save_button)
    choice = menu.take_choice()
    assert isinstance(choice, SaveSettings) and choice.settings.calls_at_once == 2
    path = save(choice.settings, tmp_path / "settings.json")
    assert load(path, env={}).settings.calls_at_once == 2
    env = {"SMALLVILLE_MAX_CONCURRENCY": "12"}
    assert llm_settings_for(choice.settings, env=env).max_concurrency == 2
    assert llm_settings_for(SERVER, env=env).max_concurrency == 12
    assert llm_settings_for(SERVER, env={}).max_concurrency == 4


def test_calls_at_once_reach_both_models_of_the_small_large_preset() -> None:
    from game.bridge import routes_for

    preset = SERVER.model_copy(update={"routes": "small-large", "calls_at_once": 2})
    routes = routes_for(preset, env={})
    assert routes is not None
    servers = [e for e in routes.settings.endpoints.values() if not e.offline]
    assert len(servers) == 2 and {e.max_concurrent for e in servers} == {2}
    local = routes_for(preset.model_copy(update={"calls_at_once": 0}), env={})
    hosted = routes_for(
        preset.model_copy(update={"calls_at_once": 0, "base_url": "https://api.example.com/v1"}),
        env={},
    )
    assert local is not None and hosted is not None
    for pool, calls in ((local, 4), (hosted, 16)):  # a desktop server's few slots by default
        servers = [e for e in pool.settings.endpoints.values() if not e.offline]
        assert {e.max_concurrent for e in servers} == {calls}


def test_calls_at_once_are_greyed_with_the_offline_brain_and_bounded(text: object) -> None:
    menu = SettingsMenu(text, UserSettings(), environment_key=False)  # type: ignore[arg-type]
    menu.rows()
    assert not menu.calls_at_once.enabled
    with pytest.raises(ValueError, match="calls_at_once"):
        UserSettings(calls_at_once=-1)
