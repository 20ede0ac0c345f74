"""The menus: title, new town, load, settings, pause and the quit prompt. Each is a modal
`game.ui.panels.Panel` that sets `choice` (plain data from `choices.py`) for the app to read
with `take_choice()`; none of them calls into the game. See game/ui/README.md."""

from __future__ import annotations

from game.ui.menus.base import MenuPanel, menu_scale
from game.ui.menus.choices import (
    Back,
    Choice,
    DeleteSlot,
    LoadSlot,
    NewTown,
    OpenLoad,
    OpenNewTown,
    OpenSettings,
    QuitGame,
    QuitToTitle,
    Resume,
    SaveAs,
    SaveSettings,
)
from game.ui.menus.load_menu import LoadMenu
from game.ui.menus.new_town import NewTownMenu, TownOption
from game.ui.menus.pause import PauseMenu
from game.ui.menus.save_prompt import SavePrompt
from game.ui.menus.settings_menu import ConnectionResult, ConnectionTester, SettingsMenu
from game.ui.menus.title import TitleMenu

__all__ = [
    "Back",
    "Choice",
    "ConnectionResult",
    "ConnectionTester",
    "DeleteSlot",
    "LoadMenu",
    "LoadSlot",
    "MenuPanel",
    "NewTown",
    "NewTownMenu",
    "OpenLoad",
    "OpenNewTown",
    "OpenSettings",
    "PauseMenu",
    "QuitGame",
    "QuitToTitle",
    "Resume",
    "SaveAs",
    "SavePrompt",
    "SaveSettings",
    "SettingsMenu",
    "TitleMenu",
    "TownOption",
    "menu_scale",
]
