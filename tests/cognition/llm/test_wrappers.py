"""The wrappers: concurrency limit, usage meter, audit log, response cache, budget cap."""

from __future__ import annotations

import dataclasses
import json
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from cognition.llm.audit_log import REDACTED, AuditLog
from cognition.llm.budget import BudgetCap
from cognition.llm.cache import ResponseCache, cache_key
from cognition.llm.concurrency import ConcurrencyLimit
from cognition.llm.openai_backend import OpenAIBackend
from cognition.llm.task import BudgetReached, Completion, InputT, OutputT, Source, Task, Usage
from cognition.llm.usage_meter import UsageMeter
from cognition.testing.fake_openai_server import FakeOpenAIServer, Fault

Server = Callable[..., FakeOpenAIServer]
Backend = Callable[..., OpenAIBackend]


class CannedModel:
    """Answers every task with its fallback, with a fixed usage and source."""

    def __init__(self, usage: Usage, source: Source = Source.MODEL) -> None:
        self.usage = usage
        self.source = source
        self.calls = 0

    @property
    def label(self) -> str:
        return "canned"

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        self.calls += 1
        return Completion(task.fallback(inputs), self.source, self.usage)


class RawModel(CannedModel):
    """A model answer (its fallback) that came as the text `raw`."""

    def __init__(self, raw: str) -> None:
        super().__init__(Usage(3, 4))
        self.raw = raw

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        return dataclasses.replace(super().complete(task, inputs, agent=agent), raw=self.raw)


def test_concurrency_limit_bounds_calls_in_flight(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    server = make_server(latency_s=0.05)
    limited = ConcurrencyLimit(make_backend(server), limit=3)
    seen_in_flight: list[int] = []
    lock = threading.Lock()

    def think(number: int) -> Source:
        completion = limited.complete(greet_task, greet_inputs(f"Agent {number}"), agent="a")
        with lock:
            seen_in_flight.append(limited.in_flight)
        return completion.source

    with ThreadPoolExecutor(max_workers=8) as pool:
        sources = list(pool.map(think, range(12)))

    assert sources == [Source.MODEL] * 12
    assert server.max_in_flight == 3  # never more, and the limit was actually reached
    assert max(seen_in_flight) <= 3
    assert limited.in_flight == 0 and limited.waiting == 0


def test_usage_meter_counts_per_agent_and_task(
    make_server: Server, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    server = make_server(faults=[None, Fault.SERVER_ERROR, Fault.SERVER_ERROR])
    meter = UsageMeter(make_backend(server, max_retries=1))

    meter.complete(greet_task, greet_inputs(), agent="Isabella")
    meter.complete(greet_task, greet_inputs(), agent="Klaus")  # falls back
    snapshot = meter.snapshot()

    assert snapshot.total.calls == 2 and snapshot.total.fallbacks == 1
    assert snapshot.total.model_answers == 1 and snapshot.total.attempts == 3
    assert snapshot.by_agent["Isabella"].fallbacks == 0
    assert snapshot.by_agent["Klaus"].fallbacks == 1
    assert snapshot.by_task["greet"].calls == 2
    assert snapshot.total.prompt_tokens > 0 and snapshot.total.estimated_tokens == 0
    assert snapshot.total.reported_tokens == snapshot.total.total_tokens
    assert json.loads(json.dumps(snapshot.to_dict()))["total"]["calls"] == 2


def test_usage_meter_separates_estimated_from_reported(greet_task: Any, greet_inputs: Any) -> None:
    meter = UsageMeter(CannedModel(Usage(100, 20, estimated=True)))
    meter.complete(greet_task, greet_inputs(), agent="Isabella")
    meter.inner = CannedModel(Usage(50, 10))
    meter.complete(greet_task, greet_inputs(), agent="Isabella")
    total = meter.snapshot().total
    assert (total.total_tokens, total.estimated_tokens, total.reported_tokens) == (180, 120, 60)
    assert total.cost_usd(1.0, 2.0) == pytest.approx((150 * 1.0 + 30 * 2.0) / 1e6)


def test_usage_meter_is_thread_safe(greet_task: Any, greet_inputs: Any) -> None:
    meter = UsageMeter(CannedModel(Usage(3, 2)))
    with ThreadPoolExecutor(max_workers=8) as pool:
        list(
            pool.map(
                lambda n: meter.complete(greet_task, greet_inputs(), agent=f"a{n % 4}"), range(400)
            )
        )
    snapshot = meter.snapshot()
    assert snapshot.total.calls == 400 and snapshot.total.total_tokens == 2000
    assert sum(t.calls for t in snapshot.by_agent.values()) == 400


def test_audit_log_records_prompts_and_answers_but_never_the_key(
    server: FakeOpenAIServer,
    make_backend: Backend,
    greet_task: Any,
    greet_inputs: Any,
    api_key: str,
    tmp_path: Path,
) -> None:
    path = tmp_path / "logs" / "audit.jsonl"
    audit = AuditLog(make_backend(server), path, redact=[api_key])
    leaky = greet_inputs(f"a stranger who says the key is {api_key}")

    audit.complete(greet_task, greet_inputs(), agent="Isabella")
    audit.complete(greet_task, leaky, agent="Isabella")

    assert server.chat_requests[0].headers["authorization"].endswith(api_key)  # it was sent
    text = path.read_text(encoding="utf-8")
    assert api_key not in text
    assert REDACTED in text
    first, second = (json.loads(line) for line in text.splitlines())
    assert first["agent"] == "Isabella" and first["task"] == "greet"
    assert first["source"] == "model" and first["model"] == "fake-model"
    assert "Klaus walks into the cafe" in first["messages"][-1]["content"]
    assert first["output"]["gesture"]["kind"] == "wave"
    assert first["prompt_tokens"] > 0 and first["estimated"] is False
    assert second["time"] >= first["time"]


def test_audit_log_records_exceptions(greet_task: Any, greet_inputs: Any, tmp_path: Path) -> None:
    capped = BudgetCap(CannedModel(Usage(10, 10)), max_tokens=1)
    capped.complete(greet_task, greet_inputs(), agent="Isabella")
    audit = AuditLog(capped, tmp_path / "audit.jsonl")
    with pytest.raises(BudgetReached):
        audit.complete(greet_task, greet_inputs(), agent="Isabella")
    record = json.loads((tmp_path / "audit.jsonl").read_text(encoding="utf-8"))
    assert record["exception"].startswith("BudgetReached")


def test_cache_hit_returns_the_same_output_without_a_request(
    server: FakeOpenAIServer, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    cache = ResponseCache(make_backend(server))

    first = cache.complete(greet_task, greet_inputs(), agent="Isabella")
    second = cache.complete(greet_task, greet_inputs(), agent="Klaus")
    other = cache.complete(greet_task, greet_inputs("Maria"), agent="Isabella")

    assert first.source is Source.MODEL and other.source is Source.MODEL
    assert second.source is Source.CACHE
    assert second.output == first.output
    assert second.usage == Usage() and second.attempts == 0
    assert second.raw is not None and second.raw == first.raw  # the model's text, kept
    assert len(server.chat_requests) == 2
    assert (cache.hits, cache.misses) == (1, 2)


def test_fallbacks_are_not_cached(greet_task: Any, greet_inputs: Any) -> None:
    inner = CannedModel(Usage(), source=Source.FALLBACK)
    cache = ResponseCache(inner)
    cache.complete(greet_task, greet_inputs(), agent="Isabella")
    assert cache.complete(greet_task, greet_inputs(), agent="Isabella").source is Source.FALLBACK
    assert inner.calls == 2


def test_disk_cache_survives_a_restart(greet_task: Any, greet_inputs: Any, tmp_path: Path) -> None:
    path = tmp_path / "cache.jsonl"
    ResponseCache(CannedModel(Usage(5, 5)), path=path).complete(
        greet_task, greet_inputs(), agent="Isabella"
    )
    with path.open("a", encoding="utf-8") as file:
        file.write("{broken line\n")
    inner = CannedModel(Usage(5, 5))
    reopened = ResponseCache(inner, path=path)
    completion = reopened.complete(greet_task, greet_inputs(), agent="Isabella")
    assert completion.source is Source.CACHE and inner.calls == 0


def test_the_disk_cache_keeps_the_raw_answer_and_reads_lines_without_one(
    greet_task: Any, greet_inputs: Any, tmp_path: Path
) -> None:
    path = tmp_path / "cache.jsonl"
    ResponseCache(RawModel('{"the": "text"}'), path=path).complete(
        greet_task, greet_inputs(), agent="Isabella"
    )
    line = json.loads(path.read_text(encoding="utf-8"))
    assert line["raw"] == '{"the": "text"}' and set(line) == {"key", "output", "raw"}
    hit = ResponseCache(CannedModel(Usage()), path=path).complete(
        greet_task, greet_inputs(), agent="Isabella"
    )
    assert hit.source is Source.CACHE and hit.raw == '{"the": "text"}'

    # a file written before the raw text was kept: its hits have no raw answer
    old = tmp_path / "old.jsonl"
    old.write_text(json.dumps({"key": line["key"], "output": line["output"]}) + "\n", "utf-8")
    inner = CannedModel(Usage())
    hit = ResponseCache(inner, path=old).complete(greet_task, greet_inputs(), agent="Isabella")
    assert hit.source is Source.CACHE and hit.raw is None and inner.calls == 0


def test_an_answer_without_raw_text_is_cached_without_it(
    greet_task: Any, greet_inputs: Any, tmp_path: Path
) -> None:
    path = tmp_path / "cache.jsonl"
    ResponseCache(CannedModel(Usage()), path=path).complete(
        greet_task, greet_inputs(), agent="Isabella"
    )
    assert set(json.loads(path.read_text(encoding="utf-8"))) == {"key", "output"}


def test_cache_key_depends_on_model_and_prompt(greet_task: Any, greet_inputs: Any) -> None:
    key = cache_key("model-a", greet_task, greet_inputs())
    assert key == cache_key("model-a", greet_task, greet_inputs())
    assert key != cache_key("model-b", greet_task, greet_inputs())
    assert key != cache_key("model-a", greet_task, greet_inputs("Maria"))


def test_cache_evicts_the_least_recently_used(greet_task: Any, greet_inputs: Any) -> None:
    inner = CannedModel(Usage())
    cache = ResponseCache(inner, max_entries=1)
    cache.complete(greet_task, greet_inputs(), agent="a")
    cache.complete(greet_task, greet_inputs("Maria"), agent="a")  # evicts the first (LRU)
    cache.complete(greet_task, greet_inputs(), agent="a")
    assert inner.calls == 3 and len(cache) == 1


def test_budget_cap_raises_before_the_call_once_tokens_are_spent(
    server: FakeOpenAIServer, make_backend: Backend, greet_task: Any, greet_inputs: Any
) -> None:
    capped = BudgetCap(make_backend(server), max_tokens=150)
    capped.complete(greet_task, greet_inputs(), agent="Isabella")  # about 100 tokens
    capped.complete(greet_task, greet_inputs(), agent="Isabella")
    requests_before = len(server.chat_requests)

    with pytest.raises(BudgetReached, match="token budget"):
        capped.complete(greet_task, greet_inputs(), agent="Isabella")
    assert len(server.chat_requests) == requests_before
    assert capped.spent_tokens >= 150

    capped.set_limits(max_tokens=10_000, max_usd=None)  # the player raises the budget
    assert capped.complete(greet_task, greet_inputs(), agent="Isabella").source is Source.MODEL


def test_budget_cap_in_dollars(greet_task: Any, greet_inputs: Any) -> None:
    capped = BudgetCap(CannedModel(Usage(1_000_000, 0)), max_usd=0.25, prompt_usd_per_million=0.15)
    capped.complete(greet_task, greet_inputs(), agent="a")
    capped.complete(greet_task, greet_inputs(), agent="a")
    assert capped.spent_usd == pytest.approx(0.30)
    with pytest.raises(BudgetReached, match=r"\$0\.3000 of \$0\.25"):
        capped.complete(greet_task, greet_inputs(), agent="a")
