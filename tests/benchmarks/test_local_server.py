"""benchmarks/local_server.py without a server: its JSON line from a given report, the progress
of a stopped run, the command it gives an older checkout, its errors."""

from __future__ import annotations

import os
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from cognition.llm.usage_meter import UsageTally
from game.cli import build_parser
from tests.benchmark_scripts import load_benchmark


def load_script() -> ModuleType:
    return load_benchmark("local_server.py", "local_server_benchmark")


bench = load_script()


def setup(**changes: Any) -> Any:
    fields: dict[str, Any] = {
        "label": "after",
        "hours": 0.5,
        "model": "gemma",
        "model_file": "gemma-3-270m-q4_k_m.gguf",
        "server": "test",
    }
    return bench.Setup(**{**fields, **changes})


def report(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "agents": 3,
        "game_hours": 0.5,
        "wall_s": 90.0,
        "llm_calls": 40,
        "tokens_per_agent_day": 96000.0,  # × 3 residents × 0.5 h / 24 h = 6000 tokens
        "fallbacks": 2,
        "failed_attempts": 5,
        "errors": 0,
        "breaker_trips": 1,
        "steps_on_standby": ["importance"],
        "structured_output": {
            "rung": "json_object_schema",
            "steps": {
                "importance": {
                    "json_object_schema": {"answers": 12, "usable": 9},
                    "json_object": {"answers": 4, "usable": 1},
                },
                "plan": {"json_object_schema": {"answers": 5, "usable": 5}},
                "unused": {"json_object_schema": {"answers": 0, "usable": 0}},
            },
        },
    }
    return {**base, **changes}


def test_the_line_of_a_finished_run() -> None:
    line = bench.figures_line(report(), setup())
    assert line["benchmark"] == "local_server" and line["label"] == "after"
    assert line["completed"] is True and line["town"] == "the_ville_n3"
    assert line["model_file"] == "gemma-3-270m-q4_k_m.gguf"
    assert line["seconds_per_game_hour"] == 180.0
    assert line["llm_calls"] == 40 and line["tokens_per_call"] == 150.0
    assert (line["fallbacks"], line["failed_attempts"], line["breaker_trips"]) == (2, 5, 1)
    assert line["steps_on_standby"] == ["importance"]
    assert line["structured_output_rung"] == "json_object_schema"
    assert line["structured_answers"] == 21
    assert line["parse_rate"] == 0.714  # 15 usable of 21
    assert line["parse_rate_by_step"] == {"importance": 0.625, "plan": 1.0, "unused": None}
    assert line["parse_rate_by_rung"] == {"json_object_schema": 0.824, "json_object": 0.25}


def test_an_older_report_has_no_parse_rates_nor_breaker() -> None:
    old = report()
    for key in ("structured_output", "breaker_trips", "steps_on_standby"):
        del old[key]
    line = bench.figures_line(old, setup(label="before"))
    assert line["label"] == "before" and line["completed"] is True
    assert line["breaker_trips"] is None and line["steps_on_standby"] is None
    for key in ("parse_rate", "parse_rate_by_step", "parse_rate_by_rung", "structured_answers"):
        assert line[key] is None


def test_no_calls_no_tokens_per_call() -> None:
    line = bench.figures_line(report(llm_calls=0, tokens_per_agent_day=0.0), setup())
    assert line["tokens_per_call"] is None


PROGRESS = (
    "\r[                              ] Mon 07:01   0% calls 3 tokens 1500 ETA    0s "
    "\r[###                           ] Mon 07:07  10% calls 30 tokens 15000 ETA  900s "
    "\r[######                        ] Mon 07:13  20% calls 61 tokens 30500 ETA  800s "
)


def test_a_stopped_run_says_how_far_it_got() -> None:
    progress = bench.read_progress("warming up\n" + PROGRESS)
    assert progress.calls == 61 and progress.tokens == 30500
    assert progress.game_hours == pytest.approx(0.2)
    line = bench.unfinished_line(setup(label="before", hours=1.0), 1800.0, progress)
    assert line["completed"] is False and line["game_hours"] == 1.0
    assert line["game_hours_reached"] == 0.2 and line["wall_s"] == 1800.0
    assert line["seconds_per_game_hour"] is None
    assert line["seconds_per_game_hour_at_least"] == 1800.0
    assert line["llm_calls"] == 61 and line["tokens_per_call"] == 500.0
    assert line["parse_rate"] is None and line["fallbacks"] is None


def test_a_stopped_run_without_progress() -> None:
    assert bench.read_progress("no bar at all\n") is None
    line = bench.unfinished_line(setup(hours=0.5), 600.0, None)
    assert line["llm_calls"] is None and line["tokens_per_call"] is None
    assert line["seconds_per_game_hour_at_least"] == 1200.0


def test_the_checkout_command_is_one_smallville_simulate_accepts(tmp_path: Path) -> None:
    command = bench.checkout_command(
        tmp_path, "http://127.0.0.1:1/v1", setup(hours=1.0), tmp_path / "r.json"
    )
    assert command[1:4] == ["run", "--directory", str(tmp_path)]
    smallville_args = command[command.index("smallville") + 1 :]
    parsed = build_parser().parse_args(smallville_args)  # the flags 3dfd7ae has too
    assert parsed.town == "the_ville_n3" and parsed.hours == 1.0 and parsed.no_record
    assert parsed.workers == 3 and parsed.max_concurrency == 1 and not parsed.quiet


def test_a_wrong_checkout_is_one_line_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.main(["--checkout", str(tmp_path), "--base-url", "http://127.0.0.1:1/v1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "is not a checkout of this project" in captured.err
    assert "Traceback" not in captured.err


def test_the_line_says_the_temperature_sent_and_the_servers_own() -> None:
    line = bench.figures_line(report(), setup(temperature=None, server_default_temperature=0.8))
    assert (line["temperature"], line["server_default_temperature"]) == (None, 0.8)
    assert bench.figures_line(report(), setup(temperature=0.0))["temperature"] == 0.0


def test_the_temperature_is_the_games_unless_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SMALLVILLE_TEMPERATURE", raising=False)
    assert bench.game_temperature(None) is None  # the game sends none: the server's default
    monkeypatch.setenv("SMALLVILLE_TEMPERATURE", "0.3")
    assert bench.game_temperature(None) == 0.3  # the player's setting
    assert bench.game_temperature(0.0) == 0.0
    assert os.environ["SMALLVILLE_TEMPERATURE"] == "0.0"  # what the run's settings read


def test_where_the_model_time_went_step_by_step() -> None:
    steps = {
        "importance": UsageTally(calls=4, model_answers=4, attempts=5, prompt_tokens=800,
                                 completion_tokens=40),
        "day_plan": UsageTally(calls=1, model_answers=1, attempts=1, prompt_tokens=500,
                               completion_tokens=300),
    }  # fmt: skip
    meter = SimpleNamespace(snapshot=lambda: SimpleNamespace(by_task=steps))
    town = SimpleNamespace(stack=SimpleNamespace(meter=meter))
    assert bench.by_step(town) == {
        "importance": {
            "calls": 4,
            "prompt_tokens_per_call": 200.0,
            "answer_tokens_per_call": 10.0,
            "failed_attempts": 1,
        },
        "day_plan": {
            "calls": 1,
            "prompt_tokens_per_call": 500.0,
            "answer_tokens_per_call": 300.0,
            "failed_attempts": 0,
        },
    }


SERVER_LOG = """\
llama_perf_context_print:        load time =    2613.13 ms
llama_perf_context_print: prompt eval time =    2612.32 ms /   329 tokens (    7.94 ms per token)
llama_perf_context_print:        eval time =     774.27 ms /    16 runs   (   48.39 ms per token)
llama_perf_context_print:       total time =    4689.55 ms /   345 tokens
INFO:     127.0.0.1:46972 - "POST /v1/chat/completions HTTP/1.1" 200 OK
Llama.generate: 30 prefix-match hit, remaining 268 prompt tokens to eval
llama_perf_context_print:        load time =    2613.13 ms
llama_perf_context_print: prompt eval time =    2159.34 ms /   268 tokens (    8.06 ms per token)
llama_perf_context_print:        eval time =     758.56 ms /    16 runs   (   47.41 ms per token)
llama_perf_context_print:       total time =    3964.27 ms /   284 tokens
"""


def test_where_the_servers_time_went_from_its_log() -> None:
    assert bench.server_time(SERVER_LOG) == {
        "calls": 2,
        "prompt_tokens_evaluated": 597,
        "prompt_eval_s": 4.8,
        "tokens_decoded": 32,
        "decode_s": 1.5,
        "total_s": 8.7,
        "other_s": 2.3,  # 8.654 - 4.772 - 1.533: sampling (the grammar)
        "prefix_reused_tokens": 30,
    }
    assert bench.server_time("INFO: no call yet") is None
