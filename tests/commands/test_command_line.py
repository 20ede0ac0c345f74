"""The `smallville` command as a user runs it (subprocesses): what went wrong in one line on
stderr with the right exit code; --version, python -m game; progress off a terminal; runs
listed once."""

from __future__ import annotations

import io
import os
import socket
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from game import __version__
from game.commands.preflight import display_problem
from game.commands.progress import ProgressBar

pytestmark = pytest.mark.long_running  # started first: see tests/conftest.py

ROOT = Path(__file__).resolve().parents[2]
QUICK = ["--town", "the_ville_n3", "--hours", "0.2", "--embedder", "hashing"]


NO_DISPLAY = {"SDL_VIDEODRIVER": "x11"}


def smallville(
    *args: str,
    env: dict[str, str] | None = None,
    module: str = "game.cli",
    without: tuple[str, ...] = (),
) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in without}
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        env={**environ, **(env or {})},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


def test_version_and_python_dash_m() -> None:
    for module in ("game.cli", "game"):
        result = smallville("--version", module=module)
        assert result.returncode == 0
        assert result.stdout.strip() == f"smallville {__version__}"


def test_an_unknown_town_is_one_line_exit_2() -> None:
    result = smallville("simulate", "--town", "nosuchtown", "--hours", "1")
    assert result.returncode == 2
    assert "unknown town 'nosuchtown'" in one_line(result)


def test_negative_hours_are_refused() -> None:
    result = smallville("simulate", "--town", "the_ville_n3", "--hours", "-1")
    assert result.returncode == 2
    assert "--hours: must be 0 or more (got '-1')" in one_line(result)


def test_a_url_that_is_not_one_is_named_once() -> None:
    result = smallville("simulate", "--base-url", "notaurl", "--model", "m")
    assert result.returncode == 2
    assert one_line(result).count("(got 'notaurl')") == 1


def test_a_server_that_is_down_stops_the_run_before_the_town_starts(tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    env = {"SMALLVILLE_DATA_DIR": str(tmp_path)}
    result = smallville("simulate", *QUICK, "--base-url", url, "--model", "m", env=env)
    assert result.returncode == 2
    line = one_line(result)
    assert f"the model server at {url} does not answer" in line and "--offline-fallback" in line
    assert result.stdout == ""  # no town ran, no report
    assert not (tmp_path / "records").exists()


def test_offline_fallback_runs_the_offline_brain_and_claims_no_rung() -> None:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    args = ["simulate", *QUICK, "--base-url", url, "--model", "m", "--offline-fallback"]
    result = smallville(*args, "--no-record")
    assert result.returncode == 0, result.stderr
    assert "the offline brain runs the town" in result.stderr
    assert "structured output" not in result.stdout
    assert "3 residents" in result.stdout


def test_progress_into_a_pipe_is_plain_lines() -> None:
    result = smallville("simulate", *QUICK, "--no-record")
    assert result.returncode == 0, result.stderr
    assert "\r" not in result.stderr
    progress = [line for line in result.stderr.splitlines() if "ETA" in line]
    assert progress and progress[-1].startswith("Mon 07:12 100%")
    assert len(progress) <= 11


def test_progress_on_a_terminal_redraws_one_line() -> None:
    stream = io.StringIO()
    bar = ProgressBar(60, stream, live=True)
    start = datetime(2023, 2, 13, 7, 0)
    for minute in range(61):
        bar.draw(start + timedelta(minutes=minute), minute, 0)
    bar.finish()
    assert stream.getvalue().startswith("\r[") and stream.getvalue().endswith(" \n")
    assert stream.getvalue().count("\n") == 1


def test_no_display_is_one_line_exit_2() -> None:
    result = smallville(env=NO_DISPLAY, without=("DISPLAY", "WAYLAND_DISPLAY"))
    assert result.returncode == 2
    line = one_line(result)
    assert "no display found" in line and "SDL_VIDEODRIVER=dummy smallville --headless" in line


@pytest.mark.parametrize(
    ("environ", "platform", "blocked"),
    [
        ({}, "linux", True),
        ({"SDL_VIDEODRIVER": "x11"}, "linux", True),
        ({"DISPLAY": ":0"}, "linux", False),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", False),
        ({"SDL_VIDEODRIVER": "dummy"}, "linux", False),
        ({}, "win32", False),
        ({}, "darwin", False),
    ],
)
def test_which_places_have_no_display(
    environ: dict[str, str], platform: str, blocked: bool
) -> None:
    assert (display_problem(environ, platform) is not None) == blocked


def test_runs_lists_a_saved_run_once_and_names_what_replay_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = {"SMALLVILLE_DATA_DIR": str(tmp_path)}
    saved = smallville("simulate", *QUICK, "--quiet", "--save", "slot", env=env)
    assert saved.returncode == 0, saved.stderr
    listed = smallville("runs", env=env)
    lines = listed.stdout.strip().splitlines()
    assert len(lines) == 1, listed.stdout
    run_id = lines[0].split(":")[0]
    shown, _, rest = lines[0].partition(" (`smallville replay ")
    assert rest.startswith(f"{run_id}` opens this one")
    assert f"; a copy: {tmp_path / 'saves' / 'slot' / 'record.sqlite'}" in rest

    from game.commands.runs import default_folders
    from game.records import find_record

    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path))
    assert shown.endswith(f"— {find_record(run_id, default_folders())}")

    no_display = {**env, **NO_DISPLAY}
    replayed = smallville("replay", run_id, env=no_display, without=("DISPLAY", "WAYLAND_DISPLAY"))
    assert replayed.returncode == 2
    assert "no display found" in one_line(replayed)
