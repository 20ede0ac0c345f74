"""The town editor: a town's residents (Add, Edit, Remove after a confirmation), its scenario,
Save (a bundled town is never overwritten: it is saved as the player's own town, under a
name asked for here) and Back (asking first when there are unsaved changes).

The panel shows plain data (each resident a dict as in personas.json) and sets choices
(`EditResident`, `RemoveResident`, `OpenScenario`, `SaveTown`, `Back`); the play layer
edits the town and hands the panel the fresh list with `set_residents`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from game.render.text import PixelText
from game.ui.menus.base import MenuPanel, Row
from game.ui.menus.choices import (
    Back,
    EditResident,
    OpenScenario,
    QuitGame,
    RemoveResident,
    SaveTown,
)
from game.ui.menus.items import ButtonItem, ButtonRow, FieldItem, TextLine
from game.ui.menus.list_items import ListItem, ListRow
from game.ui.widgets import DIM, ERROR, TEXT, TextField

TOWN_NAME_LIMIT = 48
Asking = Literal["remove", "save_as", "discard"]


def resident_line(resident: Mapping[str, Any]) -> str:
    """ "34 · works at Hobbs Cafe · up 6 am–10 pm"."""
    parts = [str(resident.get("age", "?"))]
    work = resident.get("work_sector")
    parts.append(f"works at {work}" if work else "no workplace")
    routine = resident.get("routine") or {}
    wake, sleep = routine.get("wake_hour"), routine.get("sleep_hour")
    if isinstance(wake, int) and isinstance(sleep, int):
        parts.append(f"up {_hour(wake)}–{_hour(sleep)}")
    line = " · ".join(parts)
    return line if len(line) <= 62 else line[:61] + "…"


def _hour(hour: int) -> str:
    return f"{(hour - 1) % 12 + 1} {'am' if hour % 24 < 12 else 'pm'}"


class TownEditorMenu(MenuPanel):
    """`label`: the town's name; `residents`: as `TownEditor.residents()` gives them;
    `bundled`: Save asks for a new town's name (the bundled town stays as it is);
    `dirty`: there are changes not saved yet (Back asks before dropping them)."""

    width = 540

    def __init__(
        self,
        text: PixelText,
        label: str,
        residents: Sequence[Mapping[str, Any]],
        bundled: bool,
        dirty: bool = False,
    ) -> None:
        super().__init__(text, "Edit town")
        self.label = label
        self.bundled = bundled
        self.dirty = dirty
        self.names: list[str] = []
        self.asking: Asking | None = None
        self.quitting = False  # the discard question came from closing the window
        self.list = ListItem(
            [],
            visible_rows=5,
            on_activate=lambda _: self.edit(),
            on_select=lambda _: self._enable(),
            empty="No residents yet.",
        )
        self.add_button = ButtonItem("Add", self.add, width=80)
        self.edit_button = ButtonItem("Edit", self.edit, width=80)
        self.remove_button = ButtonItem("Remove", self.ask_remove, width=80)
        self.scenario_button = ButtonItem("Scenario…", self.scenario, width=96)
        self.save_button = ButtonItem("Save", self.save, width=96)
        self.back_button = ButtonItem("Back", self.back, width=96)
        self.town_name = FieldItem(
            "Town name",
            TextField(limit=TOWN_NAME_LIMIT, placeholder="My Ville"),
            hint="Saved as your own town; the bundled town stays as it is.",
            label_width=96,
            on_submit=self._save_as,
        )
        self.confirm_button = ButtonItem("Remove", self._confirm_remove, width=96)
        self.keep_button = ButtonItem("Keep", self._cancel, width=96)
        self.save_as_button = ButtonItem("Save as my town", self._save_as, width=136)
        self.cancel_button = ButtonItem("Cancel", self._cancel, width=96)
        self.discard_button = ButtonItem("Discard", self._discard, width=96)
        self.keep_editing_button = ButtonItem("Keep editing", self._cancel, width=112)
        self.set_residents(residents, dirty)

    # --- for the play layer ---------------------------------------------------------------

    def set_residents(
        self, residents: Sequence[Mapping[str, Any]], dirty: bool, selected: str | None = None
    ) -> None:
        """Show a fresh list; `selected`: the resident to select (else the same row)."""
        self.names = [str(resident.get("name", "")) for resident in residents]
        rows = [
            ListRow([(str(resident.get("name", "")), TEXT), (resident_line(resident), DIM)])
            for resident in residents
        ]
        index = self.names.index(selected) if selected in self.names else self.list.selected
        self.list.set_rows(rows, index)
        self.dirty = dirty
        self.asking = None
        self._enable()

    def set_town(self, label: str, bundled: bool) -> None:
        """After a save: the town edited is now `label` (the player's own, when it was a
        bundled one)."""
        self.label, self.bundled = label, bundled
        self.town_name.field.clear()

    @property
    def selected(self) -> str | None:
        index = self.list.selected
        return self.names[index] if 0 <= index < len(self.names) else None

    # --- the rows -------------------------------------------------------------------------

    def _enable(self) -> None:
        self.edit_button.enabled = self.remove_button.enabled = self.selected is not None

    def _header(self) -> TextLine:
        words = self.label
        if self.bundled:
            words += " · bundled: saving makes your own copy"
        elif self.dirty:
            words += " · unsaved changes"
        return TextLine(words, DIM)

    def rows(self) -> list[Row]:
        rows: list[Row] = [self._header(), self.list]
        if self.asking == "remove":
            question = (
                f"Remove {self.selected} from the town? Others' relationships to them and "
                "their part in the scenario go too."
            )
            return [
                *rows,
                TextLine(question, ERROR),
                ButtonRow([self.confirm_button, self.keep_button]),
            ]
        if self.asking == "discard":
            question = "Discard changes? What you changed since the last save is lost."
            buttons = [self.discard_button, self.keep_editing_button]
            return [*rows, TextLine(question, ERROR), ButtonRow(buttons)]
        if self.asking == "save_as":
            buttons = [self.save_as_button, self.cancel_button]
            return [*rows, self.town_name, self.status_row(), ButtonRow(buttons)]
        rows.append(ButtonRow([self.add_button, self.edit_button, self.remove_button]))
        rows += [
            self.status_row(),
            ButtonRow([self.scenario_button, self.save_button, self.back_button]),
        ]
        return rows

    # --- the buttons ----------------------------------------------------------------------

    def _choose(
        self, choice: EditResident | RemoveResident | OpenScenario | SaveTown | Back | QuitGame
    ) -> None:
        self.choice = choice
        self.asking = None

    def add(self) -> None:
        self._choose(EditResident(None))

    def edit(self) -> None:
        if self.selected is not None:
            self._choose(EditResident(self.selected))

    def scenario(self) -> None:
        self._choose(OpenScenario())

    def ask_remove(self) -> None:
        if self.selected is not None:
            self.asking = "remove"
            self.focus(self.keep_button)

    def _confirm_remove(self) -> None:
        if self.selected is not None:
            self._choose(RemoveResident(self.selected))
        self.focus(self.list)

    def save(self) -> None:
        if self.bundled:
            self.asking = "save_as"
            self.say("")
            self.focus(self.town_name)
        else:
            self._choose(SaveTown(None))

    def _save_as(self) -> None:
        name = self.town_name.field.value()
        if not name:
            self.say("Name your town first: it is saved under this name.")
            self.focus(self.town_name)
            return
        self.choice = SaveTown(name)  # the question stays until the save went through

    def ask_before_quitting(self) -> None:
        """The window's close button with changes not saved: the discard question, whose
        Discard quits the game (closing the window again quits too)."""
        self.asking, self.quitting = "discard", True
        self.focus(self.keep_editing_button)

    def _discard(self) -> None:
        self._choose(QuitGame() if self.quitting else Back())

    def _cancel(self) -> None:
        self.asking, self.quitting = None, False
        self.say("")
        self.focus(self.list if self.names else self.add_button)

    def back(self) -> None:
        if self.asking is not None:
            self._cancel()
        elif self.dirty:
            self.asking = "discard"
            self.focus(self.keep_editing_button)
        else:
            self._choose(Back())


__all__ = ["TownEditorMenu", "resident_line"]
