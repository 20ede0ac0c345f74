"""PoolSettings: endpoints and routes read from data, presets, and clear problems."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cognition.llm.routes import (
    OFFLINE_ENDPOINT,
    STEPS,
    EndpointSettings,
    PoolSettings,
    RoutesError,
    step_of,
)

SMALL = {"base_url": "http://127.0.0.1:11434/v1", "model": "qwen2.5:0.5b", "max_concurrent": 8}
LARGE = {"base_url": "http://10.0.0.2:8000/v1", "model": "llama3.1:8b"}


def test_a_task_goes_to_its_own_route_then_its_step_then_the_default() -> None:
    pool = PoolSettings.read(
        {
            "endpoints": {"small": SMALL, "large": LARGE},
            "routes": {"importance": "small", "emoji": ["small", "large"], "default": "large"},
        },
        env={},
    )
    assert pool.problems == ()
    assert pool.route_of("rate_importance") == ("small",)
    assert pool.route_of("emoji") == ("small", "large")
    assert pool.route_of("choose_objects") == ("large",)  # "objects" has no route: default
    assert pool.route_of("day_plan") == ("large",)
    assert pool.fallback == (OFFLINE_ENDPOINT,)


def test_every_task_of_the_mind_has_a_step() -> None:
    names = {task for tasks in STEPS.values() for task in tasks}
    assert step_of("rate_importance") == "importance" and step_of("referee") == "judge"
    assert len(names) == sum(len(tasks) for tasks in STEPS.values())  # each in one step


def test_a_route_to_an_undefined_endpoint_names_the_setting_and_falls_back() -> None:
    pool = PoolSettings.read(
        {"endpoints": {"small": SMALL}, "routes": {"importance": "smal", "default": "small"}},
        env={},
    )
    assert pool.route_of("rate_importance") == (OFFLINE_ENDPOINT,)
    assert any("routes.importance: no endpoint named 'smal'" in p for p in pool.problems)
    assert any("importance goes to offline" in p for p in pool.problems)
    assert pool.route_of("day_plan") == ("small",)


def test_an_unset_key_variable_leaves_the_endpoint_out_and_says_so() -> None:
    hosted = {**LARGE, "api_key_env": "LARGE_KEY"}
    pool = PoolSettings.read(
        {"endpoints": {"large": hosted}, "routes": {"default": "large"}}, env={}
    )
    assert "large" not in pool.endpoints and pool.disabled["large"] == "$LARGE_KEY is not set"
    assert (
        pool.problems[0] == "endpoints.large.api_key_env: $LARGE_KEY is not set; endpoint left out"
    )
    assert pool.route_of("day_plan") == (OFFLINE_ENDPOINT,)
    assert any("default goes to offline" in p for p in pool.problems)
    set_pool = PoolSettings.read(
        {"endpoints": {"large": hosted}, "routes": {"default": "large"}},
        env={"LARGE_KEY": "sk-secret"},
    )
    assert set_pool.problems == () and set_pool.route_of("day_plan") == ("large",)
    assert "sk-secret" not in json.dumps(set_pool.to_public_dict())


def test_a_price_that_is_not_a_number_names_the_field() -> None:
    pool = PoolSettings.read(
        {
            "endpoints": {"large": {**LARGE, "price_in_per_1k": "cheap"}},
            "routes": {"default": "large"},
        },
        env={},
    )
    assert "large" not in pool.endpoints
    assert pool.problems[0].startswith(
        "endpoints.large.price_in_per_1k: Input should be a valid number"
    )
    assert "'cheap'" in pool.problems[0]


def test_a_key_written_where_its_variable_name_belongs_is_refused_and_not_echoed() -> None:
    pool = PoolSettings.read(
        {"endpoints": {"large": {**LARGE, "api_key_env": "sk-abc-123"}}}, env={}
    )
    assert "large" not in pool.endpoints
    assert "not the key itself" in pool.problems[0] and "sk-abc-123" not in pool.problems[0]


def test_unknown_steps_and_settings_are_named() -> None:
    pool = PoolSettings.read(
        {"endpoints": {"small": SMALL}, "routes": {"importanse": "small"}, "rutes": {}}, env={}
    )
    assert any(p.startswith("unknown setting(s) rutes") for p in pool.problems)
    assert any(p.startswith("routes.importanse: not a thinking step") for p in pool.problems)
    assert pool.route_of("day_plan") == ("small",)  # no default: the first endpoint defined


def test_presets() -> None:
    small, large = EndpointSettings(**SMALL), EndpointSettings(**LARGE)
    both = PoolSettings.small_large(small, large)
    assert both.name == "small-large" and both.problems == ()
    assert both.route_of("rate_importance") == ("small",) and both.route_of("react") == ("small",)
    assert both.route_of("day_plan") == ("large",) and both.route_of("dialogue_line") == ("large",)
    one = PoolSettings.one_model(large)
    assert one.route_of("rate_importance") == ("model",) == one.route_of("referee")
    offline = PoolSettings.all_offline()
    assert offline.route_of("dialogue_line") == (OFFLINE_ENDPOINT,)


def test_routes_files_json_and_toml(tmp_path: Path) -> None:
    toml = tmp_path / "routes.toml"
    toml.write_text(
        '[endpoints.small]\nbase_url = "http://127.0.0.1:8080/v1"\nmodel = "tiny"\n'
        '[routes]\nimportance = "small"\ndefault = "offline"\n',
        encoding="utf-8",
    )
    pool = PoolSettings.load(toml, env={})
    assert pool.route_of("rate_importance") == ("small",) and pool.route_of("day_plan") == (
        OFFLINE_ENDPOINT,
    )
    bad = tmp_path / "routes.json"
    bad.write_text('{"routes": {"importance": "nowhere"}}', encoding="utf-8")
    assert PoolSettings.load(bad, env={}).problems[0].startswith("routes.json: routes.importance")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(RoutesError, match=r"broken\.json: not valid JSON"):
        PoolSettings.load(broken, env={})
    with pytest.raises(RoutesError, match="cannot read"):
        PoolSettings.load(tmp_path / "missing.json", env={})
