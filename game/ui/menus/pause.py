"""The pause menu (Esc in the town): Resume, Save (asks for a slot name), Load, Settings,
Quit to title, Quit game. The clock stands still while it is open."""

from __future__ import annotations

from game.render.text import PixelText
from game.saves import SaveError, check_slot_name
from game.ui.menus.base import MenuPanel, Row
from game.ui.menus.choices import (
    Choice,
    OpenLoad,
    OpenSettings,
    QuitGame,
    QuitToTitle,
    Resume,
    SaveAs,
)
from game.ui.menus.items import ButtonItem, ButtonRow, FieldItem, TextLine
from game.ui.widgets import DIM, TextField

BUTTON_WIDTH = 176
SLOT_NAME_LIMIT = 64


class PauseMenu(MenuPanel):
    """`slot_name`: the name the Save prompt starts with (the town's last slot, or a
    suggestion such as "Day 2"). Choices: `Resume`, `SaveAs(name)` (a valid slot name),
    `OpenLoad`, `OpenSettings`, `QuitToTitle()`, `QuitGame()` (save_first None: the app
    asks with the save prompt). After `SaveAs` the menu stays open; the app may `say()`
    how it went."""

    pauses = True
    width = 320

    def __init__(self, text: PixelText, slot_name: str = "", over_town: bool = True) -> None:
        super().__init__(text, "Paused", over_town)
        self.asking_name = False
        self.buttons = [
            ButtonItem("Resume", lambda: self._set(Resume()), width=BUTTON_WIDTH),
            ButtonItem("Save", self.ask_name, width=BUTTON_WIDTH),
            ButtonItem("Load", lambda: self._set(OpenLoad()), width=BUTTON_WIDTH),
            ButtonItem("Settings", lambda: self._set(OpenSettings()), width=BUTTON_WIDTH),
            ButtonItem("Quit to title", lambda: self._set(QuitToTitle()), width=BUTTON_WIDTH),
            ButtonItem("Quit game", lambda: self._set(QuitGame()), width=BUTTON_WIDTH),
        ]
        self.slot_name = FieldItem(
            "Name",
            TextField(limit=SLOT_NAME_LIMIT, text=slot_name, placeholder="Day 1"),
            hint="Letters, digits, spaces, - or _",
            label_width=48,
            on_submit=self.save,
        )
        self.save_button = ButtonItem("Save", self.save, width=80)
        self.cancel_button = ButtonItem("Cancel", self.cancel_name, width=80)

    def _set(self, choice: Choice) -> None:
        self.choice = choice

    def rows(self) -> list[Row]:
        if self.asking_name:
            return [
                TextLine("Save the town as:", DIM),
                self.slot_name,
                self.status_row(),
                ButtonRow([self.save_button, self.cancel_button]),
            ]
        return [*(ButtonRow([button]) for button in self.buttons), self.status_row()]

    def ask_name(self) -> None:
        self.asking_name = True
        self.width = 440
        self.say("")
        self.focus(self.slot_name)

    def cancel_name(self) -> None:
        self.asking_name = False
        self.width = PauseMenu.width
        self.say("")
        self.focus(self.buttons[1])

    def save(self) -> None:
        """Check the typed name; `SaveAs` it, or say why it cannot name a save."""
        name = self.slot_name.field.value()
        if not name:
            self.say("Type a name for the save.")
            return
        try:
            check_slot_name(name)
        except SaveError as error:
            self.say(str(error))
            self.focus(self.slot_name)
            return
        self.choice = SaveAs(name)
        self.asking_name = False
        self.width = PauseMenu.width
        self.say("")
        self.focus(self.buttons[0])

    def back(self) -> None:
        if self.asking_name:
            self.cancel_name()
        else:
            self._set(Resume())
