"""The settings file: round trip, atomic write, tolerant reading, and never a key on disk."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import SecretStr

from cognition.testing.fake_openai_server import FakeOpenAIServer
from game.bridge import brain_lines, check_connection, llm_settings_for, process_environment
from game.files.settings import (
    CONNECT_HINT,
    OFFLINE_BRAIN_LINE,
    SettingsError,
    UserSettings,
    load,
    save,
    settings_path,
)

SECRET = "sk-env-DISTINCTIVE-5d1f09"
SERVER = UserSettings(backend="server", base_url="http://localhost:1234/v1", model="qwen", speed=10)


def test_round_trip_and_no_temporary_files(tmp_path: Path) -> None:
    path = tmp_path / "config" / "settings.json"
    assert save(SERVER, path) == path
    assert load(path, env={}).settings == SERVER
    assert load(path, env={}).warning is None
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]
    assert set(json.loads(path.read_text("utf-8"))) == set(UserSettings.model_fields)
    save(UserSettings(), path)  # replaced whole
    assert load(path, env={}).settings == UserSettings()


def test_the_file_lives_in_the_config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SMALLVILLE_CONFIG_DIR", str(tmp_path / "cfg"))
    save(SERVER)
    assert settings_path() == tmp_path / "cfg" / "settings.json"
    assert load(env={}).settings == SERVER


def test_no_field_can_hold_a_key() -> None:
    assert not [f for f in UserSettings.model_fields if any(w in f for w in ("key", "secret"))]
    dropped = UserSettings.model_validate({"api_key": SECRET, "backend": "server"})
    assert SECRET not in dropped.model_dump_json()


def test_a_key_in_the_environment_or_typed_never_reaches_the_file(tmp_path: Path) -> None:
    path = save(SERVER, tmp_path / "settings.json")
    llm = llm_settings_for(SERVER, "sk-typed-123", env={"OPENAI_API_KEY": SECRET})
    assert llm.api_key == SecretStr("sk-typed-123")
    text = path.read_text("utf-8")
    assert SECRET not in text and "sk-typed-123" not in text


def test_a_hand_written_key_is_ignored_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"backend": "server", "api_key": SECRET}), "utf-8")
    loaded = load(path, env={})
    assert loaded.settings.backend == "server"
    assert loaded.warning is not None and "api_key" in loaded.warning
    assert SECRET not in loaded.warning and SECRET not in repr(loaded)


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("{not json", "is not valid JSON (line 1)"),
        ("", "is not valid JSON"),
        ("[1, 2]", "does not hold a JSON object"),
        (b"\xff\xfe{", "is not valid JSON"),
    ],
)
def test_a_malformed_file_gives_defaults_and_a_warning(
    tmp_path: Path, content: str | bytes, says: str
) -> None:
    path = tmp_path / "settings.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, "utf-8")
    loaded = load(path, env={})
    assert loaded.settings == UserSettings()
    assert loaded.warning is not None and says in loaded.warning and str(path) in loaded.warning


def test_invalid_values_fall_back_one_by_one_and_unknown_keys_are_ignored(
    tmp_path: Path,
) -> None:
    path = tmp_path / "settings.json"
    raw = {
        "backend": "server",
        "model": "llama3.2",
        "speed": 7,
        "base_url": "localhost:11434",
        "autosave_minutes": -5,
        "theme": "dark",
    }
    path.write_text(json.dumps(raw), "utf-8")
    loaded = load(path, env={})
    assert loaded.settings == UserSettings(backend="server", model="llama3.2")
    assert loaded.warning is not None
    for field in ("speed", "base_url", "autosave_minutes"):
        assert field in loaded.warning
    assert "theme" not in loaded.warning and "localhost:11434" not in loaded.warning


def test_an_unreadable_path_gives_defaults(tmp_path: Path) -> None:
    loaded = load(tmp_path, env={})  # a directory, not a file
    assert loaded.settings == UserSettings() and loaded.warning is not None


def test_saving_where_it_cannot_says_why(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", "utf-8")
    with pytest.raises(SettingsError, match="Could not save the settings to"):
        save(SERVER, blocker / "settings.json")


def test_defaults_follow_the_environment_until_a_file_exists(tmp_path: Path) -> None:
    missing = tmp_path / "none.json"
    assert load(missing, env={}).settings == UserSettings()
    env = {"OPENAI_BASE_URL": "http://localhost:11434/v1", "SMALLVILLE_MODEL": "llama3.2"}
    seeded = load(missing, env=env).settings
    assert (seeded.backend, seeded.base_url, seeded.model) == (
        "server",
        "http://localhost:11434/v1",
        "llama3.2",
    )
    assert load(missing, env={"OPENAI_API_KEY": SECRET}).settings.backend == "server"
    forced = {"OPENAI_API_KEY": SECRET, "SMALLVILLE_OFFLINE": "1"}
    assert load(missing, env=forced).settings.backend == "offline"
    bad = load(missing, env={"OPENAI_BASE_URL": "nonsense"}).settings
    assert bad.base_url == "" and bad.backend == "server"


def test_the_process_environment_seeds_the_defaults_through_the_one_reader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The settings read no environment of their own: the caller passes the environment as
    the minds read it (`cognition.environment`), and a key in it never prints."""
    import game.files.settings as settings_module

    source = Path(settings_module.__file__).read_text(encoding="utf-8")
    assert "os.environ" not in source and "getenv" not in source
    monkeypatch.setenv("OPENAI_BASE_URL", "http://localhost:11434/v1")
    monkeypatch.setenv("SMALLVILLE_MODEL", "llama3.2")
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    monkeypatch.delenv("SMALLVILLE_OFFLINE", raising=False)
    env = process_environment()
    seeded = load(tmp_path / "none.json", env=env).settings
    assert (seeded.backend, seeded.base_url, seeded.model) == (
        "server",
        "http://localhost:11434/v1",
        "llama3.2",
    )
    assert SECRET not in repr(env) and SECRET not in str(env)


def test_llm_settings_for() -> None:
    offline = llm_settings_for(UserSettings(), "sk-typed", env={"OPENAI_API_KEY": SECRET})
    assert offline.offline and offline.uses_offline_brain
    from_env = llm_settings_for(SERVER, None, env={"OPENAI_API_KEY": SECRET})
    assert from_env.api_key == SecretStr(SECRET)
    assert (from_env.base_url, from_env.model, from_env.offline) == (
        "http://localhost:1234/v1",
        "qwen",
        False,
    )
    typed = llm_settings_for(SERVER, "  sk-typed  ", env={"OPENAI_API_KEY": SECRET})
    assert typed.api_key == SecretStr("sk-typed")
    assert llm_settings_for(SERVER, None, env={}).api_key is None


def test_brain_lines() -> None:
    assert brain_lines(UserSettings(), env={}) == (OFFLINE_BRAIN_LINE, CONNECT_HINT)
    openai_without_key = UserSettings(backend="server")
    assert brain_lines(openai_without_key, env={}) == (OFFLINE_BRAIN_LINE, CONNECT_HINT)
    assert brain_lines(openai_without_key, "sk-x", env={}) == ("Model: gpt-4o-mini at OpenAI", None)
    assert brain_lines(SERVER, env={}) == ("Model: qwen at http://localhost:1234/v1", None)
    line, hint = brain_lines(SERVER, env={"SMALLVILLE_TIMEOUT_S": "soon"})
    assert line.startswith("Offline brain") and hint is not None and "timeout_s" in hint


def test_check_connection_through_the_fake_server() -> None:
    with FakeOpenAIServer(model="qwen", api_key="sk-right") as server:
        settings = UserSettings(backend="server", base_url=server.base_url, model="qwen")
        assert check_connection(settings, "sk-right", timeout_s=5, env={}).ok
        wrong = check_connection(settings, None, timeout_s=5, env={"OPENAI_API_KEY": SECRET})
        assert not wrong.ok and "HTTP 401" in wrong.message and SECRET not in wrong.message
    offline = check_connection(UserSettings(), timeout_s=5, env={})
    assert offline.ok and offline.message == "offline brain, no model needed"
    broken_env = check_connection(SERVER, env={"SMALLVILLE_MAX_RETRIES": "many"})
    assert not broken_env.ok and "max_retries" in broken_env.message
