"""A save taken while minds think: the town between two frames, each mind as it is at rest.

    capture = TownCapture.begin(living, town_id="the_ville_n25", settings=...)  # game time T
    ...each frame, before the population's update:  capture.step()
    if capture.done:  captured = capture.finish()       # written on a worker (writer.py)

The main thread alone changes the world, the director's bookkeeping, the clock and the
dialogue log, so `begin` reads them as they are at T, with every mind that has no job in
flight: its `Agent.get_state()` and a `MemoryImage` of its memories (records, embeddings and
the collection's settings, copied under the collection's lock). A mind whose job (or errand)
is in flight at T is being changed by its worker and cannot be read then; it is read at the
first `step` after its job is over — after the job, before the director applies the job's
outcome (`step` collects finished jobs itself, so call it before `Population.update`) — and
that outcome goes into the save as not yet applied (as `save_town` keeps outcomes finished
but not applied). A loaded town so applies it to the world as it was at T: as if the job had
ended just after T. Nothing here changes the town, and the clock never waits. What is read
is fresh data shared with nothing (immutable records and decisions aside), so validating it
into a `TownSave` (`CapturedTown.town_save`) is left to the writer's thread.

A save taken as the player leaves the town (`settled=True`) does not wait: a mind thinking at
T is saved as it was before its job began (the copy `ThinkingNow.keep_rest_copies` has each job
take — `rest_copier`; a job queued has not touched its mind, which is read at once), and that
resident thinks again on loading (`rethink`, below): what the job would have decided is asked
again, nothing it was half-way through is kept. A step thought ahead of its moment is only
dropped: its resident decides at its moment, as if it had never been thought. A job that took
no copy (it began before the copier was set) is waited for as above.

One case cannot keep the outcome: a job that ends in the instant between the last `step`
and the population's own collection is applied before it is seen (errands put none: the
desk's chats). Such a resident is saved to think again at once on loading (`rethink`: its
plan resumed, its decision due at T, not held for a talk), its mind as it was after the job.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cognition import MemoryRecord, MemoryStore, MemoryStoreUnavailable
from game.bridge import town_minds
from game.bridge.director_state import outcome_state
from game.bridge.jobs import Outcome
from game.bridge.persist.runtime import RuntimeState, gather_runtime
from game.bridge.persist.save import town_fields, town_save
from game.bridge.rest_copies import COPY_WAIT_S
from game.bridge.town_minds import LivingTown
from game.saves import TownSave, VisitorSave


@dataclass(frozen=True, eq=False)
class MemoryImage:
    """One agent's memories at one moment: what `MemoryStore.copy_to` would write."""

    agent: str
    records: tuple[MemoryRecord, ...]
    embeddings: npt.NDArray[np.float32]
    settings: dict[str, Any]


def memory_image(store: MemoryStore, agent: str) -> MemoryImage:
    """A copy of `agent`'s memories as they are now (under the collection's lock: never half
    of a write). Records are immutable; a later access time replaces the record."""
    collection = store.collection(agent)
    with collection.lock:
        records = tuple(collection.mirror.records)
        embeddings = collection.mirror.embeddings.copy()
        settings = collection.settings()
    return MemoryImage(agent, records, embeddings, settings)


def memory_mark(store: MemoryStore, agent: str) -> MemoryImage:
    """`memory_image` without copying the embeddings: a view of the rows written so far,
    which the mirror never rewrites (it appends, or moves to a new array as it grows)."""
    collection = store.collection(agent)
    with collection.lock:
        records = tuple(collection.mirror.records)
        embeddings = collection.mirror.embeddings
        settings = collection.settings()
    return MemoryImage(agent, records, embeddings, settings)


@dataclass(frozen=True, eq=False)
class MindAtRest:
    """A mind between two jobs: its `Agent.get_state()` and its memories."""

    state: dict[str, Any]
    memories: MemoryImage


def rest_copier(living: LivingTown) -> Callable[[str], MindAtRest | None]:
    """What `JobBoard.keep_rest_copies` takes: each resident's mind as a job finds it."""

    def copy(name: str) -> MindAtRest | None:
        mind = living.minds.get(name)
        if mind is None:
            return None
        return MindAtRest(mind.get_state(), memory_mark(living.store, name))

    return copy


def write_memories(images: Iterable[MemoryImage], directory: Path) -> None:
    """A new memory store at `directory` (empty) holding exactly `images` (any thread): by a
    child process of its own, as the town's (`town_minds.MEMORY_IN_CHILD`), so an autosave's
    writes do not hold the GIL of the frame loop; done when the child has closed it."""
    target_directory = Path(directory)
    if target_directory.exists() and any(target_directory.iterdir()):
        raise FileExistsError(f"{target_directory} is not empty")
    with MemoryStore(target_directory, in_child=town_minds.MEMORY_IN_CHILD) as target:
        for image in images:
            copy = target.collection(image.agent)
            for key, value in image.settings.items():
                copy.set_setting(key, value)
            copy.write(list(image.records), image.embeddings)


@dataclass(frozen=True, eq=False)
class CapturedTown:
    """A finished capture: the fields of its `TownSave` and the memories to write."""

    fields: dict[str, Any]  # `save.town_fields`
    memories: tuple[MemoryImage, ...]

    @property
    def game_time(self) -> datetime:
        moment: datetime = self.fields["game_time"]
        return moment

    def town_save(self) -> TownSave:
        """Validated into a `TownSave` (any thread; pydantic's error when it is not valid)."""
        return town_save(self.fields)


@dataclass
class TownCapture:
    """A save of the town at `game_time`, complete once every mind thinking then was read."""

    living: LivingTown
    fields: dict[str, Any]  # `town_fields` at T; minds thinking at T still empty
    runtime: RuntimeState  # the director's bookkeeping at T
    waiting: set[str]  # minds whose job was in flight at T, not read yet
    minds: dict[str, dict[str, Any]] = field(default_factory=dict)
    memories: dict[str, MemoryImage] = field(default_factory=dict)
    kept: dict[str, list[Outcome]] = field(default_factory=dict)  # by the slot they are in
    rethink: set[str] = field(default_factory=set)
    agents: frozenset[str] = frozenset()  # whose memories the store holds
    _known: list[Outcome] = field(default_factory=list)  # outcomes the runtime already has

    @classmethod
    def begin(
        cls,
        living: LivingTown,
        *,
        town_id: str,
        visitor: VisitorSave | None = None,
        settings: dict[str, Any] | None = None,
        saved_at: datetime | None = None,
        settled: bool = False,
    ) -> TownCapture:
        """The town now (main thread, between frames); minds thinking are read later — or,
        `settled`, as they were before their jobs began, to think again on loading."""
        director = living.director
        director.collect()
        thinking = director.thinking_now()
        waiting = set(thinking.busy())
        runtime = gather_runtime(living.population, director)
        rested = settled_minds(living, waiting) if settled else {}
        waiting -= set(rested)
        minds = {
            name: mind.get_state() for name, mind in living.minds.items() if name not in waiting
        }
        minds.update({name: rest.state for name, rest in rested.items()})
        placeholders: dict[str, dict[str, Any]] = {name: {} for name in waiting}
        fields = town_fields(
            living, {**minds, **placeholders}, runtime, town_id=town_id, visitor=visitor,
            settings=settings, saved_at=saved_at,
        )  # fmt: skip
        try:
            agents = frozenset(living.store.agents())
        except MemoryStoreUnavailable:  # the memory server is away: the opened mirrors hold
            agents = frozenset(living.store.opened_agents())  # all it has
        memories = {
            a: memory_image(living.store, a) for a in agents if a not in waiting | set(rested)
        }
        memories.update({a: rest.memories for a, rest in rested.items() if a in agents})
        known = [outcome for ready in thinking.ready().values() for outcome in ready]
        rethink = {name for name in rested if not thinking.only_ahead(name)}
        return cls(
            living, fields, runtime, waiting, minds, memories, rethink=rethink,
            agents=agents, _known=known,
        )  # fmt: skip

    @property
    def game_time(self) -> datetime:
        moment: datetime = self.fields["game_time"]
        return moment

    @property
    def done(self) -> bool:
        return not self.waiting

    def step(self) -> None:
        """Read the minds whose jobs are over (main thread, before the population's update)."""
        if not self.waiting:
            return
        director = self.living.director
        director.collect()
        for name in sorted(self.waiting - director.thinking_now().busy()):
            self._read(name)

    def _read(self, name: str) -> None:
        for owner, ready in self.living.director.thinking_now().ready().items():
            for outcome in ready:
                new = not any(outcome is seen for seen in self._known)
                if new and name in outcome.names:
                    self.kept.setdefault(owner, []).append(outcome)
                    self._known.append(outcome)
        covered = any(name in outcome.names for kept in self.kept.values() for outcome in kept)
        if not covered:
            self.rethink.add(name)
        mind = self.living.minds.get(name)
        if mind is not None:
            self.minds[name] = mind.get_state()
        if name in self.agents:
            self.memories[name] = memory_image(self.living.store, name)
        self.waiting.discard(name)

    def finish(self) -> CapturedTown:
        """The save's fields and the memories to write (every mind read: `done`)."""
        if self.waiting:
            raise RuntimeError(f"still thinking: {', '.join(sorted(self.waiting))}")
        residents = [
            {**entry, "mind": self.minds.get(entry["name"], entry["mind"])}
            for entry in self.fields["residents"]
        ]
        fields = {**self.fields, "residents": residents, "runtime": self.final_runtime()}
        return CapturedTown(fields, tuple(self.memories[a] for a in sorted(self.memories)))

    def final_runtime(self) -> RuntimeState:
        """The runtime at T with the outcomes kept since, and who thinks again on loading."""
        residents = dict(self.runtime.residents)
        for owner, outcomes in self.kept.items():
            state = residents.get(owner)
            if state is not None:
                ready = [*state.ready, *(outcome_state(outcome) for outcome in outcomes)]
                residents[owner] = state.model_copy(update={"ready": ready})
        for name in self.rethink:
            state = residents.get(name)
            if state is not None:
                residents[name] = state.model_copy(update={"due": self.game_time})
        reserved = [name for name in self.runtime.reserved if name not in self.rethink]
        return self.runtime.model_copy(
            update={"residents": residents, "reserved": reserved, "rethink": sorted(self.rethink)}
        )


def settled_minds(living: LivingTown, thinking: set[str]) -> dict[str, MindAtRest]:
    """The minds of `thinking` as they were before their jobs began (those with a copy;
    all waited for a copy being taken `COPY_WAIT_S` at most, together)."""
    thinking_now = living.director.thinking_now()
    deadline = time.monotonic() + COPY_WAIT_S
    copies = {
        name: thinking_now.at_rest(name, max(0.0, deadline - time.monotonic()))
        for name in sorted(thinking)
    }
    return {name: copy for name, copy in copies.items() if isinstance(copy, MindAtRest)}
