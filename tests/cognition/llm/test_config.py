"""LLMSettings: environment, explicit values, validation, and keeping the key secret."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cognition.config import ConfigError, LLMSettings

KEY = "sk-config-DISTINCTIVE-91c2"


def test_reads_the_environment() -> None:
    settings = LLMSettings.load(
        {
            "OPENAI_BASE_URL": "http://localhost:11434/v1/",
            "OPENAI_API_KEY": KEY,
            "SMALLVILLE_MODEL": "llama3.2",
            "SMALLVILLE_MAX_CONCURRENCY": "8",
            "SMALLVILLE_BUDGET_USD": "1.5",
            "SMALLVILLE_CACHE": "false",
            "SMALLVILLE_AUDIT_LOG": "/tmp/audit.jsonl",
        }
    )
    assert settings.base_url == "http://localhost:11434/v1"
    assert settings.api_key is not None and settings.api_key.get_secret_value() == KEY
    assert settings.model == "llama3.2" and settings.max_concurrency == 8
    assert settings.budget_usd == 1.5 and settings.cache is False
    assert settings.audit_log == Path("/tmp/audit.jsonl")
    assert not settings.uses_offline_brain


def test_explicit_values_win_over_the_environment() -> None:
    settings = LLMSettings.load({"SMALLVILLE_MODEL": "from-env"}, model="explicit")
    assert settings.model == "explicit"


def test_defaults_mean_the_offline_brain() -> None:
    settings = LLMSettings.load({})
    assert settings.uses_offline_brain
    assert settings.api_key_value() == "not-needed"
    assert LLMSettings.load({"OPENAI_API_KEY": KEY}).uses_offline_brain is False
    assert LLMSettings.load({"OPENAI_API_KEY": KEY, "SMALLVILLE_OFFLINE": "1"}).uses_offline_brain


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"SMALLVILLE_MAX_CONCURRENCY": "zero"}, r"max_concurrency \(from \$SMALLVILLE_MAX"),
        ({"SMALLVILLE_MAX_CONCURRENCY": "0"}, "greater than or equal to 1"),
        ({"OPENAI_BASE_URL": "localhost:11434"}, "must start with http"),
        ({"SMALLVILLE_TIMEOUT_S": "-1"}, "timeout_s"),
    ],
)
def test_invalid_settings_raise_a_clear_config_error(env: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        LLMSettings.load(env)


def test_unknown_explicit_setting_is_an_error() -> None:
    with pytest.raises(ConfigError, match="modle"):
        LLMSettings.load({}, modle="x")


def test_the_key_never_shows() -> None:
    settings = LLMSettings.load({"OPENAI_API_KEY": KEY, "OPENAI_BASE_URL": "http://127.0.0.1:1/v1"})
    public = settings.to_public_dict()
    assert KEY not in repr(settings) and KEY not in str(settings)
    assert KEY not in settings.model_dump_json()
    assert KEY not in json.dumps(public)
    assert public["api_key_set"] is True and "api_key" not in public
    assert public["base_url"] == "http://127.0.0.1:1/v1"
