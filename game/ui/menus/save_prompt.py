"""The quit prompt: "Save before quitting?" Save & quit / Quit without saving / Cancel."""

from __future__ import annotations

from game.render.text import PixelText
from game.ui.menus.base import MenuPanel, Row
from game.ui.menus.choices import Back, Choice, QuitGame, QuitToTitle
from game.ui.menus.items import ButtonItem, ButtonRow, TextLine
from game.ui.widgets import DIM

BUTTON_WIDTH = 200


class SavePrompt(MenuPanel):
    """Asked before leaving a town. `to_title`: the player is going back to the title (the
    choices are `QuitToTitle(save_first=…)`), else quitting the game (`QuitGame(…)`);
    Cancel or Esc sets `Back`. `detail`: one line from the app, e.g. "The town will be saved
    as Day 3." The clock stands still while it is open."""

    pauses = True
    width = 400

    def __init__(
        self, text: PixelText, to_title: bool = False, detail: str = "", over_town: bool = True
    ) -> None:
        super().__init__(text, "Save before quitting?", over_town)
        self.to_title = to_title
        self.detail = detail
        self.buttons = [
            ButtonItem("Save & quit", lambda: self._quit(True), width=BUTTON_WIDTH),
            ButtonItem("Quit without saving", lambda: self._quit(False), width=BUTTON_WIDTH),
            ButtonItem("Cancel", self.back, width=BUTTON_WIDTH),
        ]

    def _quit(self, save_first: bool) -> None:
        choice: Choice = QuitToTitle(save_first) if self.to_title else QuitGame(save_first)
        self.choice = choice

    def rows(self) -> list[Row]:
        rows: list[Row] = [TextLine(self.detail, DIM)] if self.detail else []
        rows += [ButtonRow([button]) for button in self.buttons]
        return [*rows, self.status_row()]

    def back(self) -> None:
        self.choice = Back()
