"""The player's settings file: `user_config_dir()/settings.json`.

Which brain drives the town (the offline brain or an OpenAI-compatible server, with its URL
and model), where the memories live (in this process, or a Chroma server), the speed a town
starts at, and how often it autosaves. Written atomically
(a temporary sibling, fsynced, then renamed over the old file). Reading never fails: a missing
file gives the defaults (seeded from `OPENAI_BASE_URL` / `OPENAI_API_KEY` /
`SMALLVILLE_MODEL` in the `env` the caller passes: the process environment as
`game.bridge.process_environment()` reads it, this module reading none), a malformed one
the defaults plus a `warning` to show, an invalid value its default; unknown keys are ignored.

The API key is never written: `UserSettings` has no field for it, so no code path can put
one in the file. A key typed in the settings menu lives only in memory for the session and is
passed to `game.bridge.brains.llm_settings_for(settings, api_key)`, which turns these choices
into the minds' model settings; without one, `OPENAI_API_KEY` from the environment is used.
This module knows nothing of the minds (the menus import it).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit, urlunsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from game.files.paths import user_config_dir
from game.saves.files import replace_durably
from game.town.speed import SPEEDS

__all__ = [
    "AUTOSAVE_CHOICES",
    "CONNECT_HINT",
    "DEFAULT_MODEL",
    "GROUP_STRATEGY_CHOICES",
    "OFFLINE_BRAIN_LINE",
    "ROUTES_CHOICES",
    "SETTINGS_FILE",
    "Backend",
    "LoadedSettings",
    "RoutesChoice",
    "SettingsError",
    "UserSettings",
    "load",
    "save",
    "settings_path",
]

SETTINGS_FILE = "settings.json"
DEFAULT_MODEL = "gpt-4o-mini"
AUTOSAVE_CHOICES: tuple[int, ...] = (0, 15, 30, 60, 120, 240, 480, 1440)  # game minutes; 0 = off
OFFLINE_BRAIN_LINE = "Offline brain: no model connected"
CONNECT_HINT = "Set OPENAI_API_KEY, or a local server (Ollama, LM Studio) URL in Settings"
_SECRET_WORDS = ("key", "token", "secret", "password")
_SECRET_PARAMETER_WORDS = (*_SECRET_WORDS, "pass", "auth", "sig", "credential")
KEY_IN_URL = (
    "must not hold a key or password (they would be written to the settings file): "
    "type the key in the API key field or set OPENAI_API_KEY"
)
Backend = Literal["offline", "server"]
RoutesChoice = Literal["one-model", "small-large", "file", "cascade"]
ROUTES_CHOICES: tuple[RoutesChoice, ...] = ("one-model", "small-large", "file", "cascade")
# who speaks next in group talks ("" : the town's own setting; "off": pairs only), as
# `game.bridge.build.GROUP_STRATEGIES` names them (tests/files checks they agree)
GROUP_STRATEGY_CHOICES: tuple[str, ...] = (
    "",
    "one-by-one",
    "simultaneous-talk",
    "simultaneous-talk-with-summarizer",
    "manager",
    "round-robin",
    "random",
    "manual",
    "off",
)


class SettingsError(Exception):
    """The settings file could not be written; the message says where and why."""


class UserSettings(BaseModel):
    """What the player chose in the settings menu. No field may ever hold a secret."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    backend: Backend = "offline"
    base_url: str = ""  # "" with backend "server": OpenAI's own API (needs a key)
    model: str = DEFAULT_MODEL
    speed: int = 1  # the speed a town starts at, one of game.town.speed.SPEEDS
    autosave_minutes: int = Field(default=60, ge=0, le=7 * 24 * 60)  # game minutes; 0 = off
    # the labor pool (with a server): "one-model" — every thinking step on the server above;
    # "small-large" — ratings, react, places and objects on the small model below, the rest
    # on the one above; "file" — the endpoints and routes of a routes file (.json or .toml);
    # "cascade" — every call on the small model first, escalated to the one above
    routes: RoutesChoice = "one-model"
    small_url: str = ""  # "" : the server above
    small_model: str = ""  # "" : the model above
    routes_file: str = ""
    # where the towns' memories live: "" in this process, else a Chroma server's URL
    # (`chroma run --path DIR --port 8000` → "http://127.0.0.1:8000"), one database per town
    memory_server: str = ""
    # seconds a model call may take; 0: the default for where the server is (180 s on this
    # machine or network, 60 s elsewhere; $SMALLVILLE_TIMEOUT_S when set)
    call_timeout_s: int = Field(default=0, ge=0, le=3600)
    # each thinking step's output budget (its max_tokens) × this; 0: no limit; 1: each
    # step's own ($SMALLVILLE_MAX_TOKENS_SCALE when set and this is left at 1)
    output_budget: float = Field(default=1.0, ge=0, le=20)
    # the old-records policy of `smallville runs --prune` (its flags win): keep the newest
    # N run records and those of the last D days; None: no such limit
    keep_last_runs: int | None = Field(default=None, ge=0)
    keep_run_days: float | None = Field(default=None, ge=0)
    # who speaks next in group talks (`GROUP_STRATEGY_CHOICES`; "" : the town's own)
    group_strategy: str = ""
    # model calls at once — the server's parallel slots, so the calls the town waits on go
    # first (`cognition.llm.concurrency.ConcurrencyLimit`); 0: the default (4, or
    # $SMALLVILLE_MAX_CONCURRENCY when set; a labor pool's own)
    calls_at_once: int = Field(default=0, ge=0, le=256)

    @field_validator("memory_server")
    @classmethod
    def _check_memory_server(cls, value: str) -> str:
        value = value.strip().rstrip("/")
        if value and not value.startswith(("http://", "https://")):
            raise ValueError("the memory server must be a URL like http://127.0.0.1:8000")
        if any(ch.isspace() for ch in value):
            raise ValueError("the memory server URL must not contain spaces")
        if has_credentials(value):
            raise ValueError(f"the memory server URL {KEY_IN_URL}")
        return value

    @field_validator("base_url", "small_url")
    @classmethod
    def _check_url(cls, value: str) -> str:
        value = value.strip().rstrip("/")
        if value and not value.startswith(("http://", "https://")):
            raise ValueError("the server URL must start with http:// or https://")
        if any(ch.isspace() for ch in value):
            raise ValueError("the server URL must not contain spaces")
        if has_credentials(value):
            raise ValueError(f"the server URL {KEY_IN_URL}")
        return value

    @field_validator("small_model", "routes_file")
    @classmethod
    def _strip(cls, value: str) -> str:
        return value.strip()

    @field_validator("model")
    @classmethod
    def _check_model(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("the model name must not be empty")
        return value.strip()

    @field_validator("group_strategy")
    @classmethod
    def _check_group_strategy(cls, value: str) -> str:
        if value not in GROUP_STRATEGY_CHOICES:
            raise ValueError(
                f"the group strategy must be one of {', '.join(GROUP_STRATEGY_CHOICES)}"
            )
        return value

    @field_validator("speed")
    @classmethod
    def _check_speed(cls, value: int) -> int:
        if value not in SPEEDS:
            raise ValueError(f"the speed must be one of {', '.join(map(str, SPEEDS))}")
        return value

    @classmethod
    def from_environment(cls, env: Mapping[str, str]) -> UserSettings:
        """The defaults, with the server the environment names (used until a file exists)."""

        def variable(*names: str) -> str:
            return next((env[n].strip() for n in names if env.get(n)), "")

        url, key = variable("OPENAI_BASE_URL"), variable("OPENAI_API_KEY")
        url = without_credentials(url)  # the environment's URL may hold one; never kept here
        forced_offline = variable("SMALLVILLE_OFFLINE").lower() in ("1", "true", "yes", "on")
        values: dict[str, Any] = {"base_url": url}
        values["backend"] = "server" if (url or key) and not forced_offline else "offline"
        model = variable("SMALLVILLE_MODEL", "OPENAI_MODEL")
        if model:
            values["model"] = model
        settings, _ = _validate_leniently(values, cls())
        return settings


@dataclass(frozen=True)
class LoadedSettings:
    """The settings read, and a warning for the player when the file was not right."""

    settings: UserSettings
    warning: str | None
    path: Path


def settings_path() -> Path:
    return user_config_dir() / SETTINGS_FILE


def load(path: Path | None = None, *, env: Mapping[str, str]) -> LoadedSettings:
    """The settings in `path` (default `settings_path()`), their defaults seeded from `env`
    (`game.bridge.process_environment()`); never raises."""
    path = settings_path() if path is None else path
    defaults = UserSettings.from_environment(env)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return LoadedSettings(defaults, _environment_note(env), path)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        return LoadedSettings(defaults, f"Could not read {path} ({reason}): using defaults.", path)
    except ValueError as error:  # not JSON, or not UTF-8
        where = f" (line {error.lineno})" if isinstance(error, json.JSONDecodeError) else ""
        message = f"The settings file {path} is not valid JSON{where}: using defaults."
        return LoadedSettings(defaults, message, path)
    if not isinstance(raw, dict):
        message = f"The settings file {path} does not hold a JSON object: using defaults."
        return LoadedSettings(defaults, message, path)
    settings, problems = _validate_leniently(raw, defaults)
    secrets = sorted(k for k in raw if isinstance(k, str) and _looks_secret(k))
    notes = []
    if problems:
        notes.append(f"Some settings in {path} were invalid and use defaults: {problems}.")
    if secrets:
        notes.append(
            f"{path} holds {', '.join(secrets)}: ignored (keys are never read from or written "
            "to this file; set OPENAI_API_KEY or type the key in Settings)."
        )
    return LoadedSettings(settings, " ".join(notes) or None, path)


def save(settings: UserSettings, path: Path | None = None) -> Path:
    """Write `settings` atomically to `path` (default `settings_path()`); `SettingsError`
    says why when it cannot."""
    path = settings_path() if path is None else path
    text = settings.model_dump_json(indent=2) + "\n"
    try:
        replace_durably(path, text)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise SettingsError(f"Could not save the settings to {path}: {reason}") from error
    return path


def _validate_leniently(
    values: Mapping[str, Any], defaults: UserSettings
) -> tuple[UserSettings, str]:
    """`values` over `defaults`, each invalid field replaced by its default; and the problems
    ("speed: the speed must be one of …"), never echoing a value."""
    merged = {**defaults.model_dump(), **values}
    problems: list[str] = []
    for _ in range(len(UserSettings.model_fields) + 1):
        try:
            return UserSettings.model_validate(merged), "; ".join(problems)
        except ValidationError as error:
            for item in error.errors():
                field = str(item["loc"][0]) if item["loc"] else ""
                if field in merged and field in UserSettings.model_fields:
                    merged[field] = getattr(defaults, field)
                    message = str(item["msg"]).removeprefix("Value error, ")
                    problems.append(f"{field}: {message}")
    return defaults, "; ".join(problems)


def has_credentials(url: str) -> bool:
    """Whether `url` holds a user or password (`http://user:KEY@host`) or a query parameter
    named like a secret (`?api-key=KEY`)."""
    return without_credentials(url) != url


def without_credentials(url: str) -> str:
    """`url` with its user part and its secret-named query parameters left out."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url  # not a URL: the field's own check says so
    netloc = parts.netloc.rsplit("@", 1)[1] if "@" in parts.netloc else parts.netloc
    kept = [
        parameter
        for parameter in parts.query.split("&")
        if parameter and not _secret_parameter(parameter.partition("=")[0])
    ]
    if netloc == parts.netloc and len(kept) == len([p for p in parts.query.split("&") if p]):
        return url
    return urlunsplit((parts.scheme, netloc, parts.path, "&".join(kept), parts.fragment))


def _secret_parameter(name: str) -> bool:
    lowered = name.lower()
    return any(word in lowered for word in _SECRET_PARAMETER_WORDS)


def _environment_note(env: Mapping[str, str]) -> str | None:
    """A line for the player when OPENAI_BASE_URL holds a key (left out of the settings)."""
    url = env.get("OPENAI_BASE_URL", "").strip()
    if not url or not has_credentials(url):
        return None
    return (
        "OPENAI_BASE_URL holds a key or password: the settings use the URL without it "
        "(set the key in OPENAI_API_KEY or type it in Settings)."
    )


def _looks_secret(name: str) -> bool:
    lowered = name.lower()
    return any(word in lowered for word in _SECRET_WORDS)
