"""Ctrl-C during `smallville evaluate` on a server that never answers: the command ends within
seconds (exit status 130, no traceback), its worker processes stopped, and `interrupted.json`
in the out folder says it was interrupted, in which phase, and what had finished."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from cognition.testing.fake_openai_replies import ChatRequest
from cognition.testing.fake_openai_server import FakeOpenAIServer, Fault
from game.records import RunRecord

PROJECT = Path(__file__).resolve().parents[2]
ENDS_WITHIN_S = 10  # the watchdog ends the process 3 s after Ctrl-C; the rest is slack

pytestmark = [
    pytest.mark.skipif(os.name == "nt", reason="SIGINT to a child is POSIX"),
    pytest.mark.long_running,  # started first: see tests/conftest.py
]


def children_of(pid: int) -> list[int]:
    """The processes whose parent is `pid` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def interrupt(
    argv: list[str], asked: Callable[[], bool], tmp_path: Path
) -> tuple[int, str, list[int]]:
    """Run `smallville evaluate …argv`, Ctrl-C once `asked()`; the exit status,
    stderr and the child processes it had then."""
    command = [sys.executable, "-m", "game.cli", "evaluate", *argv, "--out", str(tmp_path / "out"),
               "--embedder", "hashing", "--quiet"]  # fmt: skip
    # the towns' worker processes, terminated by Ctrl-C, cannot remove their scratch folders
    # (smallville-eval-*): they go in the test's own temporary folder, not the machine's /tmp
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = {**os.environ, "PYTHONPATH": str(PROJECT), "SDL_VIDEODRIVER": "dummy",
           "SMALLVILLE_DATA_DIR": str(tmp_path / "data"),
           "SMALLVILLE_CONFIG_DIR": str(tmp_path / "config"), "TMPDIR": str(scratch)}  # fmt: skip
    child = subprocess.Popen(command, cwd=PROJECT, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while not asked():  # waiting on the silent server
            assert child.poll() is None, child.communicate()[1].decode()[-2000:]
            assert time.monotonic() < deadline
            time.sleep(0.1)
        workers = children_of(child.pid)
        child.send_signal(signal.SIGINT)
        _out, err = child.communicate(timeout=ENDS_WITHIN_S)
    finally:
        child.kill()
    return child.returncode, err.decode(), workers


def test_ctrl_c_during_an_evaluation_writes_a_partial_report(tmp_path: Path) -> None:
    with FakeOpenAIServer(fault_rate=1.0, fault_kinds=(Fault.HANG,)) as server:
        argv = ["--town", "the_ville_n3", "--hours", "2", "--base-url", server.base_url]
        status, err, _ = interrupt(argv, lambda: bool(server.chat_requests), tmp_path)
    assert status == 130 and "Traceback" not in err, err[-2000:]
    report = tmp_path / "out" / "interrupted.json"
    assert str(report) in err
    written = json.loads(report.read_text(encoding="utf-8"))
    assert written["interrupted"] is True
    assert written["phase"] == "interviews at the start"
    assert written["finished"] == ["planning"]


def test_ctrl_c_during_the_simulation_closes_the_record_and_names_it(tmp_path: Path) -> None:
    simulating, release = threading.Event(), threading.Event()

    def answer(request: ChatRequest) -> None:
        """The interviews at the start are answered; then nothing is (the simulation)."""
        if (tmp_path / "out" / "interviews-start.json").exists():
            simulating.set()
            release.wait(60)
        return None

    with FakeOpenAIServer(answer=answer) as server:
        argv = ["--town", "the_ville_n3", "--hours", "2", "--base-url", server.base_url]
        try:
            status, err, _ = interrupt(argv, simulating.is_set, tmp_path)
        finally:
            release.set()
    assert status == 130 and "Traceback" not in err, err[-2000:]
    written = json.loads((tmp_path / "out" / "interrupted.json").read_text(encoding="utf-8"))
    assert written["phase"] == "simulation"
    assert written["finished"] == ["planning", "interviews at the start"]
    (record,) = (tmp_path / "out").rglob("*.sqlite")
    with RunRecord.open(record) as opened:  # closed properly: it opens and reads
        assert opened.meta.seed == 0
    assert written["record"] == str(record)


@pytest.mark.parametrize("many", ["seeds", "matrix"])
def test_ctrl_c_during_many_towns_stops_the_workers_and_writes_what_ended(
    tmp_path: Path, many: str
) -> None:
    with FakeOpenAIServer(fault_rate=1.0, fault_kinds=(Fault.HANG,)) as server:
        if many == "seeds":
            argv = ["--town", "the_ville_n3", "--hours", "2", "--base-url", server.base_url,
                    "--seeds", "2", "--workers", "2"]  # fmt: skip
        else:
            matrix = tmp_path / "matrix.toml"
            matrix.write_text(
                'town = "the_ville_n3"\nhours = 2\nembedder = "hashing"\n'
                'variants = ["full", "no reflection"]\n'
                f'[presets.silent]\npreset = "one-model"\nbase_url = "{server.base_url}"\n'
                'model = "fake-model"\n',
                encoding="utf-8",
            )
            argv = ["--matrix", str(matrix), "--workers", "2", "--no-endpoint-check"]
        status, err, workers = interrupt(argv, lambda: bool(server.chat_requests), tmp_path)
    assert status == 130 and "Traceback" not in err, err[-2000:]
    assert workers  # the towns ran in worker processes …
    deadline = time.monotonic() + 5
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in workers)  # … which Ctrl-C stopped
    written = json.loads((tmp_path / "out" / "interrupted.json").read_text(encoding="utf-8"))
    assert written["interrupted"] is True and written["phase"] == "towns"
    assert written["finished"] == ["planning"] and written["towns"] == {}


def test_ctrl_c_after_a_seed_finished_keeps_it_in_the_tables(tmp_path: Path) -> None:
    second, release = threading.Event(), threading.Event()

    def answer(request: ChatRequest) -> None:
        """Seed 0 is answered; once it finished, nothing is (seed 1 waits)."""
        if (tmp_path / "out" / "seed-0" / "town-outcome.json").exists():
            second.set()
            release.wait(60)
        return None

    with FakeOpenAIServer(answer=answer) as server:
        argv = ["--town", "the_ville_n3", "--hours", "0.5", "--base-url", server.base_url,
                "--seeds", "2", "--workers", "1", "--panel-pairs", "0",
                "--conditions", "full"]  # fmt: skip
        try:
            status, err, _ = interrupt(argv, second.is_set, tmp_path)
        finally:
            release.set()
    assert status == 130 and "Traceback" not in err, err[-2000:]
    written = json.loads((tmp_path / "out" / "interrupted.json").read_text(encoding="utf-8"))
    assert written["phase"] == "towns" and list(written["towns"]) == ["seed 0"]
    assert written["towns"]["seed 0"]["status"] == "done"
    table = json.loads((tmp_path / "out" / "seeds.json").read_text(encoding="utf-8"))
    assert [row["seed"] for row in table["seeds"]] == [0]
