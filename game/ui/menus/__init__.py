"""The menus: title, new town, load, settings, pause, the quit prompt, and the town editor
(residents, the resident form, the scenario and intention forms). Each is a modal
`game.ui.panels.Panel` that sets `choice` (plain data from `choices.py`) for the app to read
with `take_choice()`; none of them calls into the game. See game/ui/README.md."""

from __future__ import annotations

from game.ui.menus.base import MenuPanel, menu_scale
from game.ui.menus.choices import (
    Back,
    Choice,
    DeleteSlot,
    EditIntention,
    EditResident,
    EditTown,
    LoadSlot,
    NewTown,
    OpenLoad,
    OpenNewTown,
    OpenScenario,
    OpenSettings,
    PutIntention,
    PutResident,
    PutScenarioTimes,
    QuitGame,
    QuitToTitle,
    RemoveIntention,
    RemoveResident,
    Resume,
    SaveAs,
    SaveSettings,
    SaveTown,
)
from game.ui.menus.load_menu import LoadMenu
from game.ui.menus.new_town import NewTownMenu, TownOption
from game.ui.menus.pause import PauseMenu
from game.ui.menus.resident_form import ResidentForm
from game.ui.menus.save_prompt import SavePrompt
from game.ui.menus.scenario_form import ScenarioForm
from game.ui.menus.scenario_form_intention import IntentionForm
from game.ui.menus.settings_menu import ConnectionResult, ConnectionTester, SettingsMenu
from game.ui.menus.title import TitleMenu
from game.ui.menus.town_editor import TownEditorMenu

__all__ = [
    "Back",
    "Choice",
    "ConnectionResult",
    "ConnectionTester",
    "DeleteSlot",
    "EditIntention",
    "EditResident",
    "EditTown",
    "IntentionForm",
    "LoadMenu",
    "LoadSlot",
    "MenuPanel",
    "NewTown",
    "NewTownMenu",
    "OpenLoad",
    "OpenNewTown",
    "OpenScenario",
    "OpenSettings",
    "PauseMenu",
    "PutIntention",
    "PutResident",
    "PutScenarioTimes",
    "QuitGame",
    "QuitToTitle",
    "RemoveIntention",
    "RemoveResident",
    "ResidentForm",
    "Resume",
    "SaveAs",
    "SavePrompt",
    "SaveSettings",
    "SaveTown",
    "ScenarioForm",
    "SettingsMenu",
    "TitleMenu",
    "TownEditorMenu",
    "TownOption",
    "menu_scale",
]
