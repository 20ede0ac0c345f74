"""A key inside the server's URL (`http://user:KEY@host/v1`, `?api-key=KEY`) is in no file the
game writes, nor in what it shows; files holding prompts, answers, settings or endpoints are
the player's alone (0600 in 0700 folders)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from cognition import LLMSettings, redact_url
from cognition.testing.fake_openai_server import FakeOpenAIServer
from game.bridge.build import run_directory
from game.cli import main
from game.files.endpoints import remember_output_mode

USER_SECRET = "sk-user-secret-1234"
QUERY_SECRET = "sk-query-secret-5678"
posix_only = pytest.mark.skipif(os.name == "nt", reason="POSIX file modes")


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        (f"http://user:{USER_SECRET}@host:8000/v1", "http://***@host:8000/v1"),
        (f"http://{USER_SECRET}@host/v1", "http://***@host/v1"),
        (
            f"https://host/v1?api-key={QUERY_SECRET}&api-version=2024",
            "https://host/v1?api-key=***&api-version=2024",
        ),
        (f"http://h/v1?token={QUERY_SECRET}", "http://h/v1?token=***"),
        ("http://127.0.0.1:8000/v1", "http://127.0.0.1:8000/v1"),
    ],
)
def test_redact_url_hides_credentials_and_keeps_the_rest(url: str, shown: str) -> None:
    assert redact_url(url) == shown


def test_public_settings_never_hold_a_key_from_the_url() -> None:
    settings = LLMSettings(
        base_url=f"http://user:{USER_SECRET}@127.0.0.1:9/v1?api-key={QUERY_SECRET}",
        embeddings_base_url=f"http://u:{USER_SECRET}@127.0.0.1:9/v1",
    )
    text = json.dumps(settings.to_public_dict())
    assert USER_SECRET not in text and QUERY_SECRET not in text
    assert "127.0.0.1:9" in text


def test_remembered_endpoints_never_hold_a_key_from_the_url(tmp_path: Path) -> None:
    path = tmp_path / "endpoints.json"
    url = f"http://user:{USER_SECRET}@127.0.0.1:9/v1?api-key={QUERY_SECRET}"
    assert remember_output_mode(url, "m", "json_object", path) is None
    text = path.read_text()
    assert USER_SECRET not in text and QUERY_SECRET not in text
    assert "127.0.0.1:9" in text


def everything_written(root: Path) -> list[Path]:
    return [path for path in root.rglob("*") if path.is_file() and not path.is_symlink()]


@posix_only
def test_a_run_with_a_key_in_the_url_writes_it_nowhere_and_keeps_files_private(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SMALLVILLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with FakeOpenAIServer() as server:
        url = server.base_url.replace("http://", f"http://user:{USER_SECRET}@")
        argv = ["simulate", "--town", "the_ville_n3", "--embedder", "hashing", "--quiet",
                "--hours", "0.1", "--base-url", url, "--save", "keyed",
                "--json", str(tmp_path / "data" / "report.json")]  # fmt: skip
        assert main(argv) == 0
    out = capsys.readouterr()
    assert USER_SECRET not in out.out + out.err
    written = everything_written(tmp_path)
    assert any(path.name == "town.json" for path in written)
    assert any(path.suffix == ".sqlite" for path in written)  # the run record
    for path in written:
        assert USER_SECRET.encode() not in path.read_bytes(), path
    private = [p for p in written if p.name in ("town.json", "endpoints.json")
               or p.suffix in (".sqlite", ".sqlite3", ".jsonl")]  # fmt: skip
    assert private
    for path in private:
        assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0, path
        assert stat.S_IMODE(path.parent.stat().st_mode) & 0o077 == 0, path.parent


@posix_only
def test_settings_and_endpoints_files_are_written_private(tmp_path: Path) -> None:
    path = tmp_path / "config" / "endpoints.json"
    assert remember_output_mode("http://127.0.0.1:9/v1", "m", "json_object", path) is None
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


@posix_only
def test_a_run_directory_holding_memories_is_private(tmp_path: Path) -> None:
    made = run_directory(tmp_path)
    assert stat.S_IMODE(made.stat().st_mode) == 0o700
    assert stat.S_IMODE(made.parent.stat().st_mode) == 0o700
