"""A local Chroma database kept by a child process of its own.

    client = ChromaChild(directory)          # starts the child; returns at once
    store = MemoryStore(directory, in_child=True)   # what MemoryStore does with it

`ChromaChild` answers the few client calls `MemoryStore` makes (`get_or_create_collection`,
`list_collections`, `delete_collection`, `close`), and its collections the calls
`AgentCollection` makes (`metadata`, `count`, `get`, `upsert`, `update`, `modify`). Each is
sent down a pipe to the child, which does them in order with chromadb's own local client.

Why: chromadb's local writes hold the GIL (~45 ms a call plus ~1 ms a record, measured: a
thread spinning beside an upsert ran at 6 % of its speed), so in the town's process every
write stalled every thinking thread and, in play, the frame loop. Importing chromadb takes
~3 s too. In the child both run on the other core while the town goes on.

- Writes (`upsert`, `update`, `modify`) are sent and not waited for. A write that fails is
  raised by the next call that waits (`count`, `get`, `list_collections`, `sync`, `close`)
  as `ChromaChildError`; once the child has died every call raises `ChromaChildGone`. The
  records are in the store's mirror all the same (a save copies from the mirror).
- `ended()` says whether the child has died without a call: one poll of its sentinel, for
  the town, which writes an agent's records 128 at a time and would otherwise notice a child
  gone only at its next write.
- A collection created in a directory that was empty when the child started is known to be
  empty: opening it waits for nothing, not even chromadb's import in the child.
- A database that does not open in the child (a damaged folder, a full disk) fails every
  call that waits with the reason, as `ChromaChildError`; the child prints no traceback.
- The child ignores Ctrl-C (the terminal sends it to the whole process group): the parent
  decides, and closes it. It ends when its pipe closes, so it never outlives its parent.
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
import threading
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection, wait
from multiprocessing.context import SpawnProcess
from pathlib import Path
from typing import Any

CLOSE_TIMEOUT_S = 60.0  # the child's last writes, then it is killed
POLL_S = 0.5  # how often a waiting call checks that the child still lives
EXIT_CODE_WAIT_S = 1.0  # for an ended child's exit code, to say how it ended
GET_KEYS = ("ids", "embeddings", "documents", "metadatas")
WRITES = frozenset({"upsert", "update", "modify"})


_live: weakref.WeakSet[ChromaChild] = weakref.WeakSet()  # children not yet closed


def end_memory_children() -> None:
    """Kill every memory database child of this process now: it is ending without unwinding
    (a watchdog's `os._exit`, SIGTERM) and removes its scratch folders, which a child still
    writing would make again. Their records not yet written are lost, as the process's are."""
    for child in list(_live):
        child.kill()


@contextmanager
def main_module_hidden() -> Iterator[None]:
    """While a child is started: the parent's main module unnamed, so the spawned child does
    not import it before `serve` — multiprocessing names it to the child when `__main__` has
    a `__spec__` or a `__file__`, and it is the script or the `smallville` command, which
    import the whole game (CPU the child took from the town's first minutes: `serve` needs
    none of it, nothing of `__main__` is sent to it). For the moment `start()` takes: a
    process another thread starts in that moment would not import it either, nor find a
    function defined there (the town starts its stores on the main thread)."""
    main = sys.modules["__main__"]
    spec, path = getattr(main, "__spec__", None), vars(main).pop("__file__", None)
    main.__spec__ = None  # read by name: it must be there
    try:
        yield
    finally:
        main.__spec__ = spec
        if path is not None:
            main.__file__ = path


class ChromaChildError(RuntimeError):
    """A call to the child's database failed, or the child is gone; the message says which."""


class ChromaChildGone(ChromaChildError):
    """The child has ended (or was closed): this call and every later one fail the same way;
    what was sent to it and not yet written is not in its folder (the store's mirrors hold
    it)."""


def how_it_ended(exitcode: int | None) -> str:
    """ " (exit code 1)", " (killed by signal 9)" (a negative exit code), or "" (unknown)."""
    if exitcode is None:
        return ""
    return f" (killed by signal {-exitcode})" if exitcode < 0 else f" (exit code {exitcode})"


class ChromaChild:
    """The client side: one pipe to one child, one call at a time."""

    def __init__(self, directory: Path | str) -> None:
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.fresh = not any(self.directory.iterdir())  # so its new collections are empty
        context = multiprocessing.get_context("spawn")  # no fork of a process with threads
        self._pipe, theirs = context.Pipe()
        self._process: SpawnProcess = context.Process(
            target=serve, args=(theirs, str(self.directory)), name="chroma", daemon=True
        )
        self._lock = threading.Lock()
        self._created: set[str] = set()  # collections created here (fresh directory only)
        self._lost: str | None = None
        self.round_trips = 0  # calls that waited for the child (for tests and benchmarks)
        _live.add(self)  # before it starts: a SIGTERM while it starts still ends it
        with main_module_hidden():
            self._process.start()
        theirs.close()  # only the child holds its end: its exit closes our pipe

    @property
    def pid(self) -> int | None:
        pid: int | None = self._process.pid
        return pid

    def call(self, op: str, name: str = "", wait: bool = True, **kwargs: Any) -> Any:
        """Send one call; with `wait`, its result (raising a failed earlier write first)."""
        with self._lock:
            if self._lost is not None:
                raise ChromaChildGone(self._lost)
            try:
                self._pipe.send((op, name, kwargs, wait))
                if not wait:
                    return None
                self.round_trips += 1
                while not self._pipe.poll(POLL_S):
                    if not self._process.is_alive():
                        raise EOFError("it exited")
                failure, result = self._pipe.recv()
            except (EOFError, OSError) as error:
                self._lost = f"{self._gone()} before writing all it was sent ({error})"
                raise ChromaChildGone(self._lost) from error
        if failure is not None:
            raise ChromaChildError(failure)
        return result

    def ended(self) -> str | None:
        """Why the child ended — what every call raises from then on — or None while it
        lives. No round trip: one poll of the child's sentinel (a call in flight meanwhile
        is waited for only once the child has ended)."""
        if self._lost is None and wait([self._process.sentinel], timeout=0):
            with self._lock:
                self._lost = self._lost or self._gone()
        return self._lost

    def _gone(self) -> str:
        """ "the memory database's process ended (killed by signal 9)": how, once known."""
        return f"the memory database's process ended{how_it_ended(self._exit_code())}"

    def _exit_code(self) -> int | None:
        """The ended child's exit code, once known (None after `EXIT_CODE_WAIT_S`): another
        thread's `is_alive()` (or multiprocessing starting another process) may have reaped
        it, and sets it a moment later."""
        self._process.join(timeout=EXIT_CODE_WAIT_S)
        deadline = time.monotonic() + EXIT_CODE_WAIT_S
        while self._process.exitcode is None and time.monotonic() < deadline:
            time.sleep(0.01)
        code: int | None = self._process.exitcode
        return code

    def get_or_create_collection(
        self, name: str, metadata: dict[str, Any], **options: Any
    ) -> ChildCollection:
        if self.fresh and name not in self._created:
            self._created.add(name)
            self.call("open", name, wait=False, metadata=metadata, **options)
            return ChildCollection(self, name, dict(metadata), known_empty=True)
        stored = self.call("open", name, metadata=metadata, **options)
        return ChildCollection(self, name, stored, known_empty=False)

    def list_collections(self) -> list[ChildCollection]:
        listed = self.call("list")
        return [ChildCollection(self, name, metadata, False) for name, metadata in listed]

    def delete_collection(self, name: str) -> None:
        self.call("delete", name)
        self._created.discard(name)

    def sync(self) -> None:
        """Wait until every call sent so far is done (raising a failed one)."""
        self.call("sync")

    def close(self) -> None:
        """Do the calls sent, close the database, and end the child (raising a failed call
        after the child has ended). Safe to call twice."""
        try:
            if self._lost is None and self._process.is_alive():
                self.call("close")
        finally:
            self._process.join(timeout=CLOSE_TIMEOUT_S)
            self.kill()

    def kill(self) -> None:
        """End the child at once (what it has not written is lost); then every call fails."""
        _live.discard(self)
        self._lost = self._lost or "the memory database is closed"
        if self._process.pid is None:  # not started (ended while starting it)
            return
        if self._process.is_alive():
            self._process.kill()
        self._process.join()
        self._pipe.close()


class ChildCollection:
    """One collection in the child: its metadata as last opened or modified here."""

    def __init__(
        self, client: ChromaChild, name: str, metadata: dict[str, Any] | None, known_empty: bool
    ) -> None:
        self._client = client
        self.name = name
        self.metadata = metadata
        self._known_empty = known_empty  # created here, in a fresh directory, nothing written

    def count(self) -> int:
        if self._known_empty:
            return 0
        return int(self._client.call("count", self.name))

    def get(self, **kwargs: Any) -> dict[str, Any]:
        if self._known_empty:
            return {key: [] for key in GET_KEYS}
        result: dict[str, Any] = self._client.call("get", self.name, **kwargs)
        return result

    def upsert(self, **kwargs: Any) -> None:
        self._write("upsert", kwargs)

    def update(self, **kwargs: Any) -> None:
        self._write("update", kwargs)

    def modify(self, **kwargs: Any) -> None:
        self._write("modify", kwargs)
        if "metadata" in kwargs:
            self.metadata = dict(kwargs["metadata"])

    def _write(self, op: str, kwargs: dict[str, Any]) -> None:
        self._known_empty = False
        self._client.call(op, self.name, wait=False, **kwargs)


# --- the child ------------------------------------------------------------------------------


def serve(pipe: Connection, directory: str) -> None:
    """The child's loop: each call in the order sent; a waiting call gets `(failure, result)`,
    `failure` the first failed write since the last answer, else its own, else None."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and closes us
    # lazy: the child alone imports chromadb (~3 s), on a core of its own
    import chromadb
    from chromadb.config import Settings

    parent = multiprocessing.parent_process()
    if not Path(directory).is_dir() or (parent is not None and not parent.is_alive()):
        return  # the parent ended (and removed its folder) while chromadb loaded: make nothing
    settings = Settings(anonymized_telemetry=False)
    client: Any = None
    unopened: str | None = None  # why the database did not open: every call is told it
    try:
        client = chromadb.PersistentClient(path=directory, settings=settings)
    except Exception as error:  # noqa: BLE001 — a damaged folder, a full disk: said, no traceback
        unopened = f"opening the memory database in {directory}: {error!r}"
    collections: dict[str, Any] = {}
    failed: str | None = None
    while True:
        try:
            op, name, kwargs, wait = pipe.recv()
        except EOFError:  # the parent is gone: nothing more will come
            break
        if unopened is None:
            result, failure = answer(client, collections, op, name, kwargs)
        else:
            result, failure = None, unopened
        if not wait:
            failed = failed or failure
            continue
        pipe.send((failed or failure, result))
        failed = None
        if op == "close":
            break


def answer(
    client: Any, collections: dict[str, Any], op: str, name: str, kwargs: Any
) -> tuple[Any, str | None]:
    """`(result, None)`, or `(None, why)` when Chroma failed: any failure goes to the parent."""
    try:
        return perform(client, collections, op, name, kwargs), None
    except Exception as error:  # noqa: BLE001 — any failure of Chroma's goes to the parent
        return None, f"{op} in {name or 'the database'}: {error!r}"


def perform(client: Any, collections: dict[str, Any], op: str, name: str, kwargs: Any) -> Any:
    """One call on chromadb's client, in a form that pickles (plain lists and dicts)."""
    if op == "open":
        collection = client.get_or_create_collection(name=name, **kwargs)
        collections[name] = collection
        return dict(collection.metadata or {})
    if op == "list":
        return [(c.name, dict(c.metadata or {})) for c in client.list_collections()]
    if op == "delete":
        collections.pop(name, None)
        client.delete_collection(name)
        return None
    if op in ("sync", "close"):
        if op == "close":
            collections.clear()
            client.close()
        return None
    collection = collections.get(name) or client.get_collection(name)
    collections[name] = collection
    if op == "count":
        return int(collection.count())
    if op == "get":
        page = collection.get(**kwargs)
        return {key: page.get(key) for key in GET_KEYS}
    if op in WRITES:
        getattr(collection, op)(**kwargs)
        return None
    raise ValueError(f"unknown call {op!r}")
