"""The rows of a run record: one frozen dataclass per table, and the run's own description.

Game times (`time`, `started`, `start_time`) are naive `datetime`s — the town's clock has no
time zone — stored as ISO text ("2023-02-13T15:00:00") so SQL can compare and sort them.
Wall-clock times (`wall_time`, `RunMeta.started`) are timezone-aware, stored in UTC
("2026-11-23T10:15:02.123456Z"). Columns documented as JSON text hold a JSON document as a
`str`; the record does not parse them. Field order is the column order of the table.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import datetime
from pathlib import PurePosixPath, PureWindowsPath
from typing import Literal

__all__ = [
    "ConversationRow",
    "LineRow",
    "Mark",
    "MemoryRow",
    "ObjectRow",
    "PlanRow",
    "PlayerActionRow",
    "PositionRow",
    "Row",
    "RunKind",
    "RunMeta",
    "TraceRow",
]


@dataclass(frozen=True)
class PositionRow:
    """A resident's whole visible state at `time`: written when the tile, facing, activity or
    pose changes, and as a `keyframe` for every resident every game hour (and at the start and
    the end).
    `place` is a readable address ("Hobbs Cafe: cafe: counter") or "" outdoors; `rest_x`,
    `rest_y` the tile the body is drawn on while resting (a bed beside the tile), else None."""

    time: datetime
    resident: str
    x: int
    y: int
    facing: str
    walking: bool
    activity: str
    emoji: str
    pose: str
    place: str
    keyframe: bool
    rest_x: int | None = None  # where the body lies while resting (on the bed), if elsewhere
    rest_y: int | None = None


@dataclass(frozen=True)
class ConversationRow:
    """A conversation; `id` from `RecordWriter.next_conversation_id()`. Writing a row with
    an id already in the record replaces it (start it, then write it again with a summary)."""

    id: int
    started: datetime
    participants: tuple[str, ...]
    place: str
    summary: str


@dataclass(frozen=True)
class LineRow:
    """One line of conversation `conversation`, `number` counting from 0; `told` the id of
    the scenario item the line tells, "" when it told none as data, None when unknown (a
    version 1 record, or one written before "" marked a line that told nothing)."""

    conversation: int
    number: int
    time: datetime
    speaker: str
    listener: str
    text: str
    told: str | None = None


@dataclass(frozen=True)
class MemoryRow:
    """A memory record as written: kind observation / reflection / plan / dialogue;
    `evidence` the ids a reflection cites; `depth` its depth in the reflection tree;
    `fields` its typed fields as JSON text (`{"partners": […], "news": [{"item": …}]}`,
    see `memory_fields`), None when unknown (a version 1 record, or a memory whose writer
    gave none)."""

    id: str
    resident: str
    time: datetime
    kind: str
    text: str
    importance: int
    evidence: tuple[str, ...]
    depth: int
    fields: str | None = None


@dataclass(frozen=True)
class PlanRow:
    """A plan as it became: kind "day" | "replan" | "decomposed" | "intention"; `plan` is
    JSON text."""

    time: datetime
    resident: str
    kind: str
    plan: str


@dataclass(frozen=True)
class ObjectRow:
    """An object's state changed from `before` to `after`; `by` is a resident's name,
    "player", or "" when the world reset it."""

    time: datetime
    key: str
    place: str
    by: str
    before: str
    after: str


@dataclass(frozen=True)
class PlayerActionRow:
    """Something the player did: kind e.g. "chat", "persona", "inner_voice", "object_edit",
    "object_reset", "take_over", "join"; `detail` is JSON text."""

    time: datetime
    kind: str
    resident: str
    text: str
    detail: str


@dataclass(frozen=True)
class TraceRow:
    """One call to a language model (or the offline brain): `messages` and `parsed` are JSON
    text; `time` is the game time of the job that made it, `wall_time` when it started."""

    time: datetime
    wall_time: datetime
    resident: str
    step: str
    template: str
    model: str
    source: str
    messages: str
    raw_answer: str
    parsed: str
    fallback: bool
    why: str
    attempts: int
    prompt_tokens: int
    completion_tokens: int
    estimated: bool
    latency_ms: float


@dataclass(frozen=True)
class PersonRow:
    """Who a resident is at `time`: written for everyone at the start and again when their
    summary description changes (the inspector's header in a replay)."""

    time: datetime
    name: str
    age: int
    traits: str  # innate traits, comma-separated
    description: str  # the summary description as the inspector shows it
    look: str  # the sprite and portrait name ("isabella_rodriguez")


Row = (
    PersonRow
    | PositionRow
    | ConversationRow
    | LineRow
    | MemoryRow
    | PlanRow
    | ObjectRow
    | PlayerActionRow
    | TraceRow
)

RunKind = Literal["simulate", "play"]


@dataclass(frozen=True)
class RunMeta:
    """What a run was: stored in the record's `meta` table (key, value).

    `map_path` is relative to the project root (or absolute, for a map from elsewhere), in
    POSIX form; `started` is the wall-clock
    start (aware); `start_time` the game time the run began at; `continues` the run id whose
    history this record carries on (a loaded save), else None. Never holds a secret: the
    writer refuses a meta containing any of its `secrets`."""

    run_id: str
    kind: RunKind
    town: str
    map_path: str
    map_sha256: str
    started: datetime
    start_time: datetime
    brain: str
    model: str
    seed: int | None
    residents: tuple[str, ...]
    continues: str | None
    app_version: str
    # where the run's memories live when on a Chroma server: JSON {"url", "tenant",
    # "database"} (the URL without credentials), so the database can be found and dropped
    # (`smallville runs --prune`); None: in process
    memory_server: str | None = None
    # lines of a pair talk one model call wrote (`MindSettings.talk_lines_per_call`), so
    # `--answers-from` re-lives the talk with the same calls; None: a record made before the
    # setting, one line per call
    talk_lines_per_call: int | None = None
    # lines of a one-by-one group talk one model call wrote
    # (`MindSettings.group_lines_per_call`); None: a record made before the setting, one
    # line per call
    group_lines_per_call: int | None = None

    def __post_init__(self) -> None:
        if not self.run_id.strip():
            raise ValueError("RunMeta.run_id must not be empty")
        if self.kind not in ("simulate", "play"):
            raise ValueError(f"RunMeta.kind must be 'simulate' or 'play', not {self.kind!r}")
        if self.started.tzinfo is None or self.started.utcoffset() is None:
            raise ValueError("RunMeta.started is a wall-clock time and must be timezone-aware")
        if self.start_time.tzinfo is not None:
            raise ValueError("RunMeta.start_time is a game time and must be naive")
        relative = not (
            PurePosixPath(self.map_path).is_absolute()
            or PureWindowsPath(self.map_path).is_absolute()
        )
        if self.map_path and (
            "\\" in self.map_path or (relative and ".." in PurePosixPath(self.map_path).parts)
        ):
            raise ValueError(
                "RunMeta.map_path must be a POSIX path: relative inside the project, or "
                "absolute for a map from elsewhere"
            )
        if not isinstance(self.residents, tuple):
            raise ValueError("RunMeta.residents must be a tuple of names")

    def texts(self) -> dict[str, str]:
        """Every textual value by field name (residents joined), to look for secrets in."""
        values: dict[str, str] = {}
        for field in fields(self):
            value = getattr(self, field.name)
            if isinstance(value, tuple):
                values[field.name] = "\n".join(value)
            elif isinstance(value, datetime):
                continue
            elif value is not None:
                values[field.name] = str(value)
        return values


@dataclass(frozen=True)
class Mark:
    """A moment worth jumping to on a replay timeline: kind "conversation" (one started),
    "reflection" (a reflection memory), "plan" (a day plan, a re-plan or an intention) or
    "player" (something the player did); `text` says what, in a line."""

    time: datetime
    kind: str
    resident: str
    text: str
