"""The resident form's small parts: the routine hours (their keys, labels, defaults and
the hours each may be), a place picker's choices (a value not on the map kept, marked), and
the tabs along the top."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.render.text import PixelText
from game.ui.menus.items import ButtonItem
from game.ui.widgets import ACCENT, Button

__all__ = [
    "NOT_ON_MAP",
    "ROUTINE",
    "WORK_HOURS",
    "TabItem",
    "choices_of",
    "hour_label",
    "hour_options",
]

# each routine hour: its key, label, default and the hours it may be (cognition's Routine)
ROUTINE: tuple[tuple[str, str, int, range], ...] = (
    ("wake_hour", "Wakes at", 7, range(0, 24)),
    ("sleep_hour", "Sleeps at", 23, range(1, 25)),
    ("work_start_hour", "Work starts", 9, range(0, 24)),
    ("work_end_hour", "Work ends", 17, range(1, 25)),
)
WORK_HOURS = ("work_start_hour", "work_end_hour")  # both set, or neither
NOT_ON_MAP = " (not on the map)"


def hour_label(hour: int) -> str:
    """ "6 am", "12 pm (noon)", "12 am (midnight)" (0 or 24)."""
    if hour in (0, 24):
        return "12 am (midnight)"
    if hour == 12:
        return "12 pm (noon)"
    return f"{hour} am" if hour < 12 else f"{hour - 12} pm"


def hour_options(hours: range, optional: bool) -> list[tuple[int | None, str]]:
    options: list[tuple[int | None, str]] = [(None, "no set hours")] if optional else []
    return options + [(hour, hour_label(hour)) for hour in hours]


def choices_of(names: Sequence[str], current: str | None) -> list[tuple[str, str]]:
    """`names` as picker options; a `current` value that is not among them stays, marked,
    so the town's check names it instead of the form quietly changing it."""
    options = [(name, name) for name in names]
    if current and current not in names:
        options.insert(0, (current, current + NOT_ON_MAP))
    return options


class TabItem(ButtonItem):
    """A page's tab: a button drawn highlighted while its page is shown."""

    def __init__(self, label: str, on_press: Callable[[], None], shown: Callable[[], bool]):
        super().__init__(label, on_press)
        self.shown = shown

    def draw(self, canvas: pygame.Surface, text: PixelText, focused: bool, hovered: bool) -> None:
        Button(self.label, self.label, self.rect, active=self.shown()).draw(
            canvas, text, hovered=focused or hovered
        )
        if focused:
            pygame.draw.rect(canvas, ACCENT, self.rect, 1)
