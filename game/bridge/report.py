"""What a run of the town did: where everyone went, and the figures of the run report."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from cognition import MemoryKind
from game.bridge.town_minds import LivingTown
from game.world.address import Address
from game.world.grid import Tile

MINUTES_PER_DAY = 24 * 60


@dataclass
class Footprint:
    """One resident at one step: where, doing what, walking or not."""

    minute: float  # game minutes since the run began
    tile: Tile
    arena: Address | None
    sector: Address | None
    activity: str
    walking: bool


@dataclass
class TownRecorder:
    """Records every resident after every step (a `LockstepRunner` observer)."""

    every_steps: int = 1
    trail: dict[str, list[Footprint]] = field(default_factory=lambda: defaultdict(list))
    _start: Any = None
    _steps: int = 0

    def __call__(self, living: LivingTown) -> None:
        self._steps += 1
        if self._start is None:
            self._start = living.clock.now
        if self._steps % self.every_steps:
            return
        minute = (living.clock.now - self._start).total_seconds() / 60
        tree = living.town.tree
        for resident in living.population:
            activity = resident.activity.description if resident.activity else ""
            self.trail[resident.name].append(
                Footprint(
                    minute,
                    resident.tile,
                    tree.arena_at(resident.tile),
                    tree.sector_at(resident.tile),
                    activity,
                    resident.is_walking,
                )
            )

    def places_visited(self) -> set[Address]:
        return {step.arena for trail in self.trail.values() for step in trail if step.arena}


def run_report(
    living: LivingTown, game_hours: float, wall_s: float, recorder: TownRecorder | None = None
) -> dict[str, Any]:
    """The run's figures as a JSON-ready dict (see `smallville simulate --json`)."""
    snapshot = living.stack.meter.snapshot()
    usage = snapshot.total
    agents = len(living.minds)
    agent_days = max(agents * game_hours / 24, 1e-9)
    stats = living.director.stats
    breaker = living.stack.breaker  # None for the offline brain
    memories = reflections = plans = 0
    for mind in living.minds.values():
        memories += mind.memory.count()
        reflections += mind.state.reflections
        plans += len(mind.memory.all(MemoryKind.PLAN))
    return {
        "agents": agents,
        "game_hours": game_hours,
        "wall_s": round(wall_s, 2),
        "llm_calls": usage.calls,
        "llm_calls_per_agent_day": round(usage.calls / agent_days, 1),
        "tokens_per_agent_day": round(usage.total_tokens / agent_days, 1),
        # where the calls and tokens go: per thinking step (task), most first
        "calls_by_step_per_agent_day": per_step(
            {task: tally.calls for task, tally in snapshot.by_task.items()}, agent_days
        ),
        "tokens_by_step_per_agent_day": per_step(
            {task: tally.total_tokens for task, tally in snapshot.by_task.items()}, agent_days
        ),
        "fallbacks": usage.fallbacks,
        "failed_attempts": usage.failed_attempts,
        "errors": stats.errors + usage.errors,
        "unapplied_actions": stats.unapplied,  # decided actions the world could not carry out
        "memories": memories,
        "reflections": reflections,
        "conversations": stats.conversations,
        "groups": group_figures(living),
        "plans": plans,
        "plan_reuse": plan_reuse_figures(living),
        "distinct_places_visited": len(recorder.places_visited()) if recorder else 0,
        # steps the model kept failing, sent to the offline brain for a while (servers only)
        "breaker_trips": breaker.trips if breaker is not None else 0,
        "steps_on_standby": breaker.open_steps() if breaker is not None else [],
        "structured_output": structured_output(living),
    }


def per_step(counts: dict[str, int], agent_days: float) -> dict[str, float]:
    """`counts` per step divided by the resident-days, most first (ties by name)."""
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return {task: round(count / agent_days, 1) for task, count in ordered}


def plan_reuse_figures(living: LivingTown) -> dict[str, Any]:
    """Hours planned by a call and reused from an earlier day (`cognition.steps.plan_reuse`),
    all residents together, and the share reused."""
    reused = sum(mind.state.hour_book.reused for mind in living.minds.values())
    planned = sum(mind.state.hour_book.planned for mind in living.minds.values())
    total = reused + planned
    return {
        "hours_reused": reused,
        "hours_planned": planned,
        "rate": round(reused / total, 3) if total else 0.0,
    }


GROUP_TASKS = ("group_line", "next_speaker", "group_round_summary", "group_summary")


def group_figures(living: LivingTown) -> dict[str, Any]:
    """Group conversations (three or more): how many formed, their members (mean, largest),
    and the model calls of each group step, under the town's strategy."""
    stats = living.director.stats
    by_task = living.stack.meter.snapshot().by_task
    strategies = {mind.settings.group_strategy for mind in living.minds.values()}
    return {
        "strategy": ", ".join(sorted(strategies)),
        "formed": stats.groups,
        "mean_members": round(stats.group_members / stats.groups, 2) if stats.groups else 0.0,
        "largest": stats.largest_group,
        "lines": stats.group_lines,
        "longest_lines": stats.longest_group,
        "fallbacks": stats.group_fallbacks,
        "calls": {task: by_task[task].calls for task in GROUP_TASKS if task in by_task},
    }


def structured_output(living: LivingTown) -> dict[str, Any] | None:
    """The rung of the output ladder the server ended on, and per step and rung the answers
    read and how many were usable (None for the offline brain)."""
    mode = living.stack.output_mode
    if mode is None:
        return None
    steps: dict[str, dict[str, dict[str, int]]] = {}
    for tally in living.stack.answer_tally():
        steps.setdefault(tally.task, {})[tally.mode] = {
            "answers": tally.answers,
            "usable": tally.usable,
        }
    return {"rung": mode, "steps": steps}
