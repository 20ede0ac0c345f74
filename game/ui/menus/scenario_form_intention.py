"""The intention form: who intends what, where and when, and who else knows it at the start
("Klaus Mueller plans a reading group at Oak Hill College on Thu Feb 16 from 4 to 5 pm;
Maria Lopez knows"). OK sets `PutIntention` with the intention as plain data ({"id", "host",
"what", "place", "starts", "ends", "known_by"}, times as ISO strings; the host is always
among those who know); the play layer puts it and hands back problems with
`show_problems`. Cancel or Esc sets `Back`.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence
from datetime import date, datetime, timedelta
from typing import Any

from game.render.text import PixelText
from game.ui.menus.base import MenuPanel, Row
from game.ui.menus.choices import Back, PutIntention, Values
from game.ui.menus.items import ButtonItem, ButtonRow, FieldItem, Item, OptionItem, TextLine
from game.ui.menus.list_items import CheckListItem
from game.ui.menus.scenario_form import clock, parse_time
from game.ui.widgets import DIM, TextField

LABEL_WIDTH = 104
STEP_MINUTES = 30
NOT_ON_MAP = " (not on the map)"


def minutes_label(minutes: int) -> str:
    """ "4 pm", "4:30 pm", "12 am (midnight)" for 24:00."""
    if minutes >= 24 * 60:
        return "12 am (midnight)"
    return clock(datetime(2000, 1, 1, minutes // 60, minutes % 60))


def new_id(what: str, taken: Sequence[str]) -> str:
    """An id for a new intention from its words: "a reading group" → "reading-group"
    ("reading-group-2" when that is taken)."""
    words = re.sub(r"^(a|an|the)\s+", "", what.strip().lower())
    base = re.sub(r"[^a-z0-9]+", "-", words).strip("-")[:32] or "intention"
    found, number = base, 2
    while found in taken:
        found, number = f"{base}-{number}", number + 1
    return found


class IntentionForm(MenuPanel):
    """`values`: the intention (None: a new one); `residents`: who may host or know it;
    `places`: the map's sectors; `days`: the dates it may fall on (the scenario's days);
    `taken`: the ids in use (a new intention gets one of its own)."""

    width = 560

    def __init__(
        self,
        text: PixelText,
        values: Mapping[str, Any] | None,
        residents: Sequence[str],
        places: Sequence[str],
        days: Sequence[date],
        taken: Sequence[str] = (),
    ) -> None:
        super().__init__(text, "Edit intention" if values else "New intention")
        self.original: Values = copy.deepcopy(dict(values or {}))
        self.replacing: str | None = str(values["id"]) if values and values.get("id") else None
        self.taken = [id for id in taken if id != self.replacing]
        self.residents = list(residents)
        starts = parse_time(str(self.original.get("starts") or ""))
        ends = parse_time(str(self.original.get("ends") or ""))
        host = str(self.original.get("host") or (self.residents[0] if self.residents else ""))
        self.host = OptionItem(
            "Host", self._choices(self.residents, host), host, LABEL_WIDTH,
            lambda _: self._host_changed(),
        )  # fmt: skip
        self.what = FieldItem(
            "What",
            TextField(limit=80, text=str(self.original.get("what") or ""),
                      placeholder="a reading group"),
            label_width=LABEL_WIDTH,
        )  # fmt: skip
        place = str(self.original.get("place") or (places[0] if places else ""))
        self.place = OptionItem("Where", self._choices(list(places), place), place, LABEL_WIDTH)
        day_list = list(days)
        if starts is not None and starts.date() not in day_list:
            day_list.insert(0, starts.date())
        first_day = starts.date() if starts else (day_list[0] if day_list else date.today())
        self.day = OptionItem(
            "Day", [(d, f"{d:%a %b} {d.day}") for d in day_list] or [(first_day, "?")],
            first_day, LABEL_WIDTH,
        )  # fmt: skip
        steps = range(0, 24 * 60, STEP_MINUTES)
        begin = starts.hour * 60 + starts.minute if starts else 16 * 60
        self.begins = OptionItem("From", [(m, minutes_label(m)) for m in steps], begin, LABEL_WIDTH)
        finish = begin + 60
        if starts is not None and ends is not None:
            finish = begin + int((ends - starts).total_seconds() // 60)
        self.ends = OptionItem(
            "To", [(m, minutes_label(m)) for m in range(STEP_MINUTES, 24 * 60 + 1, STEP_MINUTES)],
            min(finish, 24 * 60), LABEL_WIDTH,
        )  # fmt: skip
        known = [str(name) for name in self.original.get("known_by") or []]
        self.known = CheckListItem(
            self._others(), known, visible_rows=4, empty="Nobody else lives here."
        )
        self.ok_button = ButtonItem("OK", self.ok, width=96)
        self.cancel_button = ButtonItem("Cancel", self.back, width=96)
        self.focus(self.host)

    @staticmethod
    def _choices(names: Sequence[str], current: str) -> list[tuple[str, str]]:
        options = [(name, name) for name in names]
        if current and current not in names:
            options.insert(0, (current, current + NOT_ON_MAP))
        return options or [("", "(none)")]

    def _others(self) -> list[str]:
        return [name for name in self.residents if name != self.host.value]

    def _host_changed(self) -> None:
        self.known.set_names(self._others(), self.known.ticked())

    def rows(self) -> list[Row]:
        rows: list[Row] = [self.host, self.what, self.place, self.day, self.begins, self.ends]
        rows += [TextLine("Who else knows at the start (the host does):", DIM), self.known]
        return [*rows, self.status_row(), ButtonRow([self.ok_button, self.cancel_button])]

    def values(self) -> Values:
        values = copy.deepcopy(self.original)
        what = self.what.field.value()
        day = self.day.value
        midnight = datetime(day.year, day.month, day.day)
        values["id"] = self.replacing or new_id(what, self.taken)
        values["host"] = self.host.value
        values["what"] = what
        values["place"] = self.place.value
        values["starts"] = (midnight + timedelta(minutes=self.begins.value)).isoformat()
        values["ends"] = (midnight + timedelta(minutes=self.ends.value)).isoformat()
        values["known_by"] = [self.host.value, *self.known.ticked()]
        return values

    def ok(self) -> None:
        if not self.what.field.value():
            self.show_problems(["what: say what they intend, e.g. a reading group"])
            return
        if self.ends.value <= self.begins.value:
            self.show_problems(
                [f"ends: {minutes_label(self.ends.value)} is not after "
                 f"{minutes_label(self.begins.value)}"]
            )  # fmt: skip
            return
        self.choice = PutIntention(self.values(), self.replacing)

    def show_problems(self, problems: Sequence[str]) -> None:
        self.say("\n".join(problems[:4]))
        fields: dict[str, Item] = {
            "host": self.host,
            "what": self.what,
            "place": self.place,
            "starts": self.begins,
            "ends": self.ends,
            "known_by": self.known,
        }
        for problem in problems:
            field = problem.partition(":")[0].strip().split(".")[0].split("[")[0]
            if field in fields:
                self.focus(fields[field])
                return

    def back(self) -> None:
        self.choice = Back()


__all__ = ["IntentionForm", "minutes_label", "new_id"]
