"""Marks on a replay timeline, read from the record: conversations started, reflections,
plans (day plans, re-plans, intentions) and the player's actions.

Each kind is one SQL source with the same four columns (time, who, what, detail); the reader
asks each source for its first mark after (or last before) a moment and takes the nearest.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

from game.records.codec import parse_time
from game.records.rows import Mark

__all__ = ["MARK_KINDS", "MarkSource", "mark_from", "mark_sources", "plan_preview"]

MARK_KINDS = ("conversation", "reflection", "plan", "player")
PLAN_LABELS = {"day": "day plan", "replan": "re-plan", "intention": "intention"}
PREVIEW_CHARACTERS = 120


@dataclass(frozen=True)
class MarkSource:
    """Where marks of `kind` come from: a table, its time column, and how to describe one."""

    kind: str
    table: str
    time: str
    who: str
    what: str
    detail: str
    where: str

    def sql(self, direction: Literal["after", "before", "all"]) -> str:
        """SELECT time, who, what, detail — all of them in time order, or the first after /
        the last before the one `?` parameter."""
        condition = {"after": f" AND {self.time} > ?", "before": f" AND {self.time} < ?"}
        order = "DESC" if direction == "before" else "ASC"
        return (
            f"SELECT {self.time} AS time, {self.who} AS who, {self.what} AS what, "
            f"{self.detail} AS detail FROM {self.table} "
            f"WHERE {self.where}{condition.get(direction, '')} "
            f"ORDER BY {self.time} {order}, rowid {order}"
            + ("" if direction == "all" else " LIMIT 1")
        )


SOURCES = (
    MarkSource(
        "conversation", "conversations", "started", "participants", "'conversation'",
        "summary", "1",
    ),
    MarkSource("reflection", "memories", "time", "resident", "kind", "text", "kind = 'reflection'"),
    MarkSource(
        "plan", "plans", "time", "resident", "kind", "plan",
        "kind IN ('day', 'replan', 'intention')",
    ),
    MarkSource("player", "player_actions", "time", "resident", "kind", "text", "1"),
)  # fmt: skip


def mark_sources(kinds: frozenset[str] | None) -> list[MarkSource]:
    """The sources of `kinds` (all when None); an unknown kind is a `ValueError`."""
    if kinds is not None and not kinds <= set(MARK_KINDS):
        unknown = ", ".join(sorted(kinds - set(MARK_KINDS)))
        raise ValueError(f"unknown mark kinds: {unknown} (known: {', '.join(MARK_KINDS)})")
    return [source for source in SOURCES if kinds is None or source.kind in kinds]


def mark_from(kind: str, time: str, who: str, what: str, detail: str) -> Mark:
    """A `Mark` from one row of a source."""
    moment = parse_time(time)
    if kind == "conversation":
        names = [str(name) for name in json.loads(who)]
        text = " and ".join(names) + (f": {detail}" if detail else "")
        return Mark(moment, kind, names[0] if names else "", text)
    if kind == "plan":
        label = PLAN_LABELS.get(what, what)
        preview = plan_preview(detail)
        return Mark(moment, kind, who, f"{label}: {preview}" if preview else label)
    if kind == "player":
        return Mark(moment, kind, who, f"{what}: {detail}" if detail else what)
    return Mark(moment, kind, who, detail)


def plan_preview(plan: str) -> str:
    """A line saying what a plan (JSON text) is about: its text, or its first few steps'
    activities ("wake up; breakfast; open the cafe…"); "" when there is nothing to say."""
    try:
        value = json.loads(plan)
    except ValueError:
        return _clip(plan)
    if isinstance(value, str):
        return _clip(value)
    if isinstance(value, dict):
        for key in ("intention", "summary", "text", "description", "activity"):
            if isinstance(value.get(key), str) and value[key]:
                return _clip(value[key])
        for key in ("outline", "hourly", "actions", "items", "steps"):
            if isinstance(value.get(key), list) and value[key]:
                return _steps(value[key])
    if isinstance(value, list):
        return _steps(value)
    return ""


def _steps(steps: list[object]) -> str:
    texts = []
    for step in steps[:3]:
        if isinstance(step, str):
            texts.append(step)
        elif isinstance(step, dict) and isinstance(step.get("activity"), str):
            texts.append(step["activity"])
    more = "…" if len(steps) > 3 else ""
    return _clip("; ".join(texts) + more) if texts else ""


def _clip(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= PREVIEW_CHARACTERS else line[: PREVIEW_CHARACTERS - 1] + "…"
