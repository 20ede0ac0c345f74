"""The labor pool from flags and files, each endpoint tested, and a town run on it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cognition import LLMSettings
from cognition.testing.fake_openai_server import FakeOpenAIServer
from game.bridge.routing import (
    RouteChoice,
    RouteFlagError,
    check_endpoints,
    route_settings,
    uses_model,
)
from game.cli import main


def test_nothing_chosen_is_one_model_as_before() -> None:
    assert route_settings(RouteChoice()) is None
    assert uses_model("http://x/v1", None) and not uses_model(None, None)


def test_the_small_large_preset_from_flags() -> None:
    routes = route_settings(
        RouteChoice(
            preset="small-large",
            base_url="http://big.lan:8000/v1",
            model="llama3.1",
            small_url="http://127.0.0.1:11434/v1",
            small_model="qwen2.5:0.5b",
        ),
        env={},
    )
    assert routes is not None and routes.name == "small-large" and routes.problems == ()
    pool = routes.settings
    assert pool.route_of("rate_importance") == ("small",)
    assert pool.route_of("dialogue_line") == ("large",)
    assert pool.endpoints["small"].model == "qwen2.5:0.5b"
    assert uses_model(None, routes)


def test_endpoint_and_route_flags_on_a_file(tmp_path: Path) -> None:
    routes = tmp_path / "routes.json"
    routes.write_text(
        json.dumps(
            {
                "endpoints": {"large": {"base_url": "http://a.lan/v1", "model": "m"}},
                "routes": {"default": "large", "importance": "nowhere"},
            }
        ),
        encoding="utf-8",
    )
    chosen = route_settings(
        RouteChoice(
            file=routes,
            endpoints=["large2=base_url=http://b.lan/v1,model=m,max_concurrent=2"],
            routes=["dialogue=large,large2"],
        ),
        env={},
    )
    assert chosen is not None and chosen.name == "custom+flags"
    pool = chosen.settings
    assert pool.route_of("dialogue_line") == ("large", "large2")
    assert pool.endpoints["large2"].max_concurrent == 2
    assert pool.route_of("rate_importance") == ("offline",)
    assert pool.problems[0].startswith("routes.json: routes.importance: no endpoint named")


@pytest.mark.parametrize(
    ("choice", "message"),
    [
        (RouteChoice(endpoints=["nameonly"]), "--endpoint 'nameonly': write NAME="),
        (RouteChoice(endpoints=["a=model"]), "'model' is not key=value"),
        (RouteChoice(routes=["dialogue="]), "--route 'dialogue=': write STEP="),
        (RouteChoice(preset="small-large"), "this preset needs a model server"),
        (RouteChoice(preset="two-models"), "--preset 'two-models': one of"),
        (RouteChoice(file=Path("/nowhere/routes.toml")), "cannot read the routes file"),
    ],
)
def test_flags_that_cannot_be_read_say_which(choice: RouteChoice, message: str) -> None:
    with pytest.raises(RouteFlagError, match=message.replace("(", r"\(")):
        route_settings(choice, env={})


def test_each_endpoint_is_tested_and_a_failing_one_left_out() -> None:
    with (
        FakeOpenAIServer() as good,
        FakeOpenAIServer(api_key="sk-right") as locked,
        FakeOpenAIServer(reject_unknown_model=True) as picky,
    ):
        chosen = route_settings(
            RouteChoice(
                endpoints=[
                    f"good=base_url={good.base_url},model=fake-model",
                    f"locked=base_url={locked.base_url},model=fake-model,api_key_env=LOCKED",
                    f"picky=base_url={picky.base_url},model=no-such-model",
                ],
                routes=["importance=locked", "dialogue=picky,good", "default=good"],
            ),
            env={"LOCKED": "sk-wrong"},
        )
        assert chosen is not None and chosen.problems == ()
        routes = check_endpoints(
            chosen, LLMSettings(offline=True), timeout_s=5, env={"LOCKED": "sk-wrong"}
        )
    checked, lines = routes.settings, routes.checks
    assert lines[0].startswith(f"good: fake-model at {good.base_url} answers")
    assert set(checked.endpoints) == {"good", "offline"}
    assert checked.route_of("rate_importance") == ("offline",)
    assert checked.route_of("dialogue_line") == ("good",)
    locked_problem = next(p for p in checked.problems if p.startswith("endpoints.locked"))
    assert "key" in locked_problem.lower() and "(importance go to offline)" in locked_problem
    assert any(p.startswith("endpoints.picky") for p in checked.problems)
    assert "sk-wrong" not in " ".join(checked.problems + lines)


def test_simulate_on_a_pool_of_two_servers_reports_each_route(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "report.json"
    with FakeOpenAIServer() as small, FakeOpenAIServer() as large:
        argv = ["simulate", "--town", "the_ville_n3", "--hours", "1", "--embedder", "hashing"]
        argv += ["--quiet", "--no-record", "--json", str(report), "--preset", "small-large"]
        argv += ["--base-url", large.base_url, "--model", "fake-model"]
        argv += ["--small-url", small.base_url, "--small-model", "fake-model"]
        argv += ["--route", "summary=missing"]
        assert main(argv) == 0
        small_calls, large_calls = len(small.chat_requests), len(large.chat_requests)
    out = capsys.readouterr()
    assert "routes: routes.summary: no endpoint named 'missing'" in out.err
    assert "labor pool (small-large+flags):" in out.out
    routes = json.loads(report.read_text(encoding="utf-8"))["routes"]
    by_endpoint = routes["by_endpoint"]
    assert by_endpoint["small"]["calls"] >= small_calls - 1 > 0  # (the connection test's own)
    assert by_endpoint["large"]["calls"] >= large_calls - 1 > 0
    assert set(routes["by_step"]) >= {"importance", "day_plan", "summary"}
    assert routes["by_route"]["summary -> offline"]["calls"] > 0
    assert routes["by_route"]["importance -> small"]["calls"] > 0
    assert "day_plan -> large" in routes["by_route"]
