"""The offline brain's reading of a person's own events for a day: what they host or have
committed to, today, at a time — never what they merely heard of. Read from the day plan's
engagements as data (`DayPlanInput.engagements`, from memory fields:
`cognition.memory.engagements`), never from a sentence's verbs."""

from __future__ import annotations

from cognition.steps.day_plan import DayPlanInput


def todays_events(inputs: DayPlanInput) -> list[tuple[int, int, str]]:
    """The agent's own events and commitments for today, as (start, end, activity), in time
    order, none overlapping (the first remembered wins)."""
    found: list[tuple[int, int, str]] = []
    for engaged in inputs.engagements:
        if engaged.person != inputs.agent or engaged.start is None or engaged.end is None:
            continue
        event = (engaged.start, engaged.end, engaged.deed)
        if event[0] < event[1] and all(event[1] <= s or event[0] >= e for s, e, _ in found):
            found.append(event)
    return sorted(found)
