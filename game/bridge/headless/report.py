"""What a run of the town did: where everyone went, and the figures of the run report."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from cognition import MemoryKind, ProfiledModel
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
        # a day's plan waits to be rated with its mind's next batch of observations
        waiting = sum(item.kind is MemoryKind.PLAN for item in mind.state.unrated)
        plans += len(mind.memory.all(MemoryKind.PLAN)) + waiting
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
        # game minutes from when a decision was due to when it applied (lockstep: 0)
        "decision_wait_minutes": stats.wait_quantiles(),
        # decisions thought ahead and their calls: applied, thrown away (a talk came first)
        "thinking_ahead": living.director.ahead.figures(),
    }


def per_step(counts: dict[str, int], agent_days: float) -> dict[str, float]:
    """`counts` per step divided by the resident-days, most first (ties by name)."""
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return {task: round(count / agent_days, 1) for task, count in ordered}


def plan_reuse_figures(living: LivingTown) -> dict[str, Any]:
    """Hours planned by a call and reused from an earlier day (`cognition.steps.plan_reuse`),
    all residents together, and the share reused; then each kind of reuse (`by_kind`): hours,
    days (`steps.day_reuse`), views of people (`steps.view_reuse`), importance ratings
    (`steps.rating_reuse`, counted by memory), reflections' questions
    (`steps.question_reuse`, by reflection) and summary descriptions
    (`steps.summary_reuse`), each reused and made by a call."""
    states = [mind.state for mind in living.minds.values()]
    reused = sum(state.hour_book.reused for state in states)
    planned = sum(state.hour_book.planned for state in states)
    total = reused + planned
    kinds = {
        "hours": (reused, planned),
        "days": (sum(s.day_book.reused for s in states), sum(s.day_book.planned for s in states)),
        "views": (sum(s.view_book.reused for s in states), sum(s.view_book.asked for s in states)),
        "ratings": (
            sum(s.rating_book.reused for s in states),
            sum(s.rating_book.rated for s in states),
        ),
        "questions": (
            sum(s.question_book.reused for s in states),
            sum(s.question_book.asked for s in states),
        ),
        "summaries": (
            sum(s.summary_book.reused for s in states),
            sum(s.summary_book.asked for s in states),
        ),
    }
    return {
        "hours_reused": reused,
        "hours_planned": planned,
        "rate": round(reused / total, 3) if total else 0.0,
        "by_kind": {
            kind: {"reused": hits, "by_call": calls, "rate": round(hits / (hits + calls), 3)}
            for kind, (hits, calls) in kinds.items()
            if hits + calls
        },
    }


GROUP_TASKS = (
    "group_line",
    "group_round",
    "next_speaker",
    "group_round_summary",
    "group_summary",
)


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
    """The rung of the output ladder the server ended on (None when no server answered),
    and per step and rung the answers read and how many were usable (None for the offline
    brain)."""
    mode = living.stack.output_mode
    if mode is None:
        return None
    steps: dict[str, dict[str, dict[str, int]]] = {}
    for tally in living.stack.answer_tally():
        steps.setdefault(tally.task, {})[tally.mode] = {
            "answers": tally.answers,
            "usable": tally.usable,
        }
    answered = any(counts["answers"] for rungs in steps.values() for counts in rungs.values())
    # a rung only the ladder started on, with no answer read on it, is no claim to make
    return {"rung": mode if answered else None, "steps": steps}


def profiled_model(living: LivingTown) -> ProfiledModel | None:
    """The offline brain behind a server profile, when the town runs on one."""
    backend = living.stack.backend
    return backend if isinstance(backend, ProfiledModel) else None


def server_profile_figures(profiled: ProfiledModel, game_minutes: float) -> dict[str, Any]:
    """How the town used a server profile since the meter's last restart: game minutes a
    real second, calls in flight (time-weighted mean, max), the queue, what the server can
    serve of this call mix (calls/s: slots ÷ mean service time) and the share of it used
    (game-min/s × calls per game minute ÷ that limit; 1.0: the server is the limit)."""
    figures = profiled.figures()
    speed = game_minutes / figures.elapsed_s if figures.elapsed_s > 0 else 0.0
    per_minute = figures.calls / game_minutes if game_minutes > 0 else 0.0
    limit = figures.throughput_limit
    return {
        **profiled.profile.to_dict(),
        "wall_s": round(figures.elapsed_s, 2),
        "game_minutes_per_s": round(speed, 3),
        "calls": figures.calls,
        "calls_per_game_minute": round(per_minute, 3),
        "calls_in_flight_mean": round(figures.mean_in_flight, 3),
        "calls_in_flight_max": figures.max_in_flight,
        "queue_longest": figures.max_waiting,
        "queue_wait_mean_s": _rounded(figures.mean_queue_wait_s),
        "queue_wait_max_s": round(figures.max_queue_wait_s, 3),
        "busy_slot_s": round(figures.busy_slot_s, 2),
        "service_mean_s": _rounded(figures.mean_service_s),
        "throughput_limit_calls_per_s": _rounded(limit),
        "share_of_limit": None if not limit else round(speed * per_minute / limit, 3),
    }


def _rounded(value: float | None, digits: int = 3) -> float | None:
    return None if value is None else round(value, digits)
