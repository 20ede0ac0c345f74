"""The structured-output rung learned per endpoint: remembered in the config folder, found
by the next town (`llm_settings_for`), learned by Test connection and by a town's first use."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

from cognition.config import OUTPUT_MODE_NAMES, LLMSettings
from cognition.testing.fake_openai_server import FakeOpenAIServer
from game.bridge import LivingTown, check_connection, llm_settings_for, remember_learned_output_mode
from game.files.endpoints import (
    OUTPUT_RUNGS,
    endpoint_key,
    endpoints_path,
    output_mode_for,
    remember_output_mode,
)
from game.files.settings import UserSettings

LOCAL = "http://127.0.0.1:8080/v1"


def test_the_rungs_are_the_minds_rungs() -> None:
    assert OUTPUT_RUNGS == OUTPUT_MODE_NAMES


def test_a_rung_is_remembered_per_server_and_model(tmp_path: Path) -> None:
    path = tmp_path / "endpoints.json"
    assert output_mode_for(LOCAL, "gemma", path) is None
    assert remember_output_mode(LOCAL + "/", "gemma", "json_object_schema", path) is None
    assert output_mode_for(LOCAL, "gemma", path) == "json_object_schema"
    assert output_mode_for(LOCAL, "qwen", path) is None  # another model, another endpoint
    assert output_mode_for(None, "gemma", path) is None  # OpenAI's own API
    assert endpoint_key(None, "gpt-4o-mini") == "https://api.openai.com/v1 gpt-4o-mini"
    assert remember_output_mode(LOCAL, "gemma", "text", path) is None
    assert output_mode_for(LOCAL, "gemma", path) == "text"


def test_nothing_unknown_is_written_and_a_broken_file_is_read_as_empty(tmp_path: Path) -> None:
    path = tmp_path / "endpoints.json"
    problem = remember_output_mode(LOCAL, "gemma", "yaml", path)
    assert problem is not None and "yaml" in problem
    assert not path.exists()
    path.write_text("{not json", encoding="utf-8")
    assert output_mode_for(LOCAL, "gemma", path) is None
    wrong = {endpoint_key(LOCAL, "gemma"): {"output_mode": "xml"}}
    path.write_text(json.dumps(wrong), encoding="utf-8")
    assert output_mode_for(LOCAL, "gemma", path) is None
    assert remember_output_mode(LOCAL, "gemma", "json_object", path) is None
    assert output_mode_for(LOCAL, "gemma", path) == "json_object"


def test_a_write_that_fails_says_why(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    problem = remember_output_mode(LOCAL, "gemma", "text", blocker / "endpoints.json")
    assert problem is not None and "Could not remember" in problem


def test_the_next_town_starts_on_the_remembered_rung() -> None:
    chosen = UserSettings(backend="server", base_url=LOCAL, model="gemma")
    assert llm_settings_for(chosen, env={}).output_mode is None
    remember_output_mode(LOCAL, "gemma", "json_object_schema")  # the test's config folder
    assert endpoints_path().exists()
    assert llm_settings_for(chosen, env={}).output_mode == "json_object_schema"
    forced = {"SMALLVILLE_OUTPUT_MODE": "text"}
    assert llm_settings_for(chosen, env=forced).output_mode == "text"  # the environment wins
    offline = UserSettings(backend="offline", base_url=LOCAL, model="gemma")
    assert llm_settings_for(offline, env={}).output_mode is None


def test_test_connection_remembers_what_it_found() -> None:
    with FakeOpenAIServer(schema_only_in_json_object=True) as server:
        chosen = UserSettings(backend="server", base_url=server.base_url, model="fake-model")
        report = check_connection(chosen, "k", timeout_s=5, env={})
    assert report.ok, report.message
    assert report.structured_output == "json_object_schema"
    assert output_mode_for(server.base_url, "fake-model") == "json_object_schema"


def _town_on(stack: Any) -> LivingTown:
    return cast(LivingTown, SimpleNamespace(stack=stack))


def test_a_town_s_first_use_is_remembered_when_it_closes() -> None:
    settings = LLMSettings(base_url=LOCAL, api_key="k", model="gemma")
    stack = SimpleNamespace(offline=False, output_mode="json_object", settings=settings)
    assert remember_learned_output_mode(_town_on(stack)) is None
    assert output_mode_for(LOCAL, "gemma") == "json_object"
    offline = SimpleNamespace(offline=True, output_mode=None, settings=LLMSettings(offline=True))
    assert remember_learned_output_mode(_town_on(offline)) is None
