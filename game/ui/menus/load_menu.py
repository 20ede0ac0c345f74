"""The load menu: the save slots (name, town, game time, when saved, residents), broken ones
greyed with their problem; Load, Delete (after a confirmation) and Back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from game.render.text import PixelText
from game.saves import SlotInfo
from game.ui.menus.base import MenuPanel, Row
from game.ui.menus.choices import Back, DeleteSlot, LoadSlot
from game.ui.menus.items import ButtonItem, ButtonRow, TextLine
from game.ui.menus.list_items import ListItem, ListRow
from game.ui.widgets import DIM, ERROR, TEXT
from game.world.clock import format_clock

NO_SAVES = "No saves yet: press Esc in a town and choose Save."
ROW_CHARACTERS = 60  # a list line is cut to this many characters (8 px each)


def format_game_time(moment: datetime) -> str:
    """ "Tue Feb 14 9:00 am"."""
    return f"{moment:%a %b} {moment.day} {format_clock(moment)}"


def format_saved_at(moment: datetime) -> str:
    """When a slot was saved, in the player's local time: "saved May 1 2024, 2:30 pm"."""
    local = moment.astimezone() if moment.tzinfo is not None else moment
    return f"saved {local:%b} {local.day} {local.year}, {format_clock(local)}"


def _cut(words: str, limit: int = ROW_CHARACTERS) -> str:
    return words if len(words) <= limit else words[: limit - 1] + "…"


class LoadMenu(MenuPanel):
    """`slots`: `SaveSlots().list()`; `error`: shown in red (the app sets it when loading
    failed: "Day 3 could not be loaded: …"); `town_labels`: town id → name shown.
    Choices: `LoadSlot`, `DeleteSlot` (the app deletes, then calls `set_slots`), `Back`."""

    width = 560

    def __init__(
        self,
        text: PixelText,
        slots: Sequence[SlotInfo],
        error: str = "",
        over_town: bool = False,
        town_labels: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(text, "Load a town", over_town)
        self.error = error
        self.town_labels = dict(town_labels or {})
        self.slots: list[SlotInfo] = []
        self.confirming: SlotInfo | None = None
        self.list = ListItem(
            [], visible_rows=5, on_activate=lambda _: self.load(), on_select=self._selected
        )
        self.list.empty = NO_SAVES
        self.load_button = ButtonItem("Load", self.load, width=80)
        self.delete_button = ButtonItem("Delete", self.ask_delete, width=80)
        self.back_button = ButtonItem("Back", self.back, width=80)
        self.confirm_button = ButtonItem("Delete it", self._confirm_delete, width=96)
        self.keep_button = ButtonItem("Keep it", self._cancel_delete, width=96)
        self.set_slots(slots, error)

    def set_slots(self, slots: Sequence[SlotInfo], error: str = "") -> None:
        """Show a fresh list (after a delete); `error` replaces the red line."""
        self.slots = list(slots)
        self.error = error
        self.confirming = None
        self.list.set_rows([self._row(slot) for slot in self.slots])
        self._selected(self.list.selected)
        self.focus(self.list if self.slots else self.back_button)

    @property
    def selected(self) -> SlotInfo | None:
        index = self.list.selected
        return self.slots[index] if 0 <= index < len(self.slots) else None

    def _row(self, slot: SlotInfo) -> ListRow:
        saved = format_saved_at(slot.saved_at) if slot.saved_at else ""
        if not slot.ok:
            problem = (slot.problem or "unknown problem").removeprefix(f"The save {slot.name!r}: ")
            problem = f"cannot be loaded: {problem}"
            return ListRow([(_cut(slot.name, 36), TEXT), (_cut(problem), ERROR)], False, "broken")
        town = self.town_labels.get(slot.town or "", slot.town or "?")
        parts = [town]
        if slot.game_time is not None:
            parts.append(format_game_time(slot.game_time))
        if slot.residents is not None:
            parts.append(f"{slot.residents} resident{'' if slot.residents == 1 else 's'}")
        return ListRow([(_cut(slot.name, 36), TEXT), (_cut(" · ".join(parts)), DIM)], True, saved)

    def _selected(self, _index: int) -> None:
        slot = self.selected
        loadable = slot is not None and (slot.ok or slot.has_previous)
        self.load_button.enabled = loadable
        previous_only = slot is not None and not slot.ok and slot.has_previous
        self.load_button.label = "Load previous" if previous_only else "Load"
        self.delete_button.enabled = slot is not None

    def _problem(self, slot: SlotInfo) -> str:
        message = slot.problem or f"{slot.name} cannot be loaded."  # SaveError names the slot
        if slot.has_previous:
            message += " Its previous save is kept: Load previous opens it."
        return message

    def rows(self) -> list[Row]:
        slot = self.selected
        if self.error:
            status = TextLine(self.error, ERROR)
        elif slot is not None and not slot.ok:
            status = TextLine(self._problem(slot), ERROR)
        else:
            status = self.status_row()
        if self.confirming is not None:
            question = (
                f"Delete {self.confirming.name} (and its previous save)? This cannot be undone."
            )
            return [
                self.list,
                TextLine(question, ERROR),
                ButtonRow([self.confirm_button, self.keep_button]),
            ]
        buttons = ButtonRow([self.load_button, self.delete_button, self.back_button])
        return [self.list, status, buttons]

    def load(self) -> None:
        slot = self.selected
        if slot is None:
            self.say(NO_SAVES)
        elif slot.ok:
            self.choice = LoadSlot(slot.name)
        elif slot.has_previous:
            self.choice = LoadSlot(slot.name, previous=True)
        else:
            self.say(self._problem(slot))

    def ask_delete(self) -> None:
        if self.selected is not None:
            self.confirming = self.selected
            self.focus(self.keep_button)

    def _confirm_delete(self) -> None:
        if self.confirming is not None:
            self.choice = DeleteSlot(self.confirming.name)
            self.confirming = None
            self.focus(self.list)

    def _cancel_delete(self) -> None:
        self.confirming = None
        self.focus(self.delete_button)

    def back(self) -> None:
        if self.confirming is not None:
            self._cancel_delete()
        else:
            self.choice = Back()
