"""Recording a living town into a run record (`game.records`): what happened, when.

    recording = RunRecording.start(living, path, meta, desk=desk)    # once the town is open
    recording.observe(clock.now)                                     # after every step/frame
    recording.close()                                                # flushes the file

The main thread diffs what it owns each `observe`: residents' tiles, facing, activities and
poses (a row only when one changes, and a keyframe of everyone every game hour and when
the recording closes, so the record spans the whole run) and plans
(a row when a resident's plan changes). Listeners report the rest as it happens:
conversations (`ConversationDesk`), object state changes (`ObjectStates`), the player's
actions (`PlayerDesk`), and — from the worker threads — every memory written (each
`MemoryStream`) and every model call (`ModelStack.tracer`), dated with the game time of the
job that made it. The writer batches rows on its own thread: nothing here waits on disk.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from cognition import CallTrace, DayPlan, MemoryRecord
from cognition import Conversation as MindConversation
from game.bridge.build import OpenedTown
from game.bridge.desk.cards import description_of
from game.bridge.desk.player_desk import PlayerAction, PlayerDesk
from game.bridge.jobs import job_moment
from game.bridge.memory_health import server_where
from game.bridge.town_minds import LivingTown
from game.files.paths import bundle_root
from game.records import (
    ConversationRow,
    LineRow,
    MemoryRow,
    ObjectRow,
    PersonRow,
    PlanRow,
    PlayerActionRow,
    PositionRow,
    RecordError,
    RecordWriter,
    RunMeta,
    TraceRow,
)
from game.records.rows import RunKind
from game.saves import MapRef, file_sha256
from game.saves.files import PRIVATE_FILE_MODE, private_directory
from game.town.resident import Resident, slug_of
from game.world.address import Address
from game.world.object_text import object_key
from game.world.objects import ObjectState

log = logging.getLogger(__name__)
ONE_MINUTE = timedelta(minutes=1)


def app_version() -> str:
    try:
        return version("smallville")
    except PackageNotFoundError:  # the frozen app without its metadata
        return "unknown"


APP_VERSION = app_version()


def map_of(path: Path) -> tuple[str, str]:
    """The map as a record names it: its path relative to the project (bundled maps) or
    absolute (a map from elsewhere), and its sha256."""
    try:
        ref = MapRef.for_file(path, bundle_root())
    except ValueError:  # not under the project: keep where it is
        return path.resolve().as_posix(), file_sha256(path)
    return ref.path, ref.sha256


def unused(path: Path) -> Path:
    """`path`, or `<stem>-2<suffix>`, `-3`… if it exists."""
    candidate, number = path, 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
    return candidate


@dataclass(frozen=True)
class Seen:
    """What a position row says about a resident (a new row when it changes)."""

    tile: tuple[int, int]
    facing: str
    walking: bool
    activity: str
    emoji: str
    pose: str
    rest: tuple[int, int] | None  # the bed the body lies on, while resting there


class RunRecording:
    """A living town's history, written as it happens (see the module docstring)."""

    def __init__(self, living: LivingTown, writer: RecordWriter) -> None:
        self.living = living
        self.writer = writer
        self._seen: dict[str, Seen] = {}
        self._plans: dict[str, DayPlan | None] = {}
        self._described: dict[str, str] = {}  # the summary description last written
        self._summaries: dict[str, object] = {}  # the summary it was made from (identity)
        self._keyframe_hour: datetime | None = None
        self._keyframe_at: datetime | None = None  # the last keyframe's game time
        self._last_now = living.clock.now
        self._closed = False
        living.stack.tracer.add_listener(self.on_trace)
        for mind in living.minds.values():
            mind.memory.add_listener(self.on_memories)
        living.director.talks.add_listener(self.on_conversation)
        living.objects.add_listener(self.on_object)

    @classmethod
    def start(
        cls,
        opened: OpenedTown,
        folder: Path,
        kind: RunKind,
        *,
        secrets: Iterable[str] = (),
        now: datetime | None = None,
    ) -> RunRecording:
        """A new run record in `folder` for the town just opened (`kind`: "simulate" or
        "play"); a loaded save's history (`opened.record`) is copied in first, so the new
        record carries on from it. `secrets` (the API key) never reach the file."""
        living = opened.living
        started = now or datetime.now(UTC)
        town = Path(opened.town_id).name
        run_id = f"{started.astimezone():%Y%m%d-%H%M%S}-{town}"
        path = unused(folder / f"{run_id}.sqlite")
        if opened.record is not None:
            try:
                private_directory(path.parent)
                shutil.copyfile(opened.record, path)
                os.chmod(path, PRIVATE_FILE_MODE)
            except OSError as error:  # the writer says what it cannot make; the run goes on
                log.warning("the run record starts afresh: %s", error)
                with contextlib.suppress(OSError):
                    path.unlink(missing_ok=True)  # no half-copied history
        map_path, map_sha256 = map_of(living.town.path)
        meta = RunMeta(
            run_id=path.stem,
            kind=kind,
            town=opened.town_id,
            map_path=map_path,
            map_sha256=map_sha256,
            started=started,
            start_time=living.clock.now,
            brain=living.stack.label,
            model="" if living.stack.offline else living.stack.label,
            seed=opened.seed,
            residents=tuple(living.minds),
            continues=None,
            app_version=APP_VERSION,
            memory_server=server_of(living),
            talk_lines_per_call=next(
                (mind.settings.talk_lines_per_call for mind in living.minds.values()), None
            ),
            group_lines_per_call=next(
                (mind.settings.group_lines_per_call for mind in living.minds.values()), None
            ),
        )
        return cls(living, RecordWriter(path, meta, secrets=tuple(secrets)))

    @property
    def path(self) -> Path:
        return self.writer.path

    def copy_into(self, path: Path) -> None:
        """A copy of the record so far at `path` (a save slot's `record.sqlite`). A record
        that cannot be copied is logged; the save goes on without its history."""
        try:
            self.writer.copy_to(path)
        except RecordError as error:
            log.warning("the save keeps no run record: %s", error)

    def listen_to(self, desk: PlayerDesk) -> None:
        """Record what the player does through `desk`."""
        desk.add_listener(self.on_player)

    # --- the main thread, each step or frame -------------------------------------------------

    def observe(self, now: datetime) -> None:
        """Write what changed since the last call: positions (and the hourly keyframe) and
        plans of residents not thinking right now."""
        if self._closed:
            return
        self._last_now = now
        hour = now.replace(minute=0, second=0, microsecond=0)
        keyframe = self._keyframe_hour != hour
        self._keyframe_hour = hour
        self.write_positions(now, keyframe)
        director = self.living.director  # busy by game time: the same record every run
        busy = {n for n in self.living.minds if director.thinking(n) or director.talks.talking(n)}
        for name, mind in self.living.minds.items():
            if name in busy:
                continue
            plan = mind.state.plan
            if plan is not self._plans.get(name, None):
                self.plan_changed(name, self._plans.get(name), plan, now)
                self._plans[name] = plan
            summary = mind.state.summary  # replaced, never changed in place: compare identity
            if name in self._summaries and summary is self._summaries[name]:
                continue
            self._summaries[name] = summary
            described = description_of(mind)
            if described != self._described.get(name):
                self._described[name] = described
                self.writer.write(self.person_row(name, described, now))

    def write_positions(self, now: datetime, keyframe: bool) -> None:
        """A position row for each resident who changed since the last one (everyone on a
        keyframe)."""
        for resident in self.living.population:
            seen = seen_of(resident)
            if keyframe or self._seen.get(resident.name) != seen:
                self._seen[resident.name] = seen
                self.writer.write(self.position_row(resident, seen, now, keyframe))
        if keyframe:
            self._keyframe_at = now

    def person_row(self, name: str, described: str, now: datetime) -> PersonRow:
        persona = self.living.minds[name].persona
        body = self.living.population.get(name)
        look = body.slug if body is not None else slug_of(name)
        return PersonRow(now, name, persona.age, persona.innate, described, look)

    def position_row(
        self, resident: Resident, seen: Seen, now: datetime, keyframe: bool
    ) -> PositionRow:
        tree = self.living.town.tree
        place = tree.arena_at(resident.tile) or tree.sector_at(resident.tile)
        return PositionRow(
            time=now,
            resident=resident.name,
            x=seen.tile[0],
            y=seen.tile[1],
            facing=seen.facing,
            walking=seen.walking,
            activity=seen.activity,
            emoji=seen.emoji,
            pose=seen.pose,
            place=place_text(place),
            keyframe=keyframe,
            rest_x=seen.rest[0] if seen.rest else None,
            rest_y=seen.rest[1] if seen.rest else None,
        )

    def plan_changed(
        self, name: str, before: DayPlan | None, after: DayPlan | None, now: datetime
    ) -> None:
        if after is None:
            return
        if before is None or before.day != after.day:
            kind = "day"
        elif before.hourly != after.hourly:
            kind = "replan"
        else:
            kind = "decomposed"
        self.writer.write(PlanRow(now, name, kind, after.model_dump_json()))

    # --- listeners (main thread) --------------------------------------------------------------

    def on_conversation(
        self, conversation: MindConversation, started: datetime, line_minutes: float
    ) -> None:
        if self._closed:
            return
        first = self.living.population.get(conversation.participants[0])
        tree = self.living.town.tree
        place = None
        if first is not None:
            place = tree.arena_at(first.tile) or tree.sector_at(first.tile)
        number = self.writer.next_conversation_id()
        self.writer.write(
            ConversationRow(
                number, started, tuple(conversation.participants), place_text(place),
                conversation.summary,
            )
        )  # fmt: skip
        for index, line in enumerate(conversation.lines):
            listener = conversation.listener_of(line)
            at = started + line_minutes * index * ONE_MINUTE
            told = line.told.item if line.told is not None else ""  # "": told nothing
            self.writer.write(LineRow(number, index, at, line.speaker, listener, line.text, told))

    def on_object(self, address: Address, before: ObjectState, after: ObjectState) -> None:
        if self._closed:
            return
        at = after.changed_at or self._last_now
        self.writer.write(
            ObjectRow(
                at, object_key(address), place_text(address), after.changed_by or "",
                before.state, after.state,
            )
        )  # fmt: skip

    def on_player(self, action: PlayerAction) -> None:
        if self._closed:
            return
        detail = json.dumps(action.detail, ensure_ascii=False, sort_keys=True)
        self.writer.write(
            PlayerActionRow(action.time, action.kind, action.resident, action.text, detail)
        )

    # --- listeners (worker threads) ----------------------------------------------------------

    def on_memories(self, records: Sequence[MemoryRecord]) -> None:
        for record in records:
            about = record.about  # typed fields, stored as the memory store keeps them
            fields = None if about is None else about.model_dump_json(exclude_defaults=True)
            self.writer.write(
                MemoryRow(
                    record.id, record.agent, record.created, record.kind.value, record.text,
                    record.importance, tuple(record.evidence), record.depth, fields,
                )
            )  # fmt: skip

    def on_trace(self, trace: CallTrace) -> None:
        self.writer.write(trace_row(trace, job_moment() or self._last_now))

    # --- closing -------------------------------------------------------------------------------

    def close(self) -> None:
        """Stop listening, write everything queued and close the file (idempotent)."""
        if self._closed:
            return
        if self._keyframe_at is not None and self._keyframe_at != self._last_now:
            self.write_positions(self._last_now, keyframe=True)  # the town as the run ended
        self._closed = True
        self.living.stack.tracer.remove_listener(self.on_trace)
        for mind in self.living.minds.values():
            mind.memory.remove_listener(self.on_memories)
        self.writer.close()


def server_of(living: LivingTown) -> str | None:
    """The Chroma server database holding the town's memories, as the record's meta keeps
    it (JSON: url, tenant, database); None for memories in process."""
    where = server_where(living.store.server)
    return None if where is None else json.dumps(where)


def seen_of(resident: Resident) -> Seen:
    activity = resident.activity
    return Seen(
        tile=resident.tile,
        facing=resident.facing.name.lower(),
        walking=resident.is_walking,
        activity=activity.description if activity else "",
        emoji=activity.emoji if activity else "",
        pose=activity.pose.name.lower() if activity else "idle",
        rest=activity.rest_at if activity and not resident.is_walking else None,
    )


def place_text(address: Address | None) -> str:
    """ "Hobbs Cafe: cafe: counter" (sector, arena, object), or "" outdoors."""
    return ": ".join(address.levels()) if address is not None else ""


def trace_row(trace: CallTrace, at: datetime) -> TraceRow:
    """A model call as a row (at game time `at`); the messages as JSON text."""
    messages = [{"role": m.role, "content": m.content} for m in trace.messages]
    return TraceRow(
        time=at,
        wall_time=trace.started,
        resident=trace.agent,
        step=trace.task,
        template=trace.template,
        model=trace.label,
        source=trace.source.value if trace.source is not None else "exception",
        messages=json.dumps(messages, ensure_ascii=False),
        raw_answer=trace.raw or "",
        parsed=trace.output or "",
        fallback=trace.fallback,
        why=trace.error or trace.exception or "",
        attempts=trace.attempts,
        prompt_tokens=trace.prompt_tokens,
        completion_tokens=trace.completion_tokens,
        estimated=trace.estimated,
        latency_ms=trace.latency_ms,
    )
