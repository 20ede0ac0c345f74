"""`smallville simulate --profile NAME`: the offline brain behind a server's latency and
slots — the same town, only slower — and the report's figures of the server's use."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cognition import PROFILES
from game.bridge import SimulationOptions, lockstep_waits, simulate
from game.cli import main

WAIT_KINDS = (
    lockstep_waits.DECISION_NOW,
    lockstep_waits.DECISION_NOTICED,
    lockstep_waits.DECISION_AHEAD,
    lockstep_waits.TALK_FIRST_LINE,
    lockstep_waits.TALK_LATER,
    lockstep_waits.OTHER,
)

TINY = {"town": "the_ville_n3", "hours": 0.25, "embedder": "hashing", "seed": 5}
WALL_CLOCK = ("wall_s", "server_profile")  # what differs run to run, or only with a profile


def test_a_profiled_run_reports_how_the_town_used_the_server() -> None:
    report, _ = simulate(SimulationOptions(profile="hosted", profile_time_scale=0.1, **TINY))
    figures = report["server_profile"]
    assert figures["name"] == "hosted" and figures["slots"] == 16
    assert figures["first_token_s"] == pytest.approx(0.03)  # scaled for speed
    assert figures["calls"] == report["llm_calls"] > 0
    assert figures["calls_per_game_minute"] == pytest.approx(figures["calls"] / 15, abs=1e-3)
    rounding = 0.005 / figures["wall_s"]  # wall_s has two decimals; a tiny run is short
    assert figures["game_minutes_per_s"] == pytest.approx(
        15 / figures["wall_s"], rel=0.01 + rounding
    )
    assert 0 < figures["calls_in_flight_mean"] <= figures["calls_in_flight_max"] <= 16
    assert figures["service_mean_s"] == pytest.approx(0.03)
    assert figures["throughput_limit_calls_per_s"] == pytest.approx(16 / 0.03, rel=1e-3)
    used = (
        figures["game_minutes_per_s"]
        * figures["calls_per_game_minute"]
        / figures["throughput_limit_calls_per_s"]
    )
    assert figures["share_of_limit"] == pytest.approx(used, abs=2e-3)
    assert 0 < figures["share_of_limit"] <= 1
    waits = figures["lockstep_waits"]  # the town waited for the minds: for what, how long
    assert waits and set(waits) <= set(WAIT_KINDS)
    waited = sum(kind["seconds"] for kind in waits.values())
    assert 0 < waited <= figures["wall_s"] + 0.01
    assert all(kind["waits"] >= 1 for kind in waits.values())
    idle = figures["idle_slot_s"]  # the slots left idle, by the same kinds or between waits
    assert set(idle) <= {*WAIT_KINDS, lockstep_waits.STEPPING} and idle
    busy = figures["calls_in_flight_mean"] * figures["wall_s"]
    assert sum(idle.values()) <= 16 * figures["wall_s"] - busy + 0.5


def test_the_town_lives_the_same_behind_a_profile() -> None:
    """Lockstep on the offline brain: a profile changes the timing, never what happens."""
    plain, _ = simulate(SimulationOptions(**TINY))
    profiled, _ = simulate(SimulationOptions(profile="local-gpu", profile_time_scale=0.02, **TINY))
    server = profiled["server_profile"]
    assert "server_profile" not in plain and server["slots"] == 4
    assert server["calls_in_flight_max"] <= 4  # the server's slots, not the town's workers
    for report in (plain, profiled):
        for key in WALL_CLOCK:
            report.pop(key, None)
    assert plain == profiled


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["simulate", *argv])
    return status, capsys.readouterr().err


def test_an_unknown_profile_lists_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    status, err = run_cli(["--profile", "h100", "--town", "the_ville_n3"], capsys)
    assert status == 2
    assert err.count("\n") == 1 and "'h100'" in err
    assert all(name in err for name in PROFILES)


def test_a_profile_with_a_server_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--profile", "hosted", "--base-url", "http://127.0.0.1:9/v1"]
    status, err = run_cli(argv, capsys)
    assert status == 2 and err.count("\n") == 1 and "--base-url" in err


def test_the_help_names_every_profile(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    simulate_help = " ".join(capsys.readouterr().out.split())
    assert all(name in simulate_help for name in PROFILES)


def test_the_cli_prints_and_writes_the_profile(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The real `hosted` profile at full speed, a quarter game hour of three residents."""
    out = tmp_path / "report.json"
    argv = ["--profile", "hosted", "--town", "the_ville_n3", "--hours", "0.25"]
    argv += ["--embedder", "hashing", "--quiet", "--no-record", "--json", str(out)]
    assert main(["simulate", *argv]) == 0
    printed = capsys.readouterr().out
    assert "on a hosted server (16 at once)" in printed and "game minutes a second" in printed
    report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    figures = report["server_profile"]
    assert figures["service_mean_s"] == pytest.approx(0.3)
    assert figures["calls_in_flight_max"] <= 16 and figures["share_of_limit"] > 0


def test_behind_a_profile_calls_queue_in_the_town_by_priority() -> None:
    """As many calls at once as the profile has slots: those waiting queue in the town's
    limit, served by priority (not first-come at the server); threads enough for them."""
    from cognition import server_profile
    from game.bridge.headless.options import with_room_for

    local = server_profile("local-gpu")
    options = with_room_for(SimulationOptions(town="the_ville_n3", max_concurrency=16), local)
    assert options.max_concurrency == local.slots
    assert options.workers >= 2 * local.slots
