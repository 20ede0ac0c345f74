"""A scripted run against a server that never answers, one that closes every connection, and
the hostile fake server (every fault kind, often): each run ends in bounded time with no
errors, its fallbacks counted."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from cognition import RetryPolicy
from cognition.testing.fake_openai_server import FakeOpenAIServer, Fault
from game.bridge.headless.run import SimulationOptions, simulate

SERVERS: dict[str, dict[str, Any]] = {
    "never answers": {"fault_rate": 1.0, "fault_kinds": (Fault.HANG,)},
    "closes": {"fault_rate": 1.0, "fault_kinds": (Fault.CLOSE,)},
    "hostile": {"fault_rate": 0.5, "fault_kinds": tuple(Fault), "timeout_sleep_s": 1.0},
}


@pytest.mark.parametrize("kind", list(SERVERS))
def test_a_run_on_a_hostile_server_ends_with_no_errors_and_counted_fallbacks(
    kind: str, tmp_path: Path
) -> None:
    with FakeOpenAIServer(seed=3, **SERVERS[kind]) as server:
        options = SimulationOptions(
            town="the_ville_n3",
            hours=0.25,
            base_url=server.base_url,
            timeout_s=0.3,
            embedder="hashing",
            max_concurrency=4,
            workers=4,
            data_dir=tmp_path / "memory",
        )
        retry = RetryPolicy(max_retries=2, base_delay_s=0.01, max_delay_s=0.05,
                            max_retry_after_s=0.05, rng=random.Random(0))  # fmt: skip
        report, _ = simulate(options, retry=retry, warn=lambda line: None)
    assert report["errors"] == 0
    assert report["fallbacks"] > 0 or report["breaker_trips"] > 0
    if kind != "hostile":  # nothing ever came back: the breaker took every step off it
        assert report["breaker_trips"] > 0
    assert report["game_hours"] == 0.25
