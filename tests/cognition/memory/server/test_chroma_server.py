"""The memory store on a real Chroma server (`chroma run`, see conftest.py): the same
retrieval as in process, one database per town, clear messages for a bad setting, and a
typed error — with nothing half-written — when the server goes away."""

from __future__ import annotations

import sys
import uuid
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # chroma_process, next to this file

from chroma_process import ChromaProcess, free_port

from cognition.memory import (
    MemoryKind,
    MemoryServer,
    MemoryServerProblem,
    MemoryStore,
    MemoryStoreUnavailable,
    MemoryStream,
    check_server,
    parse_chroma_url,
)
from cognition.memory.fakes import HashingEmbedder
from cognition.memory.server import compatibility_problem

START = datetime(2023, 2, 13, 7, 0)
TEXTS = [
    "Klaus is reading a book on gentrification at the library",
    "Isabella is planning a Valentine's Day party at Hobbs Cafe",
    "Maria is studying chemistry for her exam",
    "the coffee machine at Hobbs Cafe is broken",
    "Klaus said the party sounds fun",
    "Isabella baked a cake for the party",
]


def on_server(url: str, database: str | None = None) -> MemoryServer:
    return MemoryServer(parse_chroma_url(url), database or f"test-{uuid.uuid4().hex[:12]}")


def fill(stream: MemoryStream) -> None:
    for hour, text in enumerate(TEXTS):
        created = START + timedelta(hours=hour)
        stream.add(MemoryKind.OBSERVATION, text, created, importance=1 + hour % 9)


def test_retrieval_on_the_server_is_the_same_as_in_process(
    chroma_server: ChromaProcess, tmp_path: Path
) -> None:
    embedder = HashingEmbedder()
    now = START + timedelta(hours=12)
    results = []
    with (
        MemoryStore(tmp_path / "memory") as local,
        MemoryStore.on_server(on_server(chroma_server.url)) as remote,
    ):
        for store in (local, remote):
            stream = MemoryStream(store, "Isabella Rodriguez", embedder)
            fill(stream)
            results.append(
                [
                    [(hit.record.id, hit.record.text, round(hit.score, 9)) for hit in hits]
                    for hits in stream.retrieve_many(["the party", "Klaus"], now, k=4)
                ]
            )
    assert results[0] == results[1]
    assert len(results[0][0]) == 4


def test_a_reopened_server_store_holds_every_record_exactly(chroma_server: ChromaProcess) -> None:
    server = on_server(chroma_server.url)
    embedder = HashingEmbedder()
    with MemoryStore.on_server(server) as store:
        stream = MemoryStream(store, "Klaus Mueller", embedder)
        fill(stream)
        stream.retrieve("the party", START + timedelta(hours=20), k=2)  # access times move
        stream.mark_reflection(START + timedelta(hours=6))
        before = stream.export_records()
    with MemoryStore.on_server(server) as store:
        again = MemoryStream(store, "Klaus Mueller", embedder)
        after = again.export_records()
        assert again.last_reflection == START + timedelta(hours=6)
    assert [s.record for s in after] == [s.record for s in before]
    for old, new in zip(before, after, strict=True):
        assert np.array_equal(old.embedding, new.embedding)


def test_each_town_has_its_own_database(chroma_server: ChromaProcess) -> None:
    embedder = HashingEmbedder()
    with (
        MemoryStore.on_server(on_server(chroma_server.url)) as first,
        MemoryStore.on_server(on_server(chroma_server.url)) as second,
    ):
        MemoryStream(first, "Maria Lopez", embedder).add(
            MemoryKind.OBSERVATION, "only in the first town", START, 3
        )
        assert first.agents() == ["Maria Lopez"]
        assert second.agents() == []
        assert MemoryStream(second, "Maria Lopez", embedder).count() == 0


@pytest.mark.parametrize("text", ["htp:/x", "127.0.0.1:8000", "http://", "http://h:port", ""])
def test_a_bad_url_is_one_line_naming_the_setting(text: str) -> None:
    with pytest.raises(MemoryServerProblem) as raised:
        parse_chroma_url(text, setting="--chroma-url")
    assert str(raised.value) == (f"--chroma-url: {text!r} is not a URL like http://127.0.0.1:8000")


def test_a_url_gives_host_port_and_scheme() -> None:
    address = parse_chroma_url(" http://localhost:9000/ ")
    assert (address.host, address.port, address.ssl, address.url) == (
        "localhost",
        9000,
        False,
        "http://localhost:9000",
    )
    assert parse_chroma_url("https://chroma.example.org").port == 443


def test_an_unreachable_server_is_one_line_naming_the_setting() -> None:
    address = parse_chroma_url(f"http://127.0.0.1:{free_port()}")
    with pytest.raises(MemoryServerProblem) as raised:
        check_server(address, setting="--chroma-url", timeout_s=2)
    message = str(raised.value)
    assert message.startswith(f"--chroma-url: the Chroma server at {address.url} is not answering")
    assert "chroma run --path DIR" in message
    assert "\n" not in message


def test_a_compatible_server_passes_the_check(chroma_server: ChromaProcess) -> None:
    version = check_server(parse_chroma_url(chroma_server.url))
    assert version.split(".")[0] == "1"


def test_a_server_of_another_major_version_is_refused_naming_both(
    chroma_server: ChromaProcess,
) -> None:
    import chromadb

    address = parse_chroma_url(chroma_server.url)
    with pytest.raises(MemoryServerProblem) as raised:
        check_server(address, setting="settings: memory server", server_version=lambda c: "0.4.24")
    message = str(raised.value)
    assert message.startswith(f"settings: memory server: the Chroma server at {address.url}")
    assert "Chroma 0.4.24" in message and f"chromadb client is {chromadb.__version__}" in message
    assert compatibility_problem("1.0.0", "1.5.9") is None
    assert compatibility_problem("2.0.1", "1.5.9") is not None


def test_a_lost_server_is_a_typed_error_and_nothing_is_half_written(
    own_chroma_server: ChromaProcess,
) -> None:
    server = on_server(own_chroma_server.url)
    embedder = HashingEmbedder()
    store = MemoryStore.on_server(server)
    try:
        stream = MemoryStream(store, "Isabella Rodriguez", embedder)
        fill(stream)
        stream.retrieve("the party", START + timedelta(hours=30), k=3)  # pending access times
        own_chroma_server.stop()
        with pytest.raises(MemoryStoreUnavailable, match="is not answering"):
            stream.add(MemoryKind.OBSERVATION, "written while the server is away", START, 5)
        assert stream.count() == len(TEXTS)  # not in the mirror: it is not in Chroma
        assert store.health is not None and store.health.lost is not None
        assert not store.health.ping()
        # retrieval reads the mirror only: it goes on while the server is away
        assert stream.retrieve("Klaus", START + timedelta(hours=31), k=2)
        own_chroma_server.start()
        assert store.health.ping()
        store.health.recovered()
        stream.add(MemoryKind.OBSERVATION, "written once it is back", START, 5)
        expected = stream.export_records()
    finally:
        store.close()
    with MemoryStore.on_server(server) as reopened:
        records = MemoryStream(reopened, "Isabella Rodriguez", embedder).export_records()
    assert [s.record for s in records] == [s.record for s in expected]
    assert records[-1].record.text == "written once it is back"
