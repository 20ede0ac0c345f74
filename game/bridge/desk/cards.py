"""What the inspector shows of a mind: the resident's card, today's plan, memory lines.

Plain functions from the mind's and the world's data to `game.town.views` records, called
on the main thread. Nothing here calls a language model: the summary description is the
cached one (or the persona's own words before the first summary is made).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from cognition import (
    DAY_MINUTES,
    Agent,
    CallTrace,
    DayPlan,
    MemoryRecord,
    minute_of_day,
    progressive,
)
from game.bridge.residents import MindSlot
from game.town.resident import Activity, Resident
from game.town.views import MemoryLine, PlanLine, ResidentCard, TraceLine
from game.world.address import Address
from game.world.areas import AreaTree
from game.world.clock import format_clock

MIDNIGHT = datetime(2000, 1, 1)


def clock_text(minute: int) -> str:
    """Minutes since midnight as the plan reads them: 420 → "7:00 am", 780 → "1:00 pm"."""
    return format_clock(MIDNIGHT + timedelta(minutes=minute % DAY_MINUTES))


def plan_steps(plan: DayPlan) -> list[tuple[int, int, str]]:
    """The day as (start, minutes, activity): the fine actions where the plan has them, the
    hour chunks elsewhere (a chunk partly decomposed keeps its uncovered stretches)."""
    actions = sorted(plan.actions, key=lambda step: step.start)
    steps = [(action.start, action.minutes, action.activity) for action in actions]
    for chunk in plan.hourly:
        cursor = chunk.start
        for action in actions:
            if action.end <= chunk.start or action.start >= chunk.end:
                continue
            if action.start > cursor:
                steps.append((cursor, action.start - cursor, chunk.activity))
            cursor = max(cursor, action.end)
        if cursor < chunk.end:
            steps.append((cursor, chunk.end - cursor, chunk.activity))
    return sorted(steps, key=lambda step: step[0])


def plan_lines(plan: DayPlan | None, now: datetime) -> tuple[PlanLine, ...]:
    """Today's plan, the step in progress at `now` marked; () before today's plan exists."""
    if plan is None or plan.day != now.date():
        return ()
    minute = minute_of_day(now)
    return tuple(
        PlanLine(clock_text(start), minutes, activity, start <= minute < start + minutes)
        for start, minutes, activity in plan_steps(plan)
    )


def sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text.endswith((".", "!", "?", '"')) else text + "."


def description_of(agent: Agent) -> str:
    """The cached summary description; the persona's own words until one is made."""
    summary = agent.state.summary
    if summary is None:
        persona = agent.persona
        return " ".join(sentence(part) for part in (persona.learned, persona.currently) if part)
    parts = (summary.core_characteristics, summary.occupation, summary.feeling)
    return " ".join(sentence(part) for part in parts if part.strip())


def action_sentence(name: str, activity: Activity | None, walking: bool) -> str:
    """ "Isabella Rodriguez is brewing coffee." / "… says "Hi!"" / "… is idle."."""
    if activity is None or not activity.description.strip():
        return f"{name} is idle."
    doing = activity.description.strip()
    if doing.startswith('"'):
        return f"{name} says {doing}"
    if doing.startswith(name):
        return sentence(doing)
    if len(doing) > 1 and doing[0].isupper() and doing[1].islower():
        doing = doing[0].lower() + doing[1:]
    if doing.startswith(("is ", "are ")):
        doing = doing.split(" ", 1)[1]
    return sentence(f"{name} is {progressive(doing)}" + (" (on the way)" if walking else ""))


def activity_place(tree: AreaTree, slot: MindSlot | None, activity: Activity) -> Address | None:
    """Where the activity happens: the object it uses (when the director knows it), else the
    arena or sector of its destination tile (None: outdoors)."""
    if slot is not None and activity.key:
        if slot.in_use is not None and slot.in_use_key == activity.key:
            return slot.in_use
        if slot.object_target is not None and slot.object_key == activity.key:
            return slot.object_target
    return tree.arena_at(activity.destination) or tree.sector_at(activity.destination)


def place_text(tree: AreaTree, place: Address | None) -> str:
    """ "Hobbs Cafe: cafe: counter"; outdoors: "outdoors in the Ville"."""
    return ": ".join(place.levels()) if place is not None else f"outdoors in {tree.world}"


def resident_card(
    agent: Agent, resident: Resident, tree: AreaTree, slot: MindSlot | None, now: datetime
) -> ResidentCard:
    activity = resident.activity
    where = activity_place(tree, slot, activity) if activity is not None else None
    if activity is None:
        where = tree.arena_at(resident.tile) or tree.sector_at(resident.tile)
    persona = agent.persona
    return ResidentCard(
        name=persona.name,
        slug=resident.slug,
        age=persona.age,
        traits=persona.innate,
        description=description_of(agent),
        action_emoji=activity.emoji if activity is not None else "",
        action=action_sentence(persona.name, activity, resident.is_walking),
        address=place_text(tree, where),
        plan=plan_lines(agent.state.plan, now),
    )


def memory_line(record: MemoryRecord) -> MemoryLine:
    return MemoryLine(
        id=record.id,
        kind=record.kind.value,
        text=record.text,
        created=record.created,
        importance=record.importance,
        evidence=tuple(record.evidence),
        depth=record.depth,
    )


def trace_line(trace: CallTrace, at: datetime) -> TraceLine:
    """A model call as the Trace tab shows it (at the game time `at` of its decision)."""
    prompt = "\n\n".join(f"{message.role}: {message.content}" for message in trace.messages)
    return TraceLine(
        time=at,
        step=trace.task,
        template=trace.template,
        model=trace.label,
        source=trace.source.value if trace.source is not None else "exception",
        prompt=prompt,
        answer=trace.raw or "",
        parsed=trace.output or "",
        fallback=trace.fallback,
        why=trace.error or trace.exception or "",
        prompt_tokens=trace.prompt_tokens,
        completion_tokens=trace.completion_tokens,
        latency_ms=trace.latency_ms,
    )
