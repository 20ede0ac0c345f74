"""Rows and records for the record tests: one row of every kind, a run's meta, and a
synthetic town (deterministic, seeded) of any size for seeking and size figures."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from game.records import (
    ConversationRow,
    LineRow,
    MemoryRow,
    ObjectRow,
    PersonRow,
    PlanRow,
    PlayerActionRow,
    PositionRow,
    RecordWriter,
    Row,
    RunMeta,
    TraceRow,
)

START = datetime(2023, 2, 13, 7, 0)
WALL = datetime(2026, 11, 23, 10, 15, 2, 123456, tzinfo=UTC)


def at(hour: int, minute: int = 0, second: int = 0, day: int = 0) -> datetime:
    return START.replace(hour=hour, minute=minute, second=second) + timedelta(days=day)


def meta(**changes: object) -> RunMeta:
    base = RunMeta(
        run_id="run-1",
        kind="simulate",
        town="the_ville_n3",
        map_path="maps/the_ville.tmx",
        map_sha256="ab" * 32,
        started=WALL,
        start_time=START,
        brain="offline brain",
        model="",
        seed=7,
        residents=("Isabella Rodriguez", "Klaus Mueller", "Maria Lopez"),
        continues=None,
        app_version="0.1.0",
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def position(
    t: datetime, resident: str, x: int, y: int, *, keyframe: bool = False, activity: str = "idle"
) -> PositionRow:
    return PositionRow(
        t, resident, x, y, "down", False, activity, "☕", "stand", "Hobbs Cafe: cafe", keyframe
    )


def one_of_each(text: str = "", t: datetime = START) -> list[Row]:
    """One row of every table; `text` goes into every text column (to hunt for secrets)."""
    json_text = json.dumps({"note": f"plan {text}", "steps": [f"wake {text}"]})
    return [
        PositionRow(
            t, f"Isabella{text}", 12, 34, f"left{text}", True, f"brewing coffee ☕ {text}",
            f"☕{text}", f"sit{text}", f"Hobbs Cafe: cafe: counter{text}", True, 12, 33,
        ),
        ConversationRow(
            1, t, (f"Isabella{text}", f"Klaus{text}"), f"Hobbs Cafe{text}", f"on art{text}"
        ),
        LineRow(1, 0, t + timedelta(seconds=30), f"Isabella{text}", f"Klaus{text}",
                f"Hi Klaus!\nHow's the paper? {text}"),
        MemoryRow(f"m-1{text}", f"Isabella{text}", t, f"reflection{text}",
                  f"Klaus loves art {text}", 7, (f"m-0{text}", f"m-00{text}"), 1),
        PlanRow(t, f"Isabella{text}", f"day{text}", json_text),
        ObjectRow(t, f"Hobbs Cafe:cafe:stove{text}", f"Hobbs Cafe: cafe: stove{text}",
                  f"Isabella{text}", f"idle{text}", f"burning {text}"),
        PlayerActionRow(t, f"chat{text}", f"Isabella{text}", f"hello {text}", json_text),
        TraceRow(
            t, WALL, f"Isabella{text}", f"plan_day{text}", f"day_plan.md{text}",
            f"gpt-test{text}", f"model{text}",
            json.dumps([{"role": "user", "content": f"plan {text}"}]), f"raw answer {text}",
            json_text, False, f"no reason {text}", 2, 120, 45, True, 812.5,
        ),
        PersonRow(t, f"Isabella{text}", 34, f"warm{text}", f"owns Hobbs Cafe{text}",
                  f"isabella_rodriguez{text}"),
    ]  # fmt: skip


def write_all(path: Path, rows: list[Row], **meta_changes: object) -> RecordWriter:
    """A writer at `path` holding `rows`, flushed (the caller closes it)."""
    writer = RecordWriter(path, meta(**meta_changes))
    for row in rows:
        writer.write(row)
    writer.flush()
    return writer


# --- a synthetic town ---------------------------------------------------------------------

ACTIVITIES = (
    "sleeping", "having breakfast", "brewing coffee", "writing a paper", "chatting",
    "reading the news", "painting", "having lunch", "taking a walk", "having dinner",
)  # fmt: skip


def synthetic_rows(
    residents: int, days: int, *, traces: bool = False, seed: int = 1
) -> Iterator[Row]:
    """A town's history in game-time order: residents sleep 23:00–07:00, then alternate
    activities (15–90 minutes) and walks (2–20 minutes, a row per tile: 6 tiles a minute,
    every 10 seconds); a keyframe of everyone every game hour; memories, plans, objects,
    conversations (every ~90 minutes per resident, 8 lines) and, with `traces`, one model
    call (2 kB of prompt) per activity."""
    chance = random.Random(seed)
    names = [f"Resident {number:02d}" for number in range(residents)]
    tile = {name: [chance.randrange(140), chance.randrange(100)] for name in names}
    doing = dict.fromkeys(names, "sleeping")
    next_change = {name: START + timedelta(minutes=chance.randrange(60)) for name in names}
    walking: dict[str, int] = {}
    moment, end = START, START + timedelta(days=days)
    memory_number = conversation = 0
    while moment < end:
        keyframe = moment.minute == 0 and moment.second == 0
        for name in names:
            changed = False
            asleep = moment.hour >= 23 or moment.hour < 7
            if walking.get(name, 0) > 0:
                walking[name] -= 1
                tile[name][0] += chance.choice((-1, 1))
                changed = True
            elif moment >= next_change[name] and not asleep:
                doing[name] = chance.choice(ACTIVITIES)
                walking[name] = chance.randrange(2, 21) * 6
                next_change[name] = moment + timedelta(minutes=chance.randrange(15, 91))
                changed = True
                yield PlanRow(moment, name, "decomposed", json.dumps({"activity": doing[name]}))
                yield ObjectRow(
                    moment, f"Hobbs Cafe:cafe:thing {chance.randrange(300)}", "Hobbs Cafe: cafe",
                    name, "idle", doing[name],
                )  # fmt: skip
                if traces:
                    yield TraceRow(
                        moment, WALL, name, "decide", "decide.md", "offline brain", "offline",
                        json.dumps([{"role": "user", "content": "x" * 2000}]), "{}", "{}",
                        False, "", 1, 500, 40, True, 3.0,
                    )  # fmt: skip
            if changed or keyframe:
                x, y = tile[name]
                yield PositionRow(
                    moment, name, x, y, "left", walking.get(name, 0) > 0, doing[name], "🙂",
                    "stand", "Hobbs Cafe: cafe", keyframe,
                )  # fmt: skip
            if moment.second == 0 and moment.minute % 5 == 0 and not asleep:
                memory_number += 1
                kind = "reflection" if memory_number % 40 == 0 else "observation"
                yield MemoryRow(
                    f"m{memory_number}", name, moment, kind, f"{name} is {doing[name]} nearby",
                    3, (), 0,
                )  # fmt: skip
            if moment.second == 0 and moment.minute == 30 and moment.hour % 3 == 0 and not asleep:
                conversation += 1
                other = chance.choice(names)
                yield ConversationRow(conversation, moment, (name, other), "Hobbs Cafe", "chat")
                for number in range(8):
                    speaker, listener = (name, other) if number % 2 == 0 else (other, name)
                    when = moment + timedelta(seconds=20 * number)
                    yield LineRow(conversation, number, when, speaker, listener, "Nice day!")
            if keyframe and moment.hour == 7:
                yield PlanRow(moment, name, "day", json.dumps({"outline": ["wake up", "work"]}))
        moment += timedelta(seconds=10)


def synthetic_record(
    path: Path, residents: int, days: int, *, traces: bool = False
) -> RecordWriter:
    """Write a synthetic town to `path` (closed afterwards); returns the writer for stats."""
    writer = RecordWriter(
        path, meta(residents=tuple(f"Resident {n:02d}" for n in range(residents)))
    )
    for row in synthetic_rows(residents, days, traces=traces):
        writer.write(row)
    writer.close()
    return writer
