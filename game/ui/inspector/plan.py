"""The inspector's Plan and People tabs: today's plan with the step in progress marked, and
the people the resident knows."""

from __future__ import annotations

from game.town.views import PlanLine, Relationship
from game.ui.inspector.rows import Row, hanging, paragraph, plain
from game.ui.inspector.tab import Tab
from game.ui.inspector.text import PERSON_COLOUR, InspectorContext, format_when
from game.ui.widgets import ACCENT, DIM, TEXT

CURRENT_FILL = (72, 60, 30)  # behind the step in progress
MARKER = "▶ "


def format_minutes(minutes: int) -> str:
    """ "45 min", "2 h", "1 h 30 min"."""
    hours, rest = divmod(max(0, minutes), 60)
    if not hours:
        return f"{rest} min"
    return f"{hours} h {rest} min" if rest else f"{hours} h"


class PlanTab(Tab):
    """Today's plan from the card; steps done are dim, the current one highlighted."""

    key = "plan"
    label = "Plan"
    labels = ("Plan",)

    def __init__(self, context: InspectorContext) -> None:
        super().__init__(context)
        self.plan: tuple[PlanLine, ...] | None = None
        self.current_row: int | None = None

    def poll(self) -> bool:
        card = self.context.card
        plan = card.plan if card is not None else ()
        changed = plan != self.plan
        self.plan = plan
        return changed

    def build(self, width: int) -> list[Row]:
        wrapper = self.context.wrapper
        self.current_row = None
        if not self.plan:
            return paragraph(wrapper, "No plan for today yet.", DIM, width)
        has_current = any(step.current for step in self.plan)
        done = has_current
        rows: list[Row] = []
        for step in self.plan:
            if step.current:
                done = False
                self.current_row = len(rows)
            colour = ACCENT if step.current else DIM if done else TEXT
            marker = (MARKER if step.current else "  ", ACCENT)
            prefix = (marker, (f"{step.start:>8} ", DIM if done else ACCENT))
            words = f"{step.activity} ({format_minutes(step.minutes)})"
            fill = CURRENT_FILL if step.current else None
            rows += hanging(wrapper, prefix, words, colour, width, fill=fill)
        return rows

    def after_build(self) -> None:
        if self.current_row is not None:
            self.rows.show(self.current_row)


class PeopleTab(Tab):
    """Relationships: who, what the resident thinks of them, how often and when they talked."""

    key = "people"
    label = "People"
    labels = ("People",)

    def __init__(self, context: InspectorContext) -> None:
        super().__init__(context)
        self.people: list[Relationship] | None = None

    def poll(self) -> bool:
        people = self.context.port.relationships(self.context.resident)
        changed = people != self.people
        self.people = people
        return changed

    def build(self, width: int) -> list[Row]:
        wrapper = self.context.wrapper
        if not self.people:
            return paragraph(wrapper, "Knows nobody yet.", DIM, width)
        rows: list[Row] = []
        for person in self.people:
            talks = "conversation" if person.conversations == 1 else "conversations"
            rows.append(plain(wrapper.filter.clean(person.name), PERSON_COLOUR))
            details = (
                f"{person.conversations} {talks} · last talked {format_when(person.last_talked)}"
            )
            rows += paragraph(wrapper, details, DIM, width, indent=16)
            summary = person.summary or "Only met in town."
            rows += paragraph(wrapper, summary, TEXT if person.summary else DIM, width, indent=16)
            rows.append(plain("", TEXT))
        return rows
