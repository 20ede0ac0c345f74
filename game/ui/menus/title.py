"""The title screen: "Smallville", New town, Load, Settings, Quit, and the brain in use."""

from __future__ import annotations

from game.files.settings import CONNECT_HINT, OFFLINE_BRAIN_LINE
from game.render.text import PixelText
from game.ui.loading import DIM_TEXT
from game.ui.menus.base import MenuPanel, Row
from game.ui.menus.choices import OpenLoad, OpenNewTown, OpenSettings, QuitGame
from game.ui.menus.items import ButtonItem, ButtonRow, Gap, TextLine
from game.ui.widgets import TEXT

SUBTITLE = "a town of generative agents"
BUTTON_WIDTH = 176


class TitleMenu(MenuPanel):
    """`brain_line`: the brain in use ("Offline brain: no model connected", "Model: llama3.2
    at http://localhost:11434/v1"); `connect_hint`: how to connect a model, or None.
    (`UserSettings.brain_lines(api_key)` gives both.) Esc moves to Quit."""

    title_size = 32
    boxed = False
    width = 624  # the connect hint fits on one line

    def __init__(
        self,
        text: PixelText,
        brain_line: str = OFFLINE_BRAIN_LINE,
        connect_hint: str | None = CONNECT_HINT,
    ) -> None:
        super().__init__(text, "Smallville")
        self.brain_line = brain_line
        self.connect_hint = connect_hint
        self.buttons = [
            ButtonItem("New town", lambda: self._choose(OpenNewTown()), width=BUTTON_WIDTH),
            ButtonItem("Load", lambda: self._choose(OpenLoad()), width=BUTTON_WIDTH),
            ButtonItem("Settings", lambda: self._choose(OpenSettings()), width=BUTTON_WIDTH),
            ButtonItem(
                "Quit", lambda: self._choose(QuitGame(save_first=False)), width=BUTTON_WIDTH
            ),
        ]

    def _choose(self, choice: OpenNewTown | OpenLoad | OpenSettings | QuitGame) -> None:
        self.choice = choice

    def rows(self) -> list[Row]:
        rows: list[Row] = [TextLine(SUBTITLE, DIM_TEXT), Gap(18)]
        rows += [ButtonRow([button]) for button in self.buttons]
        rows += [Gap(18), TextLine(self.brain_line, TEXT)]
        if self.connect_hint:
            rows.append(TextLine(self.connect_hint, DIM_TEXT))
        return rows

    def back(self) -> None:
        self.focus(self.buttons[-1])
