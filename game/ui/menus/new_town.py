"""The new-town form: which bundled town, and who the player is in it (a new visitor with a
name and a one-line description, or one of the town's residents taken over)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from game.render.text import PixelText
from game.ui.menus.base import MenuPanel, Row
from game.ui.menus.choices import Back, NewTown
from game.ui.menus.items import ButtonItem, ButtonRow, FieldItem, ListItem, ListRow, OptionItem
from game.ui.widgets import TEXT, TextField

DEFAULT_VISITOR_NAME = "Visitor"
DEFAULT_VISITOR_DESCRIPTION = "a traveller passing through"
NAME_LIMIT = 40
DESCRIPTION_LIMIT = 120
Who = Literal["visitor", "resident"]
LABEL_WIDTH = 112


class TownOption(NamedTuple):
    """A bundled town the player can start: ("the_ville_n25", "The Ville (25 residents)",
    its residents' names)."""

    id: str
    label: str
    residents: Sequence[str]


class NewTownMenu(MenuPanel):
    """`towns`: the bundled towns (`TownOption`s or plain (id, label, residents) tuples).
    Start sets `NewTown`; Back or Esc sets `Back`."""

    width = 520

    def __init__(
        self,
        text: PixelText,
        towns: Sequence[TownOption | tuple[str, str, Sequence[str]]],
        over_town: bool = False,
    ) -> None:
        super().__init__(text, "New town", over_town)
        self.towns = [TownOption(*town) for town in towns]
        self.who: Who = "visitor"
        self.town_picker = OptionItem(
            "Town",
            [(index, town.label) for index, town in enumerate(self.towns)],
            0,
            LABEL_WIDTH,
            on_change=lambda _: self._town_changed(),
        )
        self.who_picker = OptionItem[Who](
            "Who are you?",
            [("visitor", "a new visitor"), ("resident", "one of the residents")],
            "visitor",
            LABEL_WIDTH,
            on_change=self._who_changed,
        )
        self.name = FieldItem(
            "Your name",
            TextField(limit=NAME_LIMIT, placeholder=DEFAULT_VISITOR_NAME),
            label_width=LABEL_WIDTH,
        )
        self.description = FieldItem(
            "About you",
            TextField(limit=DESCRIPTION_LIMIT, placeholder=DEFAULT_VISITOR_DESCRIPTION),
            hint="One line, as the residents will see you.",
            label_width=LABEL_WIDTH,
        )
        self.residents = ListItem([], visible_rows=6, empty="This town has no residents.")
        self.start_button = ButtonItem("Start", self.start, width=96)
        self.back_button = ButtonItem("Back", lambda: self._set(Back()), width=96)
        self._town_changed()

    @property
    def town(self) -> TownOption | None:
        return self.towns[self.town_picker.value] if self.towns else None

    def _set(self, choice: NewTown | Back) -> None:
        self.choice = choice

    def _town_changed(self) -> None:
        names = list(self.town.residents) if self.town else []
        self.residents.set_rows([ListRow([(name, TEXT)]) for name in names])
        self.say("")

    def _who_changed(self, who: Who) -> None:
        self.who = who
        self.say("")

    def rows(self) -> list[Row]:
        rows: list[Row] = [self.town_picker, self.who_picker]
        if self.who == "visitor":
            rows += [self.name, self.description]
        else:
            rows.append(self.residents)
        rows += [self.status_row(), ButtonRow([self.start_button, self.back_button])]
        return rows

    def back(self) -> None:
        self._set(Back())

    def start(self) -> None:
        """Check the form; set `NewTown`, or say what is wrong."""
        town = self.town
        if town is None:
            self.say("No bundled town was found: the installation is incomplete.")
            return
        name = self.name.field.value() or DEFAULT_VISITOR_NAME
        description = self.description.field.value() or DEFAULT_VISITOR_DESCRIPTION
        clash = next((r for r in town.residents if r.casefold() == name.casefold()), None)
        if clash is not None:
            self.say(
                f"{clash} already lives in {town.label}: choose another name for your "
                "visitor, or take them over as one of the residents."
            )
            if self.who == "visitor":
                self.focus(self.name)
            return
        take_over = None
        if self.who == "resident":
            if not town.residents:
                self.say("This town has no residents to take over.")
                return
            take_over = town.residents[max(0, self.residents.selected)]
        self._set(NewTown(town.id, name, description, take_over))


__all__ = [
    "DEFAULT_VISITOR_DESCRIPTION",
    "DEFAULT_VISITOR_NAME",
    "NewTownMenu",
    "TownOption",
]
