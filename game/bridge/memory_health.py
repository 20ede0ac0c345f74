"""Memories on a Chroma server, seen from the town: where a town's memories go, the check
before any town starts, and thinking paused while the server is away.

    problem = memory_server_problem(url, setting="--chroma-url")  # None, or one line
    server = town_database(url, run_dir)          # a fresh database: one per town run

`MemoryHealth` watches a store on a server. When a thinking job (or anything) finds the
server gone (`MemoryStoreUnavailable`: the memory not written is in neither Chroma nor the
mirror, and the job fails and is retried later), the director stops starting thinking jobs —
residents go on with what they do — and tells "… is not answering: thinking paused" once;
every `poll_seconds` of real time (an injectable clock) it pings the server, and when it
answers again, "… is back: thinking resumed". The ping runs on the main thread with a short
timeout (connection refused answers at once; only a hung host costs the timeout).
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from cognition import (
    MemoryServer,
    MemoryServerProblem,
    MemoryStore,
    check_server,
    drop_database,
    parse_chroma_url,
)

POLL_SECONDS = 5.0
SERVER_FILE = "server.json"  # in a server-backed run's memory folder: where its memories are


class MemoryServerGone(RuntimeError):
    """A lockstep run gave up waiting for its memory server (the message says which)."""


def memory_server_problem(url: str | None, setting: str = "chroma_url") -> str | None:
    """Why the memory server at `url` cannot hold a town's memories, on one line naming
    `setting` (the flag or the settings row); None when it can (or `url` is None: in
    process). Check before any town starts."""
    if url is None:
        return None
    try:
        check_server(parse_chroma_url(url, setting), setting)
    except MemoryServerProblem as problem:
        return str(problem)
    return None


def database_name(run: Path | None = None, now: datetime | None = None) -> str:
    """A fresh database name for one town run: the run folder's name (or the time) and a
    random part, so two towns never share memories."""
    stem = run.name if run is not None else (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in stem)[:40]
    return f"town-{safe}-{uuid.uuid4().hex[:8]}"


def town_database(url: str, database: str) -> MemoryServer:
    """The memory server at `url` (a `MemoryServerProblem` if it is not a URL), database
    `database` in the tenant "smallville"."""
    return MemoryServer(parse_chroma_url(url), database)


def server_where(server: MemoryServer | None) -> dict[str, str] | None:
    """Where a town's memories live on a server, as records and reports name it: url
    (without credentials), tenant, database; None for memories in process."""
    if server is None:
        return None
    return {"url": server.address.url, "tenant": server.tenant, "database": server.database}


class DatabaseNotDropped(RuntimeError):
    """A run's server database could not be dropped (the message says why, on one line)."""


def drop_town_database(where: dict[str, str]) -> bool:
    """Drop the server database a run record names (`{"url", "tenant", "database"}`, the
    record's `memory_server`); False when it was already gone. `DatabaseNotDropped` when
    the server cannot be asked or refuses."""
    try:
        address = parse_chroma_url(where["url"])
        return drop_database(MemoryServer(address, where["database"], where["tenant"]))
    except (MemoryServerProblem, KeyError) as error:
        raise DatabaseNotDropped(f"{where.get('database', '?')}: {error}") from None


def note_server(memory_dir: Path, server: MemoryServer) -> None:
    """Write where a server-backed run keeps its memories into its memory folder."""
    memory_dir.mkdir(parents=True, exist_ok=True)
    text = json.dumps(
        {"url": server.address.url, "tenant": server.tenant, "database": server.database},
        indent=2,
    )
    (memory_dir / SERVER_FILE).write_text(text + "\n", encoding="utf-8")


class MemoryHealth:
    """Whether the memory server answers, for the director (main thread): `down` while it
    does not; `check()` each update; `take_notices()` the lines to show, each once."""

    def __init__(
        self,
        store: MemoryStore,
        poll_seconds: float = POLL_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if store.health is None:  # a store has health exactly when it is on a server
            raise ValueError("only a memory store on a server can go away")
        self.health = store.health
        self.poll_seconds = poll_seconds
        self.clock = clock
        self.down = False
        self.outages = 0
        self._next_poll = 0.0
        self._notices: list[str] = []

    @property
    def url(self) -> str:
        return self.health.address.url

    def check(self) -> bool:
        """Notice a lost server, or poll a lost one; True while it is down."""
        if not self.down:
            if self.health.lost is None:
                return False
            self.down = True
            self.outages += 1
            self._next_poll = self.clock() + self.poll_seconds
            self._notices.append(
                f"The memory server at {self.url} is not answering: thinking paused."
            )
            return True
        if self.clock() < self._next_poll:
            return True
        if not self.health.ping():
            self._next_poll = self.clock() + self.poll_seconds
            return True
        self.health.recovered()
        self.down = False
        self._notices.append(f"The memory server at {self.url} is back: thinking resumed.")
        return False

    def wait_until_back(
        self, timeout_s: float, sleep: Callable[[float], None] = time.sleep
    ) -> bool:
        """Block, polling, until the server answers again (lockstep runs); False when it
        has not come back within `timeout_s`."""
        deadline = self.clock() + timeout_s
        while self.check():
            if self.clock() >= deadline:
                return False
            sleep(min(self.poll_seconds, max(0.0, self._next_poll - self.clock())) or 0.05)
        return True

    def take_notices(self) -> list[str]:
        notices, self._notices = self._notices, []
        return notices
