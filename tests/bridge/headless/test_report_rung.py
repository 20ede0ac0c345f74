"""The report's structured-output rung is a claim about a server that answered: a run whose
server never answered claims none (issue 31: a down server was reported as json_schema)."""

from __future__ import annotations

from pathlib import Path

from cognition.llm.retry import RetryPolicy, no_sleep
from cognition.testing.fake_openai_replies import Fault
from cognition.testing.fake_openai_server import FakeOpenAIServer
from game.bridge import SimulationOptions, simulate
from game.commands.simulate_text import structured_text


def run_against(server: FakeOpenAIServer, tmp_path: Path) -> dict[str, object]:
    options = SimulationOptions(
        town="the_ville_n3",
        hours=0.1,
        base_url=server.base_url,
        model="fake-model",
        timeout_s=0.5,
        embedder="hashing",
        data_dir=tmp_path / "memory",
    )
    report, _ = simulate(options, retry=RetryPolicy(max_retries=0, sleep=no_sleep))
    structured = report["structured_output"]
    assert isinstance(structured, dict)
    return structured


def test_a_server_that_never_answers_is_claimed_on_no_rung(tmp_path: Path) -> None:
    with FakeOpenAIServer(fault_rate=1.0, fault_kinds=(Fault.SERVER_ERROR,)) as server:
        structured = run_against(server, tmp_path)
        assert server.chat_requests  # it was asked
    assert structured["rung"] is None
    assert structured_text(structured) == "structured output: none (no model server answered)"


def test_a_server_that_answers_is_claimed_on_its_rung(tmp_path: Path) -> None:
    with FakeOpenAIServer() as server:
        structured = run_against(server, tmp_path)
    assert structured["rung"] == "json_schema"
    assert structured_text(structured).startswith("structured output: json_schema; usable")
