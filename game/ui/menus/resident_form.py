"""The resident form: who a resident is, a few facts about them, where they live and work and
their hours, the people they know, and how they look — one page each, picked with the tabs
along the top. OK sets `PutResident` (the values as personas.json holds them); the play layer
puts them in the town and, when the town refuses them, hands the problems back with
`show_problems`: each "field: problem" is shown, and the first field named gets the focus
(its page opens). Cancel or Esc sets `Back`; nothing is applied then.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import pygame

from game.render.text import PixelText
from game.ui.menus.base import MenuPanel, Row
from game.ui.menus.choices import Back, PutResident, Values
from game.ui.menus.items import ButtonItem, ButtonRow, FieldItem, Item, OptionItem, TextLine
from game.ui.menus.list_items import ListItem, ListRow
from game.ui.menus.resident_form_look import LookPage
from game.ui.menus.resident_form_parts import (
    ROUTINE,
    WORK_HOURS,
    TabItem,
    choices_of,
    hour_label,
    hour_options,
)
from game.ui.widgets import DIM, ERROR, TEXT, TextField

Page = Literal["who", "facts", "places", "people", "look"]
PAGES: dict[Page, str] = {
    "who": "Who",
    "facts": "Facts",
    "places": "Places & hours",
    "people": "People",
    "look": "Look",
}
LABEL_WIDTH = 112
FACT_FIELDS = 6  # at least this many "Fact n" fields (one more than the facts, up to 10)


class ResidentForm(MenuPanel):
    """`values`: the resident (as `TownEditor.residents()` or `blank_resident()` gives it);
    `replacing`: their name when editing (None: a new resident); `places`: each sector of the
    map → its arenas; `others`: the other residents' names (relationships are to them)."""

    width = 580

    def __init__(
        self,
        text: PixelText,
        values: Mapping[str, Any],
        places: Mapping[str, Sequence[str]],
        others: Sequence[str],
        replacing: str | None = None,
    ) -> None:
        title = f"Edit {replacing}" if replacing else "New resident"
        super().__init__(text, title)
        self.original: Values = copy.deepcopy(dict(values))
        self.replacing = replacing
        self.places = {sector: list(arenas) for sector, arenas in places.items()}
        self.others = [name for name in others if name != replacing]
        self.page: Page = "who"
        self.tabs = [self._tab(page, label) for page, label in PAGES.items()]
        self._who(values)
        self._facts(str(values.get("description") or ""))
        self._places(values)
        self._people(values.get("relationships") or {})
        self.look = LookPage(values.get("look"), lambda: self.name.field.value())
        self.ok_button = ButtonItem("OK", self.ok, width=96)
        self.cancel_button = ButtonItem("Cancel", self.back, width=96)
        self.focus(self.name)

    # --- the pages ------------------------------------------------------------------------

    def _tab(self, page: Page, label: str) -> TabItem:
        return TabItem(label, lambda: self.show(page), lambda: self.page == page)

    def _field(
        self, label: str, value: Any, limit: int, placeholder: str = "", hint: str = ""
    ) -> FieldItem:
        field = TextField(limit=limit, text=str(value or ""), placeholder=placeholder)
        return FieldItem(label, field, hint=hint, label_width=LABEL_WIDTH)

    def _who(self, values: Mapping[str, Any]) -> None:
        self.name = self._field("Name", values.get("name"), 40, "Ada Lovelace")
        self.age = self._field("Age", values.get("age"), 3, "30")
        self.innate = self._field(
            "Traits", values.get("innate"), 120, "curious, kind", "A few words, with commas."
        )
        self.learned = self._field(
            "Who they are", values.get("learned"), 300, "Ada paints portraits in her studio."
        )
        self.currently = self._field(
            "These days", values.get("currently"), 300, "Ada is getting ready for a show."
        )
        self.lifestyle = self._field(
            "Lifestyle", values.get("lifestyle"), 300, "Ada rises early and paints till noon."
        )

    def _facts(self, description: str) -> None:
        facts = [fact.strip() for fact in description.split(";") if fact.strip()]
        count = min(10, max(FACT_FIELDS, len(facts) + 1))
        facts += [""] * (count - len(facts))
        self.facts = [
            self._field(f"Fact {number}", fact, 160) for number, fact in enumerate(facts, 1)
        ]

    def _places(self, values: Mapping[str, Any]) -> None:
        sectors = sorted(self.places)
        home = values.get("home_sector") or (sectors[0] if sectors else "")
        self.home_sector = OptionItem(
            "Home", choices_of(sectors, home), home, LABEL_WIDTH, lambda _: self._home_changed()
        )
        self.home_arena = OptionItem[str]("Home room", [], "", LABEL_WIDTH)
        self._arenas(self.home_arena, self.home_sector.value, values.get("home_arena"))
        work = values.get("work_sector") or None
        work_options: list[tuple[str | None, str]] = [(None, "no workplace")]
        work_options += choices_of(sectors, work)
        self.work_sector = OptionItem[str | None](
            "Workplace", work_options, work, LABEL_WIDTH, lambda _: self._work_changed()
        )
        self.work_arena = OptionItem[str | None]("Work room", [], None, LABEL_WIDTH)
        self._work_arenas(values.get("work_arena"))
        routine = values.get("routine") or {}
        self.hours = {
            key: OptionItem[int | None](
                label,
                hour_options(hours, key in WORK_HOURS),
                routine.get(key, default) if key in routine else default,
                LABEL_WIDTH,
            )
            for key, label, default, hours in ROUTINE
        }

    def _arenas(
        self, item: OptionItem[Any], sector: str, current: str | None, none: str | None = ""
    ) -> None:
        """`sector`'s rooms on `item` (`current` picked); disabled with `none` as its value
        when the sector has no rooms."""
        options = choices_of(self.places.get(sector, []), current)
        item.options = list(options) or [(none, "(no rooms)")]
        values = [value for value, _ in item.options]
        item.index = values.index(current) if current in values else 0
        item.enabled = bool(options)

    def _work_arenas(self, current: str | None) -> None:
        sector = self.work_sector.value
        if sector is None:
            self.work_arena.options, self.work_arena.index = [(None, "-")], 0
            self.work_arena.enabled = False
            return
        self._arenas(self.work_arena, sector, current, none=None)

    def _home_changed(self) -> None:  # a room of the new place (the same name if it has one)
        sector = self.home_sector.value
        kept = (
            self.home_arena.value if self.home_arena.value in self.places.get(sector, []) else None
        )
        self._arenas(self.home_arena, sector, kept)

    def _work_changed(self) -> None:
        sector = self.work_sector.value
        arena = self.work_arena.value
        self._work_arenas(arena if sector and arena in self.places.get(sector, []) else None)

    def _people(self, relationships: Mapping[str, str]) -> None:
        self.relationships = {str(k): str(v) for k, v in relationships.items()}
        self.relationship_list = ListItem(
            [],
            visible_rows=4,
            on_select=self._relationship_selected,
            empty="Nobody yet: pick someone below and say how they know them.",
        )
        self.relationship_with = OptionItem(
            "With", [(name, name) for name in self.others] or [("", "(no one else)")], "",
            LABEL_WIDTH,
        )  # fmt: skip
        self.relationship_with.enabled = bool(self.others)
        self.relationship_how = FieldItem(
            "How",
            TextField(limit=200, placeholder="An old friend from college."),
            label_width=LABEL_WIDTH,
            on_submit=self.set_relationship,
        )
        self.set_button = ButtonItem("Set", self.set_relationship, width=80)
        self.unset_button = ButtonItem("Remove", self.remove_relationship, width=80)
        self._relationship_rows()

    def _relationship_rows(self, selected: str | None = None) -> None:
        names = list(self.relationships)
        rows = []
        for name, words in self.relationships.items():
            note = "" if name in self.others else "not in this town"
            cut = words if len(words) <= 64 else words[:63] + "…"
            rows.append(ListRow([(name, TEXT if not note else ERROR), (cut, DIM)], note=note))
        index = names.index(selected) if selected in names else self.relationship_list.selected
        self.relationship_list.set_rows(rows, index)
        self.unset_button.enabled = bool(names)
        self.set_button.enabled = bool(self.others)

    def _relationship_selected(self, index: int) -> None:
        names = list(self.relationships)
        if not 0 <= index < len(names):
            return
        name = names[index]
        if name in self.others:
            self.relationship_with.index = self.others.index(name)
        self.relationship_how.field.text = self.relationships[name]

    def set_relationship(self) -> None:
        """The person picked, and how they know them (a new one, or an old one reworded)."""
        if not self.others:
            self.say("No one else lives in this town yet.")
            return
        who = self.relationship_with.value
        words = self.relationship_how.field.value()
        if not words:
            self.say(f"Say in a sentence how they know {who}.")
            self.focus(self.relationship_how)
            return
        self.relationships[who] = words
        self._relationship_rows(who)
        self.say(f"Knows {who}.", "good")

    def remove_relationship(self) -> None:
        names = list(self.relationships)
        index = self.relationship_list.selected
        if 0 <= index < len(names):
            del self.relationships[names[index]]
            self._relationship_rows()
            self.relationship_how.field.clear()
            self.say(f"No relationship to {names[index]} any more.", "info")

    # --- rows -----------------------------------------------------------------------------

    def show(self, page: Page) -> None:
        self.page = page
        self.say("")

    def page_rows(self, page: Page) -> list[Row]:
        if page == "who":
            return [self.name, self.age, self.innate, self.learned, self.currently, self.lifestyle]
        if page == "facts":
            return [TextLine("What the resident knows at the start, one fact a line.", DIM),
                    *self.facts]  # fmt: skip
        if page == "places":
            places: list[Row] = [self.home_sector, self.home_arena]
            places += [self.work_sector, self.work_arena, *self.hours.values()]
            return places
        if page == "people":
            buttons = ButtonRow([self.set_button, self.unset_button])
            return [self.relationship_list, self.relationship_with, self.relationship_how, buttons]
        return self.look.rows()

    def rows(self) -> list[Row]:
        rows: list[Row] = [ButtonRow(list(self.tabs)), *self.page_rows(self.page)]
        return [*rows, self.status_row(), ButtonRow([self.ok_button, self.cancel_button])]

    def items(self) -> list[Item]:
        found = super().items()
        if self.page == "look":  # the part pickers sit in the page's grid, after the tabs
            found[len(self.tabs) : len(self.tabs)] = self.look.items
        return found

    def _layout(self, rows: list[Row], size: tuple[int, int]) -> list[tuple[Row, pygame.Rect]]:
        placed = super()._layout(rows, size)
        for row, rect in placed:
            if row is self.look.grid:
                self.look.place(rect)
        return placed

    def _draw_rows(self, canvas: pygame.Surface, placed: list[tuple[Row, pygame.Rect]]) -> None:
        super()._draw_rows(canvas, placed)
        if self.page == "look":
            self.look.draw(canvas, self.text, self.focused, self._hover, self.seconds)

    # --- the values -----------------------------------------------------------------------

    def values(self) -> tuple[Values, list[str]]:
        """The resident as the form holds it, and what is wrong before the town is asked
        (an age that is not a number)."""
        values = copy.deepcopy(self.original)
        problems: list[str] = []
        age_text = self.age.field.value()
        if age_text.isdigit():
            values["age"] = int(age_text)
        else:
            problems.append(f"age: {age_text!r} is not a whole number of years")
        values["name"] = self.name.field.value()
        for key, item in (
            ("innate", self.innate),
            ("learned", self.learned),
            ("currently", self.currently),
            ("lifestyle", self.lifestyle),
        ):
            values[key] = item.field.value()
        facts = [item.field.value().strip(" ;") for item in self.facts]
        values["description"] = ";".join(fact for fact in facts if fact)
        values["home_sector"] = self.home_sector.value
        values["home_arena"] = self.home_arena.value
        values["work_sector"] = self.work_sector.value
        values["work_arena"] = self.work_arena.value if self.work_sector.value else None
        routine = dict(values.get("routine") or {})
        routine.update({key: item.value for key, item in self.hours.items()})
        values["routine"] = routine
        values["relationships"] = dict(self.relationships)
        values["look"] = self.look.value()
        return values, problems

    def ok(self) -> None:
        values, problems = self.values()
        if problems:
            self.show_problems(problems)
            return
        self.choice = PutResident(values, self.replacing)

    def back(self) -> None:
        self.choice = Back()

    # --- problems -------------------------------------------------------------------------

    def item_for(self, field: str, problem: str = "") -> tuple[Page, Item] | None:
        """The page and row a problem's field ("routine.wake_hour", "relationships.Klaus
        Mueller", "look.hair") is edited in; a relationship's problem selects the person it
        names (in the field or in the `problem`'s words)."""
        head, _, rest = field.partition(".")
        simple: dict[str, tuple[Page, Item]] = {
            "name": ("who", self.name),
            "age": ("who", self.age),
            "innate": ("who", self.innate),
            "learned": ("who", self.learned),
            "currently": ("who", self.currently),
            "lifestyle": ("who", self.lifestyle),
            "description": ("facts", self.facts[0]),
            "home_sector": ("places", self.home_sector),
            "home_arena": ("places", self.home_arena),
            "work_sector": ("places", self.work_sector),
            "work_arena": ("places", self.work_arena),
        }
        if head in simple:
            return simple[head]
        if head == "routine":
            item = self.hours.get(rest.split(".")[0])
            return ("places", item) if item is not None else ("places", self.hours["wake_hour"])
        if head == "relationships":
            names = list(self.relationships)
            who = rest.split(".")[0]
            named = [n for n in names if n == who] or [n for n in names if n in problem]
            if named:
                self.relationship_list.select(names.index(named[0]))
            return "people", self.relationship_list
        if head == "look":
            return "look", self.look.item_for(rest)
        return None

    def show_problems(self, problems: Sequence[str]) -> None:
        """Show the town's (or the form's) problems; open the page of the first field named
        and focus it."""
        shown = list(problems[:4])
        if len(problems) > 4:
            shown.append(f"… and {len(problems) - 4} more")
        self.say("\n".join(shown))
        for problem in problems:
            field, colon, words = problem.partition(":")
            found = self.item_for(field.strip(), words) if colon else None
            if found is not None:
                self.page = found[0]
                self.focus(found[1])
                return


__all__ = ["PAGES", "ROUTINE", "ResidentForm", "TabItem", "hour_label", "hour_options"]
