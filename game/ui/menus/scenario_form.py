"""The scenario form: when the town starts and how long it runs, and the intentions seeded in
it ("Klaus Mueller plans a reading group at Oak Hill College on Thursday from 4 to 5 pm";
who knows it at the start) with Add, Edit and Remove (after a confirmation).

Plain data in and out: the scenario and its intentions as `TownEditor.scenario()` and
`intentions()` give them (times as ISO strings). Done sets `PutScenarioTimes` when the times
changed (else `Back`); Add/Edit set `EditIntention`, Remove `RemoveIntention`; the play
layer refreshes the list with `set_intentions`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from game.render.text import PixelText
from game.ui.menus.base import MenuPanel, Row
from game.ui.menus.choices import Back, EditIntention, PutScenarioTimes, RemoveIntention
from game.ui.menus.items import ButtonItem, ButtonRow, FieldItem, TextLine
from game.ui.menus.list_items import ListItem, ListRow
from game.ui.widgets import DIM, ERROR, TEXT, TextField
from game.world.clock import format_clock

TIME_FORMATS = ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S")
SHOWN_FORMAT = "%Y-%m-%d %H:%M"
LABEL_WIDTH = 104


def parse_time(words: str) -> datetime | None:
    """ "2023-02-13 07:00" (or ISO "2023-02-13T07:00:00") as a datetime; None when it is not
    one."""
    for form in TIME_FORMATS:
        try:
            return datetime.strptime(words.strip(), form)
        except ValueError:
            continue
    return None


def clock(moment: datetime) -> str:
    """ "4 pm", "4:30 pm", "12 am"."""
    words = format_clock(moment)
    return words if moment.minute else words.replace(":00 ", " ")


def describe_time(moment: datetime) -> str:
    """ "Mon Feb 13 2023, 7 am"."""
    return f"{moment:%a %b} {moment.day} {moment.year}, {clock(moment)}"


def shown_time(iso: str | None) -> str:
    """An ISO time as the field shows it ("2023-02-13 07:00"); unreadable ones as they are."""
    if not iso:
        return ""
    moment = parse_time(iso)
    return moment.strftime(SHOWN_FORMAT) if moment else iso


def intention_lines(intention: Mapping[str, Any]) -> list[tuple[str, tuple[int, int, int]]]:
    """ "Klaus Mueller: a reading group" / "Oak Hill College · Thu Feb 16, 4 pm–5 pm ·
    3 know"."""
    host, what = intention.get("host") or "?", intention.get("what") or "?"
    starts = parse_time(str(intention.get("starts") or ""))
    ends = parse_time(str(intention.get("ends") or ""))
    when = f"{starts:%a %b} {starts.day}, {clock(starts)}" if starts else "?"
    if ends is not None:
        when += f"–{clock(ends)}"
    knowing = len({str(name) for name in intention.get("known_by") or []} | {str(host)})
    know = "knows" if knowing == 1 else "know"  # the host, and who else knows it
    second = f"{intention.get('place') or '?'} · {when} · {knowing} {know} at the start"
    first = f"{host}: {what}"
    cut = [line if len(line) <= 64 else line[:63] + "…" for line in (first, second)]
    return [(cut[0], TEXT), (cut[1], DIM)]


class ScenarioForm(MenuPanel):
    """`scenario`: {"title", "start", "run_until", …}; `intentions`: the seeded intentions
    ({"id", "host", "what", "place", "starts", "ends", "known_by"})."""

    width = 560

    def __init__(
        self,
        text: PixelText,
        scenario: Mapping[str, Any],
        intentions: Sequence[Mapping[str, Any]],
    ) -> None:
        super().__init__(text, "Scenario")
        self.scenario_title = str(scenario.get("title") or "")
        self.original = (
            shown_time(scenario.get("start")),
            shown_time(scenario.get("run_until")),
        )
        self.start = FieldItem(
            "Starts", TextField(limit=19, text=self.original[0], placeholder="2023-02-13 07:00"),
            label_width=LABEL_WIDTH,
        )  # fmt: skip
        self.run_until = FieldItem(
            "Runs until",
            TextField(limit=19, text=self.original[1], placeholder="2023-02-15 00:00"),
            label_width=LABEL_WIDTH,
        )
        self.ids: list[str] = []
        self.confirming: str | None = None
        self.list = ListItem(
            [],
            visible_rows=4,
            on_activate=lambda _: self.edit(),
            on_select=lambda _: self._enable(),
            empty="No intentions yet: Add one (who plans what, where and when).",
        )
        self.add_button = ButtonItem("Add", self.add, width=80)
        self.edit_button = ButtonItem("Edit", self.edit, width=80)
        self.remove_button = ButtonItem("Remove", self.ask_remove, width=80)
        self.done_button = ButtonItem("Done", self.done, width=96)
        self.back_button = ButtonItem("Back", self.back, width=96)
        self.confirm_button = ButtonItem("Remove", self._confirm_remove, width=96)
        self.keep_button = ButtonItem("Keep", self._cancel_remove, width=96)
        self.set_intentions(intentions)
        self.focus(self.start)

    # --- for the play layer ---------------------------------------------------------------

    def set_intentions(
        self, intentions: Sequence[Mapping[str, Any]], selected: str | None = None
    ) -> None:
        """Show a fresh list; `selected`: the id to select (else the same row)."""
        self.ids = [str(intention.get("id", "")) for intention in intentions]
        rows = [ListRow(intention_lines(intention)) for intention in intentions]
        index = self.ids.index(selected) if selected in self.ids else self.list.selected
        self.list.set_rows(rows, index)
        self.confirming = None
        self._enable()

    @property
    def selected(self) -> str | None:
        index = self.list.selected
        return self.ids[index] if 0 <= index < len(self.ids) else None

    def _enable(self) -> None:
        self.edit_button.enabled = self.remove_button.enabled = self.selected is not None

    # --- rows -----------------------------------------------------------------------------

    def _hint(self, item: FieldItem) -> None:
        words = item.field.value()
        moment = parse_time(words)
        item.hint = describe_time(moment) if moment else "Write it as 2023-02-13 07:00."

    def rows(self) -> list[Row]:
        self._hint(self.start)
        self._hint(self.run_until)
        rows: list[Row] = []
        if self.scenario_title:
            rows.append(TextLine(self.scenario_title, DIM))
        rows += [self.start, self.run_until, TextLine("Seeded intentions", TEXT), self.list]
        if self.confirming is not None:
            question = f"Remove the intention {self.confirming!r}? Nobody will know of it."
            return [
                *rows,
                TextLine(question, ERROR),
                ButtonRow([self.confirm_button, self.keep_button]),
            ]
        rows.append(ButtonRow([self.add_button, self.edit_button, self.remove_button]))
        return [*rows, self.status_row(), ButtonRow([self.done_button, self.back_button])]

    # --- the buttons ----------------------------------------------------------------------

    def add(self) -> None:
        self.choice = EditIntention(None)

    def edit(self) -> None:
        if self.selected is not None:
            self.choice = EditIntention(self.selected)

    def ask_remove(self) -> None:
        if self.selected is not None:
            self.confirming = self.selected
            self.focus(self.keep_button)

    def _confirm_remove(self) -> None:
        if self.confirming is not None:
            self.choice = RemoveIntention(self.confirming)
        self.confirming = None
        self.focus(self.list)

    def _cancel_remove(self) -> None:
        self.confirming = None
        self.focus(self.remove_button)

    def times(self) -> tuple[str, str] | None:
        """The two times as ISO strings; None (and the problem shown) when one is not a time."""
        found: list[str] = []
        for key, item in (("start", self.start), ("run_until", self.run_until)):
            moment = parse_time(item.field.value())
            if moment is None:
                self.say(f"{key}: {item.field.value()!r} is not a date and time (2023-02-13 07:00)")
                self.focus(item)
                return None
            found.append(moment.isoformat())
        return found[0], found[1]

    def done(self) -> None:
        """Apply the times (when changed) and close."""
        shown = (self.start.field.value(), self.run_until.field.value())
        if shown == self.original:
            self.choice = Back()
            return
        times = self.times()
        if times is not None:
            self.choice = PutScenarioTimes(*times)

    def show_problems(self, problems: Sequence[str]) -> None:
        self.say("\n".join(problems[:4]))
        first = problems[0].partition(":")[0].strip() if problems else ""
        if first == "start":
            self.focus(self.start)
        elif first == "run_until":
            self.focus(self.run_until)

    def back(self) -> None:
        if self.confirming is not None:
            self._cancel_remove()
        else:
            self.choice = Back()


__all__ = [
    "ScenarioForm",
    "clock",
    "describe_time",
    "intention_lines",
    "parse_time",
    "shown_time",
]
