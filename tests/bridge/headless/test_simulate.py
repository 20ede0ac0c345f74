"""Headless lockstep runs: reproducible, a sensible day, and robust to a failing model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cognition.llm.retry import RetryPolicy, no_sleep
from cognition.memory import MemoryStore, MemoryStream
from cognition.memory.fakes import HashingEmbedder
from cognition.testing.fake_openai_server import FakeOpenAIServer
from game.bridge import SimulationOptions, simulate
from game.bridge.headless.day_check import day_problems
from game.bridge.town_minds import LivingTown, TownFile
from game.cli import main
from game.evaluation.talk import REPEAT_LIMIT, measure_talk
from game.records import RunRecord

pytestmark = pytest.mark.long_running  # started first: see tests/conftest.py

REPORT_KEYS = {
    "agents",
    "game_hours",
    "wall_s",
    "llm_calls",
    "llm_calls_per_agent_day",
    "tokens_per_agent_day",
    "fallbacks",
    "failed_attempts",
    "errors",
    "unapplied_actions",
    "memories",
    "reflections",
    "conversations",
    "plans",
    "distinct_places_visited",
}


def run_cli(tmp_path: Path, name: str) -> dict[str, object]:
    report = tmp_path / f"{name}.json"
    argv = ["simulate", "--town", "the_ville_n3", "--hours", "1.5", "--seed", "7"]
    argv += ["--embedder", "hashing", "--quiet", "--json", str(report)]
    assert main(argv) == 0
    loaded: dict[str, object] = json.loads(report.read_text(encoding="utf-8"))
    return loaded


def test_the_same_seed_gives_the_same_report(tmp_path: Path) -> None:
    first, second = run_cli(tmp_path, "first"), run_cli(tmp_path, "second")
    assert set(first) >= REPORT_KEYS
    assert first["agents"] == 3 and first["game_hours"] == 1.5
    assert first["llm_calls"] and first["memories"] and first["plans"] == 3
    assert Path(str(first["record"])).is_file() and first["record"] != second["record"]
    for report in (first, second):
        report.pop("wall_s"), report.pop("record")  # when, and where this run's record is
    assert first == second


@pytest.mark.parametrize("town", ["the_ville_n3", "the_ville_n25"])
def test_a_day_in_smallville_with_the_offline_brain(town: str, tmp_path: Path) -> None:
    """Every resident sleeps at home, works at work, eats, talks; walls and furniture hold;
    no line is said more than three times in the day town-wide, none nests a quote or a
    report in another."""
    towns: list[LivingTown] = []
    options = SimulationOptions(town=town, hours=24, embedder="hashing", record_dir=tmp_path)
    report, recorder = simulate(options, observe=lambda living: towns[:1] or towns.append(living))
    living = towns[0]
    personas = TownFile.load(town).personas()
    start_hour = TownFile.load(town).start.hour
    problems = day_problems(
        personas, recorder.trail, living.director.stats.talked_with, living.town.grid, start_hour
    )
    assert problems == []
    assert report["errors"] == 0 and report["conversations"] >= 3
    assert report["distinct_places_visited"] >= 8
    with RunRecord.open(Path(str(report["record"]))) as record:
        talk = measure_talk(record, *record.span())
    assert talk.overall.lines >= 2 * int(report["conversations"])
    assert talk.max_daily_count <= REPEAT_LIMIT, [day.repeated for day in talk.days]
    assert talk.overall.nested == 0, talk.overall.nested_examples


def test_a_model_failing_one_call_in_five_never_stops_the_town(tmp_path: Path) -> None:
    with FakeOpenAIServer(fault_rate=0.2, seed=3, timeout_sleep_s=1.2) as server:
        options = SimulationOptions(
            town="the_ville_n3",
            hours=4,  # enough requests for every kind of fault (an hour boundary is one call)
            base_url=server.base_url,
            model="fake-model",
            timeout_s=1.0,  # a loaded machine must not turn a sound answer into a timeout
            embedder="hashing",
            data_dir=tmp_path / "memory",
        )
        report, recorder = simulate(options, retry=RetryPolicy(max_retries=2, sleep=no_sleep))
        faults = [r.fault for r in server.chat_requests if r.fault is not None]
        requests = len(server.chat_requests)
    assert report["game_hours"] == 4.0  # the run completed
    # many failures, of many kinds (one request in five fails: at least one in ten did)
    assert len(faults) >= max(5, requests // 10) and len(set(faults)) >= 4
    assert report["llm_calls"] > 0 and report["errors"] == 0  # failures became typed fallbacks
    assert report["failed_attempts"] == len(faults)  # every failed request is counted
    assert all(len(trail) == 240 for trail in recorder.trail.values())
    with MemoryStore(tmp_path / "memory") as store:  # every memory is on disk
        names = store.agents()
        stored = sum(MemoryStream(store, name, HashingEmbedder()).count() for name in names)
    assert stored == report["memories"]
