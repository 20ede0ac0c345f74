"""The new-town form: which town (the bundled ones, then the player's own), and who the player
is in it (a new visitor with a name and a one-line description, or one of the town's residents
taken over); Edit town… opens the town editor for the town picked."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from game.render.text import PixelText
from game.ui.menus.base import MenuPanel, Row
from game.ui.menus.choices import Back, EditTown, NewTown
from game.ui.menus.items import ButtonItem, ButtonRow, FieldItem, OptionItem
from game.ui.menus.list_items import ListItem, ListRow
from game.ui.widgets import TEXT, TextField

DEFAULT_VISITOR_NAME = "Visitor"
DEFAULT_VISITOR_DESCRIPTION = "a traveller passing through"
NAME_LIMIT = 40
DESCRIPTION_LIMIT = 120
Who = Literal["visitor", "resident"]
LABEL_WIDTH = 112
MY_TOWN = "My town: "


class TownOption(NamedTuple):
    """A town the player can start: ("the_ville_n25", "The Ville (25 residents)", its
    residents' names); a user town's `id` is its folder, `bundled` False; `problem`: why the
    town cannot be started (shown instead of starting it)."""

    id: str
    label: str
    residents: Sequence[str]
    bundled: bool = True
    problem: str = ""

    @property
    def shown(self) -> str:
        """The label in the picker: the player's own towns start with "My town: "."""
        if self.bundled or self.label.startswith(MY_TOWN):
            return self.label
        return MY_TOWN + self.label


class NewTownMenu(MenuPanel):
    """`towns`: the bundled towns, then the player's (`TownOption`s or plain (id, label,
    residents) tuples). Start sets `NewTown`; Edit town… sets `EditTown`; Back or Esc sets
    `Back`. `set_towns` shows a fresh list (after a town was saved)."""

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
            [(index, town.shown) for index, town in enumerate(self.towns)],
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
        self.edit_button = ButtonItem("Edit town…", self.edit, width=96)
        self.back_button = ButtonItem("Back", lambda: self._set(Back()), width=96)
        self._town_changed()

    def set_towns(
        self,
        towns: Sequence[TownOption | tuple[str, str, Sequence[str]]],
        selected: str | None = None,
    ) -> None:
        """Show `towns` (a fresh list), with the town `selected` (an id) picked if given."""
        current = self.town.id if self.town else None
        self.towns = [TownOption(*town) for town in towns]
        ids = [town.id for town in self.towns]
        wanted = selected if selected in ids else current
        self.town_picker.options = [(index, town.shown) for index, town in enumerate(self.towns)]
        self.town_picker.index = ids.index(wanted) if wanted in ids else 0
        self._town_changed()

    @property
    def town(self) -> TownOption | None:
        return self.towns[self.town_picker.value] if self.towns else None

    def _set(self, choice: NewTown | EditTown | Back) -> None:
        self.choice = choice

    def _town_changed(self) -> None:
        names = list(self.town.residents) if self.town else []
        self.residents.set_rows([ListRow([(name, TEXT)]) for name in names])
        town = self.town
        self.say(self._problem(town) if town is not None and town.problem else "")

    @staticmethod
    def _problem(town: TownOption) -> str:
        return f"{town.shown} cannot be started: {town.problem}"

    def _who_changed(self, who: Who) -> None:
        self.who = who
        town = self.town
        self.say(self._problem(town) if town is not None and town.problem else "")

    def rows(self) -> list[Row]:
        rows: list[Row] = [self.town_picker, self.who_picker]
        if self.who == "visitor":
            rows += [self.name, self.description]
        else:
            rows.append(self.residents)
        rows += [
            self.status_row(),
            ButtonRow([self.start_button, self.edit_button, self.back_button]),
        ]
        return rows

    def edit(self) -> None:
        """Open the town editor on the town picked."""
        town = self.town
        if town is None:
            self.say("No town was found to edit.")
            return
        self._set(EditTown(town.id))

    def back(self) -> None:
        self._set(Back())

    def start(self) -> None:
        """Check the form; set `NewTown`, or say what is wrong."""
        town = self.town
        if town is None:
            self.say("No bundled town was found: the installation is incomplete.")
            return
        if town.problem:
            self.say(self._problem(town))
            return
        name = self.name.field.value() or DEFAULT_VISITOR_NAME
        description = self.description.field.value() or DEFAULT_VISITOR_DESCRIPTION
        clash = next((r for r in town.residents if r.casefold() == name.casefold()), None)
        if clash is not None:
            self.say(
                f"{clash} already lives in {town.shown}: choose another name for your "
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
    "MY_TOWN",
    "NewTownMenu",
    "TownOption",
]
