"""`smallville evaluate --chroma-url`: each town of the evaluation keeps its memories in a
database of its own on a real Chroma server, named in run.json and evaluation.json, and the
interviews' towns drop theirs when done; a server it cannot use is refused before any town
starts."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # chroma_process, next to this file

from chroma_process import ChromaProcess, free_port

from game.cli import main
from game.evaluation.controls import CONTROL_INTERVIEW, CONTROL_PHASE

BASE = ["evaluate", "--town", "the_ville_n3", "--hours", "1", "--embedder", "hashing"]


def test_each_seed_keeps_its_memories_on_the_server(
    chroma_server: ChromaProcess, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SMALLVILLE_CONFIG_DIR", str(tmp_path / "config"))
    out = tmp_path / "out"
    before = databases(chroma_server)
    argv = [*BASE, "--seeds", "2", "--workers", "1", "--out", str(out), "--quiet"]
    assert main([*argv, "--chroma-url", chroma_server.url]) == 0
    made = databases(chroma_server) - before
    # each seed leaves two databases, its simulation's and its control's, named in its
    # run.json and its evaluation.json; the towns built for interviews drop theirs when done
    named = set()
    for folder in sorted(out.glob("seed-*")):
        run = json.loads((folder / "run.json").read_text(encoding="utf-8"))
        report = json.loads((folder / "evaluation.json").read_text(encoding="utf-8"))
        where = run["simulation"]["memory_server"]
        assert where["url"] == chroma_server.url and where["tenant"] == "smallville"
        assert report["memory_servers"]["simulation"]["database"] == where["database"]
        phases = ("interviews at the start", "interviews at the end", CONTROL_INTERVIEW)
        for phase in phases:
            interviews = report["memory_servers"][phase]
            assert interviews["dropped_when_done"] and interviews["database"] not in made
        control = report["memory_servers"][CONTROL_PHASE]
        assert control["url"] == chroma_server.url and control["database"] != where["database"]
        named |= {where["database"], control["database"]}
    assert made == named and len(named) == 4
    assert not json.loads((out / "seeds.json").read_text(encoding="utf-8"))["failed"]


def databases(server: ChromaProcess) -> set[str]:
    """The databases of the server's "smallville" tenant (none before the first town)."""
    # lazy, as in the store: chromadb's client loads only where a server is asked
    import chromadb
    from chromadb.config import Settings
    from chromadb.errors import NotFoundError

    host, port = server.url.removeprefix("http://").split(":")
    settings = Settings(
        chroma_api_impl="chromadb.api.fastapi.FastAPI",
        chroma_server_host=host,
        chroma_server_http_port=int(port),
        anonymized_telemetry=False,
    )
    admin = chromadb.AdminClient(settings)
    try:
        return {str(database["name"]) for database in admin.list_databases(tenant="smallville")}
    except NotFoundError:
        return set()


def test_a_server_nobody_answers_on_is_refused_before_any_town(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    out = tmp_path / "out"
    argv = [*BASE, "--seeds", "2", "--out", str(out), "--quiet", "--chroma-url", url]
    assert main(argv) == 2
    error = capsys.readouterr().err
    assert "--chroma-url" in error and "is not answering" in error
    assert not list(out.glob("seed-*/record"))  # no town was started
