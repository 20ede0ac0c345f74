"""Memories on a Chroma server: where the server is, whether it answers, and what a lost
server looks like to the rest of the code.

    address = parse_chroma_url("http://127.0.0.1:8000", setting="--chroma-url")
    version = check_server(address, setting="--chroma-url")   # MemoryServerProblem if not
    store = MemoryStore.on_server(MemoryServer(address, database="town-20260101-ab12cd34"))

A server is `chroma run --path DIR --host 127.0.0.1 --port 8000` (chromadb ships it). Each
town gets a database of its own in the tenant "smallville" (created when missing), so towns
never share memories. Every Chroma call the store makes on a server goes through `guarded`:
a connection refused, reset or timed out becomes `MemoryStoreUnavailable` (never a raw
httpx error) and is remembered on the `ServerHealth`, so the game can pause thinking.
"""

from __future__ import annotations

import threading
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")

DEFAULT_TENANT = "smallville"
DEFAULT_TIMEOUT_S = 30.0  # one Chroma request; chromadb's own client would wait forever
PING_TIMEOUT_S = 1.0
URL_EXAMPLE = "http://127.0.0.1:8000"


class MemoryServerProblem(ValueError):
    """The memory server setting cannot be used (a bad URL, nobody answering, another
    version); the message names the setting and is meant for the player."""


class MemoryStoreUnavailable(RuntimeError):
    """The memory server stopped answering mid-run (connection refused or lost, a timeout).
    Whatever raised it did not change the memories: retry once the server is back."""


@dataclass(frozen=True)
class ChromaAddress:
    """Where a Chroma server listens."""

    host: str
    port: int
    ssl: bool = False

    @property
    def url(self) -> str:
        return f"{'https' if self.ssl else 'http'}://{self.host}:{self.port}"

    @property
    def heartbeat(self) -> str:
        """The v2 API's heartbeat: what every check and ping asks."""
        return f"{self.url}/api/v2/heartbeat"


def answers(address: ChromaAddress, timeout_s: float = PING_TIMEOUT_S) -> bool:
    """True when the server at `address` answers its heartbeat within `timeout_s`."""
    # lazy: chromadb and httpx load only when a memory server is used
    import httpx

    try:
        return httpx.get(address.heartbeat, timeout=timeout_s).status_code == 200
    except httpx.HTTPError:
        return False


def parse_chroma_url(text: str, setting: str = "chroma_url") -> ChromaAddress:
    """`http://host:port` (or https; the port defaults to 8000) as an address;
    `MemoryServerProblem` naming `setting` when it is not such a URL."""
    problem = MemoryServerProblem(f"{setting}: {text!r} is not a URL like {URL_EXAMPLE}")
    parts = urllib.parse.urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise problem
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        raise problem
    try:
        port = parts.port
    except ValueError:
        raise problem from None
    default_port = 8000 if parts.scheme == "http" else 443
    return ChromaAddress(parts.hostname, port or default_port, parts.scheme == "https")


@dataclass
class ServerHealth:
    """What the store last saw of its server: `lost` is the last connection problem (None
    while it answers). Shared by every guarded call of one store; thread-safe."""

    address: ChromaAddress
    _lost: str | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def lost(self) -> str | None:
        with self._lock:
            return self._lost

    def report(self, problem: str) -> None:
        with self._lock:
            self._lost = problem

    def recovered(self) -> None:
        with self._lock:
            self._lost = None

    def ping(self, timeout_s: float = PING_TIMEOUT_S) -> bool:
        """True when the server answers its heartbeat within `timeout_s` (any thread)."""
        return answers(self.address, timeout_s)


def _connection_errors() -> tuple[type[BaseException], ...]:
    # lazy: chromadb and httpx load only when a memory server is used
    import httpx

    return (httpx.TransportError, ConnectionError, TimeoutError)


@contextmanager
def unavailable_as_typed(health: ServerHealth) -> Iterator[None]:
    """Turn a lost connection inside the block into `MemoryStoreUnavailable` (and tell
    `health`)."""
    try:
        yield
    except _connection_errors() as error:
        problem = f"the memory server at {health.address.url} is not answering ({error})"
        health.report(problem)
        raise MemoryStoreUnavailable(problem) from error


class Guarded:
    """A Chroma client or collection whose method calls go through `unavailable_as_typed`;
    attributes that are not methods (a collection's `metadata`, `name`) pass through."""

    def __init__(self, target: Any, health: ServerHealth) -> None:
        self._target = target
        self._health = health

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._target, name)
        if not callable(value):
            return value
        return self._guard(value)

    def _guard(self, method: Callable[..., T]) -> Callable[..., T]:
        def call(*args: Any, **kwargs: Any) -> T:
            with unavailable_as_typed(self._health):
                result = method(*args, **kwargs)
            if _is_collection(result):
                return Guarded(result, self._health)  # type: ignore[return-value]
            if isinstance(result, list) and result and all(map(_is_collection, result)):
                return [Guarded(item, self._health) for item in result]  # type: ignore[return-value]
            return result

        return call


def _is_collection(value: object) -> bool:
    return type(value).__name__ == "Collection" and hasattr(value, "add")


@dataclass(frozen=True)
class MemoryServer:
    """One town's memories on a server: the address, and the tenant and database they live
    in. `timeout_s` bounds each request."""

    address: ChromaAddress
    database: str
    tenant: str = DEFAULT_TENANT
    timeout_s: float = DEFAULT_TIMEOUT_S

    @property
    def where(self) -> str:
        """For messages: `http://127.0.0.1:8000 (smallville/town-…)`."""
        return f"{self.address.url} ({self.tenant}/{self.database})"


def _settings(address: ChromaAddress) -> Any:
    # lazy: chromadb and httpx load only when a memory server is used
    from chromadb.config import Settings

    return Settings(
        anonymized_telemetry=False,
        chroma_api_impl="chromadb.api.fastapi.FastAPI",
        chroma_server_host=address.host,
        chroma_server_http_port=address.port,
        chroma_server_ssl_enabled=address.ssl,
    )


def _session(client: Any) -> Any:
    """The httpx session under a chromadb HTTP client (None if chromadb changed its parts)."""
    # lazy: chromadb and httpx load only when a memory server is used
    import httpx

    target = client._target if isinstance(client, Guarded) else client
    session = getattr(getattr(target, "_server", None), "_session", None)
    return session if isinstance(session, httpx.Client) else None


def close_client(client: Any) -> None:
    """Release a chromadb HTTP client and its connections (chromadb's `close()` leaves the
    httpx session, and so its sockets, open)."""
    target = client._target if isinstance(client, Guarded) else client
    sessions = [_session(target), _session(getattr(target, "_admin_client", None))]
    close = getattr(target, "close", None)
    if callable(close):
        close()
    for session in sessions:  # the client's own, and that of the admin client inside it
        if session is not None:
            session.close()


def _bound_timeout(client: Any, timeout_s: float) -> None:
    """chromadb's HTTP client waits forever for an answer; a hung server must not hang a
    thinking job, so each request gets `timeout_s`."""
    # lazy: chromadb and httpx load only when a memory server is used
    import httpx

    session = _session(client)
    if session is not None:
        session.timeout = httpx.Timeout(timeout_s, connect=min(timeout_s, 5.0))


def connect(server: MemoryServer, health: ServerHealth) -> Guarded:
    """A guarded client on `server`'s database, the tenant and database created if missing.
    `MemoryStoreUnavailable` when the server does not answer."""
    # lazy: chromadb and httpx load only when a memory server is used
    import chromadb

    settings = _settings(server.address)
    with unavailable_as_typed(health):
        try:
            admin = chromadb.AdminClient(settings)
        except ValueError as error:  # chromadb: "Could not connect to a Chroma server"
            raise ConnectionError(str(error)) from error
        try:
            _bound_timeout(admin, server.timeout_s)
            _create_missing(admin, server)
        finally:
            close_client(admin)  # its session too, also when a step above failed
        client = chromadb.HttpClient(
            host=server.address.host,
            port=server.address.port,
            ssl=server.address.ssl,
            settings=settings,
            tenant=server.tenant,
            database=server.database,
        )
        _bound_timeout(client, server.timeout_s)
    return Guarded(client, health)


def _create_missing(admin: Any, server: MemoryServer) -> None:
    """The server's tenant and database, created when they are not there yet."""
    # lazy: chromadb and httpx load only when a memory server is used
    from chromadb.errors import NotFoundError

    try:
        admin.get_tenant(server.tenant)
    except NotFoundError:
        admin.create_tenant(server.tenant)
    try:
        admin.get_database(server.database, tenant=server.tenant)
    except NotFoundError:
        admin.create_database(server.database, tenant=server.tenant)


def drop_database(server: MemoryServer) -> bool:
    """Delete `server`'s database and every collection in it; False when it was not there.
    `MemoryServerProblem` (one line) when the server does not answer or refuses."""
    # lazy: chromadb and httpx load only when a memory server is used
    import chromadb
    from chromadb.errors import ChromaError, NotFoundError

    try:
        admin = chromadb.AdminClient(_settings(server.address))
    except ValueError as error:  # chromadb: "Could not connect to a Chroma server"
        raise MemoryServerProblem(f"{server.address.url}: {error}") from None
    failures: tuple[type[BaseException], ...] = (ChromaError, *_connection_errors())
    try:
        _bound_timeout(admin, server.timeout_s)
        admin.delete_database(server.database, tenant=server.tenant)
    except NotFoundError:
        return False
    except failures as error:
        raise MemoryServerProblem(
            f"cannot drop {server.where}: {type(error).__name__}: {error}"
        ) from None
    finally:
        close_client(admin)
    return True


def installed_chromadb() -> str:
    # lazy: chromadb and httpx load only when a memory server is used
    import chromadb

    return str(chromadb.__version__)


def compatibility_problem(server_version: str, client_version: str) -> str | None:
    """Why a server of `server_version` cannot serve this client, or None. Incompatible: a
    different major version (chromadb 1.x clients speak the v2 API, which 0.x servers lack;
    a 2.x server may drop it)."""
    server_major = server_version.strip().split(".")[0]
    client_major = client_version.strip().split(".")[0]
    if not server_major.isdigit():
        return f"it reports version {server_version!r}, which is not a Chroma version"
    if server_major != client_major:
        return (
            f"it runs Chroma {server_version}, but this Smallville's chromadb client is "
            f"{client_version} (major versions differ: run `chroma run` from chromadb "
            f"{client_major}.x)"
        )
    return None


def check_server(
    address: ChromaAddress,
    setting: str = "chroma_url",
    timeout_s: float = 5.0,
    server_version: Callable[[Any], str] | None = None,
) -> str:
    """The server's version when it answers and is compatible; otherwise
    `MemoryServerProblem` with one line naming `setting`. `server_version(client)` reads the
    version (default: `client.get_version()`; tests replace it)."""
    # lazy: chromadb and httpx load only when a memory server is used
    import chromadb
    import httpx

    where = f"{setting}: the Chroma server at {address.url}"
    try:
        heartbeat = httpx.get(address.heartbeat, timeout=timeout_s)
    except httpx.HTTPError as error:
        raise MemoryServerProblem(
            f"{where} is not answering ({type(error).__name__}: {error or 'no answer'}); "
            f"start one with `chroma run --path DIR --host {address.host} --port "
            f"{address.port}`"
        ) from None
    if heartbeat.status_code == 404:
        raise MemoryServerProblem(
            f"{where} does not speak the v2 API this Smallville's chromadb "
            f"{installed_chromadb()} needs (an older server?)"
        )
    if heartbeat.status_code != 200:
        raise MemoryServerProblem(
            f"{where} answers its heartbeat with HTTP {heartbeat.status_code}"
        )
    client: Any = None
    try:
        client = chromadb.HttpClient(
            host=address.host, port=address.port, ssl=address.ssl, settings=_settings(address)
        )
        version = (server_version or (lambda c: str(c.get_version())))(client)
    except Exception as error:  # noqa: BLE001 — any failure here is a message, not a crash
        raise MemoryServerProblem(f"{where} answers, but not as Chroma does: {error}") from None
    finally:
        if client is not None:
            close_client(client)
    problem = compatibility_problem(version, installed_chromadb())
    if problem is not None:
        raise MemoryServerProblem(f"{where} cannot be used: {problem}")
    return version
