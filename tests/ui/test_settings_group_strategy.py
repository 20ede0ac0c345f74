"""Settings chooses who speaks next in group talks (issue 35): the "Group talk" row, chosen
with real key events and a click on Save, is saved with the settings and becomes the town's
group strategy when a town is built (its own setting when left at "The town's own")."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.bridge import TownFile
from game.bridge.build import GROUP_STRATEGIES, mind_settings_for
from game.files.settings import GROUP_STRATEGY_CHOICES, UserSettings, load, save
from game.play.app import AppOptions
from game.play.entry import town_recipe
from game.play.town_menus import PlayerSettings
from game.render.text import PixelText
from game.ui.menus import NewTown, SettingsMenu
from game.ui.menus.choices import SaveSettings
from tests.ui.test_menus import click, press


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.init()
    yield pygame.display.set_mode((800, 720))
    pygame.quit()


def test_the_group_talk_row_is_chosen_saved_and_read_back(
    screen: pygame.Surface, tmp_path: Path
) -> None:
    menu = SettingsMenu(PixelText(), UserSettings(), environment_key=False)
    assert menu.group_strategy in menu.rows() and menu.group_strategy.value == ""
    menu.focus(menu.group_strategy)
    steps = GROUP_STRATEGY_CHOICES.index("manual")  # The town's own → … → manual
    press(menu, *[pygame.K_RIGHT] * steps)
    assert menu.group_strategy.value == "manual"
    menu.draw(screen)
    assert screen.get_rect().contains(menu.save_button.rect)  # the longer form still fits
    click(menu, screen, menu.save_button)
    choice = menu.take_choice()
    assert isinstance(choice, SaveSettings) and choice.settings.group_strategy == "manual"
    path = save(choice.settings, tmp_path / "settings.json")
    assert json.loads(path.read_text(encoding="utf-8"))["group_strategy"] == "manual"
    assert load(path, env={}).settings.group_strategy == "manual"


def test_the_choice_becomes_the_towns_group_strategy() -> None:
    start = NewTown("the_ville_n3", "Visitor", "")
    chosen = PlayerSettings(UserSettings(group_strategy="round-robin"))
    recipe = town_recipe(AppOptions(), start, chosen)
    assert recipe.group_strategy == "round-robin"
    town = TownFile.load("the_ville_n3")
    assert mind_settings_for(town, recipe.group_strategy).group_strategy == "round-robin"
    left = town_recipe(AppOptions(), start, PlayerSettings(UserSettings()))
    assert left.group_strategy is None  # the town's own
    assert mind_settings_for(town, "off").group_conversations is False


def test_the_choices_are_the_bridges_strategies_and_a_bad_one_is_refused(tmp_path: Path) -> None:
    assert set(GROUP_STRATEGY_CHOICES) - {""} == set(GROUP_STRATEGIES)
    with pytest.raises(ValueError, match="group strategy"):
        UserSettings(group_strategy="loudest-first")
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"group_strategy": "loudest-first", "speed": 2}), "utf-8")
    loaded = load(path, env={})
    assert loaded.settings.group_strategy == "" and loaded.settings.speed == 2
