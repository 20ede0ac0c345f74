"""A small town's run record, written row by row with the record writer, whose measures are
known exactly (the tests spell them out), and the scenario that goes with it.

The story, Monday February 13, 2023 (the party is moved to 9–10 am so a short record holds it):
- 07:00 Isabella knows the party and names Maria; Maria names Isabella (an edge); Klaus
  names nobody.
- 08:30 Isabella tells Maria about the party (Maria invited, and knows it from 08:30); Maria
  answers (Isabella, a seed, is not "invited"). Maria plans the party at 08:31.
- 09:05 Maria tells Klaus (Klaus invited); 09:10 Klaus remembers it, naming Maria and
  Isabella; 09:20 Maria names Klaus (a second edge).
- At Hobbs Cafe 9–10: Isabella all hour (60 min), Klaus 9:00–9:05 (5 min, too short),
  Maria 9:20–9:45 (25 min).
- After 10:00: a line; 10:30 Isabella names Klaus (a third edge, for an end after 10:30).
"""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path

from game.evaluation.scenario import Event, ItemFigures, NewsItem, PaperFigures, Scenario
from game.records import (
    ConversationRow,
    LineRow,
    MemoryRow,
    PlanRow,
    PositionRow,
    RecordWriter,
    Row,
    RunMeta,
)

ISA, KLAUS, MARIA = "Isabella Rodriguez", "Klaus Mueller", "Maria Lopez"
RESIDENTS = (ISA, KLAUS, MARIA)
START = datetime(2023, 2, 13, 7, 0)


def at(hour: int, minute: int = 0) -> datetime:
    return START.replace(hour=hour, minute=minute)


PARTY = NewsItem(
    id="party",
    question="Did you know there is a Valentine's Day party?",
    text="Isabella's Valentine's Day party at Hobbs Cafe",
    carried_by=[["valentine", "party"], ["isabella", "party"], ["hobbs cafe", "party"]],
    seeds=[ISA],
    event=Event(place="Hobbs Cafe", starts=at(9), ends=at(10), min_minutes=10),
    paper=ItemFigures(knew_start=1, knew_end=13, invited=12, attended=5),
)
CANDIDACY = NewsItem(
    id="candidacy",
    question="Do you know who is running for mayor?",
    text="Sam Moore is running for mayor",
    carried_by=[["sam", "mayor"]],
    seeds=[KLAUS],  # pretend: nothing in the record carries it, so even the seed is unaware
)
SCENARIO = Scenario(
    title="a small test",
    run_until=at(10),
    paper=PaperFigures(source="the paper", residents=25, density_start=0.167, density_end=0.74),
    news=[PARTY, CANDIDACY],
)


def meta(path_name: str = "run-1") -> RunMeta:
    return RunMeta(
        run_id=path_name,
        kind="simulate",
        town="the_ville_n3",
        map_path="maps/the_ville.tmx",
        map_sha256="ab" * 32,
        started=datetime(2026, 11, 23, 10, 0, tzinfo=UTC),
        start_time=START,
        brain="offline brain",
        model="",
        seed=7,
        residents=RESIDENTS,
        continues=None,
        app_version="0.1.0",
    )


def memory(number: int, resident: str, t: datetime, text: str, kind: str = "observation") -> Row:
    return MemoryRow(f"m{number:06d}", resident, t, kind, text, 3, (), 0)


def position(t: datetime, resident: str, place: str, keyframe: bool = False) -> Row:
    return PositionRow(t, resident, 10, 10, "down", False, "doing things", "", "stand", place,
                       keyframe)  # fmt: skip


def plan(t: datetime, resident: str, steps: list[tuple[int, int, str]]) -> Row:
    """A day plan row whose hourly steps are (start minute of the day, minutes, activity)."""
    hourly = [
        {"start": start, "minutes": minutes, "activity": activity, "address": None}
        for start, minutes, activity in steps
    ]
    text = json.dumps({"day": date(2023, 2, 13).isoformat(), "outline": [], "hourly": hourly,
                       "actions": []})  # fmt: skip
    return PlanRow(t, resident, "day", text)


def rows() -> list[Row]:
    cafe = "Hobbs Cafe: cafe: counter"
    dorm = "Dorm for Oak Hill College: kitchen"
    library = "Oak Hill College: library"
    return [
        memory(1, ISA, at(7), "Isabella is planning a Valentine's Day party at Hobbs Cafe"),
        memory(2, ISA, at(7), "Maria Lopez is a close friend and a regular at Hobbs Cafe"),
        memory(1, MARIA, at(7), "Maria Lopez is a close friend of Isabella Rodriguez"),
        memory(1, KLAUS, at(7), "Klaus Mueller studies sociology at Oak Hill College"),
        plan(at(7), ISA, [(480, 720, "work at Hobbs Cafe, cafe")]),
        plan(at(8), KLAUS, [(600, 60, "read at Hobbs Cafe")]),  # after the party: not planned
        PlanRow(at(8), MARIA, "replan", "not json"),
        position(at(7), ISA, cafe, keyframe=True),
        position(at(7), KLAUS, dorm, keyframe=True),
        position(at(7), MARIA, dorm, keyframe=True),
        ConversationRow(1, at(8, 30), (ISA, MARIA), "Hobbs Cafe: cafe", "about the party"),
        LineRow(1, 0, at(8, 30), ISA, MARIA, "Come to my Valentine's Day party tomorrow!"),
        LineRow(1, 1, at(8, 31), MARIA, ISA, "I'd love to come to your party, Isabella."),
        memory(2, MARIA, at(8, 30), "Isabella invited me to her Valentine's party", "dialogue"),
        plan(at(8, 31), MARIA, [(540, 60, "go to the Valentine's party")]),
        position(at(9), ISA, cafe, keyframe=True),
        position(at(9), KLAUS, cafe, keyframe=True),
        position(at(9), MARIA, dorm, keyframe=True),
        ConversationRow(2, at(9, 5), (MARIA, KLAUS), "", "the party"),
        LineRow(2, 0, at(9, 5), MARIA, KLAUS, "Isabella's party is at Hobbs Cafe right now!"),
        position(at(9, 5), KLAUS, library),
        memory(2, KLAUS, at(9, 10), "Maria told me about Isabella's party at Hobbs Cafe"),
        position(at(9, 20), MARIA, cafe),
        memory(3, MARIA, at(9, 20), "Klaus looked tired this morning"),
        position(at(9, 45), MARIA, ""),
        position(at(10), ISA, cafe, keyframe=True),
        position(at(10), KLAUS, library, keyframe=True),
        position(at(10), MARIA, "", keyframe=True),
        LineRow(2, 1, at(10, 30), KLAUS, MARIA, "Was the party at Hobbs Cafe fun?"),
        memory(3, ISA, at(10, 30), "Klaus Mueller came by the cafe"),
    ]  # fmt: skip


def write_record(path: Path, more: tuple[Row, ...] = ()) -> Path:
    """The story's record (and `more` rows) at `path`, closed."""
    writer = RecordWriter(path, meta())
    for row in [*rows(), *more]:
        writer.write(row)
    writer.close()
    return path
