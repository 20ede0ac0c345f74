"""The end of a headless run survives what goes wrong there: a save that fails still leaves
the summary and --json (with the failure in them, exit 2); a record that could not be made is
not claimed; Ctrl-C ends the run at once with a partial report and the record closed.
(Ctrl-C during `smallville evaluate`: tests/evaluation/test_hostile_interrupt.py.)"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cognition.testing.fake_openai_server import FakeOpenAIServer, Fault
from game.cli import main
from game.records import RunRecord

PROJECT = Path(__file__).resolve().parents[3]
BASE = ["simulate", "--town", "the_ville_n3", "--embedder", "hashing", "--quiet"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SMALLVILLE_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "data"


def test_a_failed_save_still_writes_the_summary_and_the_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    not_a_folder = tmp_path / "saves-is-a-file"
    not_a_folder.write_text("in the way")
    report = tmp_path / "report.json"
    argv = [*BASE, "--hours", "0.1", "--save", "end", "--saves-dir", str(not_a_folder),
            "--json", str(report)]  # fmt: skip
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert "residents" in captured.out  # the summary
    written = json.loads(report.read_text())
    assert "Could not save 'end'" in written["save_problem"] and "saved" not in written
    errors = captured.err.strip().splitlines()
    assert len(errors) == 1 and "Could not save 'end'" in errors[0]


def test_a_record_that_could_not_be_made_is_not_claimed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "records-is-a-file"
    records.write_text("in the way")
    report = tmp_path / "report.json"
    argv = [*BASE, "--hours", "0.1", "--record", str(records), "--json", str(report)]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert "recorded in" not in captured.out
    assert "not recording" in captured.err
    written = json.loads(report.read_text())
    assert "record" not in written and "not recording" in written["record_problem"]


@pytest.mark.skipif(os.name == "nt", reason="SIGINT to a child is POSIX")
def test_ctrl_c_ends_a_run_on_a_silent_server_with_a_partial_report(tmp_path: Path) -> None:
    report, records = tmp_path / "report.json", tmp_path / "records"
    with FakeOpenAIServer(fault_rate=1.0, fault_kinds=(Fault.HANG,)) as server:
        argv = [
            sys.executable,
            "-m",
            "game.cli",
            *BASE,
            "--hours",
            "2",
            "--base-url",
            server.base_url,
            "--timeout",
            "600",
            "--json",
            str(report),
            "--record",
            str(records),
            "--no-endpoint-check",
        ]  # fmt: skip  (the run starts: it is what is cut)
        env = {**os.environ, "PYTHONPATH": str(PROJECT), "SDL_VIDEODRIVER": "dummy"}
        child = subprocess.Popen(argv, cwd=PROJECT, env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE)  # fmt: skip
        try:
            deadline = time.monotonic() + 120
            while not server.chat_requests:  # the run is waiting on the silent server
                assert child.poll() is None and time.monotonic() < deadline
                time.sleep(0.1)
            child.send_signal(signal.SIGINT)
            _out, err = child.communicate(timeout=15)  # bounded: never the 600 s timeout
        finally:
            child.kill()
    assert child.returncode == 130, err.decode()[-2000:]
    assert b"Traceback" not in err
    written = json.loads(report.read_text())
    assert written["interrupted"] is True
    (path,) = records.glob("*.sqlite")
    with RunRecord.open(path) as record:  # closed properly: it opens and reads
        assert record.meta.kind == "simulate"
