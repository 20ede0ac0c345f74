"""One brain spec, one builder: one model is a pool of one lane; a labor pool, many."""

from __future__ import annotations

from typing import Any

from cognition.config import LLMSettings
from cognition.llm.brain import ONE_LANE, BrainSpec, build_brain, check_lanes
from cognition.llm.routes import PoolSettings
from cognition.llm.task import Completion, Source, Task
from cognition.testing.fake_openai_server import FakeOpenAIServer


class Offline:
    """The offline brain's stand-in: answers the typed fallback."""

    label = "offline"

    def complete(self, task: Task[Any, Any], inputs: Any, *, agent: str) -> Completion[Any]:
        return Completion(task.fallback(inputs), Source.OFFLINE)


def test_one_model_is_a_pool_of_one_lane_built_by_the_same_builder() -> None:
    settings = LLMSettings(base_url="http://127.0.0.1:9/v1", model="tiny", max_concurrency=3)
    spec = BrainSpec.one_model(settings)
    assert list(spec.pool.endpoints) == ["offline", ONE_LANE] and not spec.dispatched
    assert spec.pool.route_of("rate_importance") == (ONE_LANE,)
    assert spec.pool.endpoints[ONE_LANE].max_concurrent == 3
    one = build_brain(spec, Offline)
    assert one.pool is None and one.label == "tiny" and one.limit.limit == 3  # type: ignore[union-attr]
    offline = build_brain(BrainSpec.one_model(LLMSettings(offline=True)), Offline)
    assert offline.offline and BrainSpec.one_model(LLMSettings(offline=True)).offline
    pooled = build_brain(BrainSpec.labor_pool(settings, spec.pool), Offline)
    assert pooled.pool is not None and set(pooled.pool.lanes) == {"offline", ONE_LANE}
    one.close()
    pooled.close()


def test_test_connection_checks_each_lane_with_the_settings_its_backend_gets() -> None:
    with FakeOpenAIServer() as up, FakeOpenAIServer(api_key="sk-right") as locked:
        one = LLMSettings(base_url=up.base_url, model="fake-model")
        [single] = check_lanes(BrainSpec.one_model(one), timeout_s=5)
        pool = PoolSettings.read(
            {
                "endpoints": {
                    "up": {"base_url": up.base_url, "model": "fake-model"},
                    "locked": {
                        "base_url": locked.base_url,
                        "model": "fake-model",
                        "api_key_env": "LOCKED_KEY",
                    },
                }
            },
            env={"LOCKED_KEY": "sk-wrong"},
        )
        checks = check_lanes(
            BrainSpec.labor_pool(one, pool), timeout_s=5, env={"LOCKED_KEY": "sk-wrong"}
        )
    assert single.name == ONE_LANE and single.settings is one and single.report.ok
    assert [(c.name, c.report.ok) for c in checks] == [("up", True), ("locked", False)]
    locked_key = checks[1].settings.api_key
    assert locked_key is not None and locked_key.get_secret_value() == "sk-wrong"
    assert "sk-wrong" not in checks[1].report.message
