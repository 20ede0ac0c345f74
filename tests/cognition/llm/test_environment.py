"""The one read of the environment: a snapshot whose values, the API key first, never print."""

from __future__ import annotations

from pydantic import SecretStr

from cognition import LLMSettings, PoolSettings, lane_settings, read_environment
from cognition.llm.routes import EndpointSettings

KEY = "sk-test-0123456789abcdef"


def test_the_key_is_a_secret_that_never_prints() -> None:
    env = read_environment({"OPENAI_API_KEY": f"  {KEY} ", "SMALLVILLE_TIMEOUT_S": "9"})
    key = env.secret("OPENAI_API_KEY")
    assert isinstance(key, SecretStr) and key.get_secret_value() == KEY
    for shown in (repr(key), str(key), f"{key}", format(key, ""), repr(env), str(env), f"{env}"):
        assert KEY not in shown
    assert env.get("SMALLVILLE_TIMEOUT_S") == "9"  # a tunable is read as text


def test_blank_or_unset_is_no_key() -> None:
    env = read_environment({"OPENAI_API_KEY": "   "})
    assert env.secret("OPENAI_API_KEY") is None and not env.has("OPENAI_API_KEY")
    assert env.secret("LARGE_KEY") is None


def test_a_snapshot_is_passed_on_as_it_is() -> None:
    env = read_environment({"A": "1"})
    assert read_environment(env) is env


def test_settings_and_lanes_take_their_keys_from_the_snapshot() -> None:
    env = read_environment({"OPENAI_API_KEY": KEY, "LARGE_KEY": "sk-large-key-000"})
    settings = LLMSettings.load(env, base_url="http://127.0.0.1:9/v1")
    assert settings.api_key is not None and settings.api_key.get_secret_value() == KEY
    assert KEY not in repr(settings)
    large = EndpointSettings(base_url="http://127.0.0.1:8/v1", model="m", api_key_env="LARGE_KEY")
    lane = lane_settings(settings, large, env)
    assert lane.api_key is not None and lane.api_key.get_secret_value() == "sk-large-key-000"
    pool = PoolSettings.read({"endpoints": {"large": large.model_dump()}}, env)
    assert "large" in pool.endpoints and not pool.problems
