"""Architecture variants: the whole mind with one mechanism turned off, for the whole run.

BOLAA judges an agent architecture together with the model it runs on; `smallville evaluate
--matrix` runs the town under each variant × route preset. Unlike the paper's ablation
conditions (`cognition.ablation`, applied at interview time to one town's memories), a
variant changes how the town lives:

- `full`: every mechanism of the paper;
- `no reflection`: no reflection is ever made;
- `no planning`: no day plan, hour chunks or fine actions from the model — the resident's
  day is its persona's routine (asleep, waking, work, free time, asleep), each stretch one
  action (`routine_plan`);
- `no reaction`: nothing observed changes the plan, and no resident starts a conversation;
- `no plan reuse`: every hour and day is planned, every view of a person asked and every
  memory rated by a call, as in the paper, never reused from an earlier one
  (`steps.plan_reuse`, `day_reuse`, `view_reuse`, `rating_reuse`; not a mechanism of the
  paper but a saving of ours, so this row shows what it costs in believability and saves
  in calls);
- `one line per call`: a pair talk says one line per model call, as in the paper
  (`talk_lines_per_call` 1; `steps.dialogue_turn`), not several lines per call, and so
  does a group talk, as in ChatEval (`group_lines_per_call` 1; `steps.group_round`).

    settings = Variant.NO_PLANNING.settings(town_settings)
"""

from __future__ import annotations

from datetime import date
from enum import StrEnum

from cognition.persona import Persona
from cognition.plan import DAY_MINUTES, DayPlan, normalise
from cognition.settings import MindSettings

__all__ = ["Variant", "routine_plan"]


class Variant(StrEnum):
    FULL = "full"
    NO_REFLECTION = "no reflection"
    NO_PLANNING = "no planning"
    NO_REACTION = "no reaction"
    NO_PLAN_REUSE = "no plan reuse"
    ONE_LINE_PER_CALL = "one line per call"

    def settings(self, base: MindSettings | None = None) -> MindSettings:
        """`base` (default: the paper's settings) with this variant's mechanism off."""
        values = (base or MindSettings()).model_dump()
        values |= {"reflection": True, "planning": True, "reaction": True, "plan_reuse": True}
        off = {
            Variant.NO_REFLECTION: "reflection",
            Variant.NO_PLANNING: "planning",
            Variant.NO_REACTION: "reaction",
            Variant.NO_PLAN_REUSE: "plan_reuse",
        }.get(self)
        if off is not None:
            values[off] = False
        if self is Variant.ONE_LINE_PER_CALL:
            values["talk_lines_per_call"] = 1
            values["group_lines_per_call"] = 1
        return MindSettings.model_validate(values)


def routine_plan(persona: Persona, day: date) -> DayPlan:
    """The day as the persona's routine gives it, without a model: asleep until waking,
    getting ready, work (when it has work hours), free time, asleep from its sleep hour."""
    routine = persona.routine
    first = persona.first_name
    entries = [
        (0, f"{first} is asleep"),
        (routine.wake_hour * 60, f"{first} wakes up and gets ready for the day"),
    ]
    if routine.work_start_hour is not None and routine.work_end_hour is not None:
        workplace = persona.work_sector
        entries.append((routine.work_start_hour * 60, f"{first} is at work at {workplace}"))
        entries.append((routine.work_end_hour * 60, f"{first} has free time"))
    else:
        entries.append((routine.wake_hour * 60 + 60, f"{first} has free time"))
    if routine.sleep_hour < 24:
        entries.append((routine.sleep_hour * 60, f"{first} is asleep"))
    hourly = normalise(entries, 0, DAY_MINUTES)
    return DayPlan(day=day, outline=hourly, hourly=hourly)
