"""Settings of the language-model layer, from explicit values and the environment.

`LLMSettings.load()` reads the environment (explicit keyword values win over it):

| variable | field |
|---|---|
| `OPENAI_BASE_URL` | `base_url` (any OpenAI-compatible server: Ollama, LM Studio, vLLM…) |
| `OPENAI_API_KEY` | `api_key` (any string for local servers) |
| `SMALLVILLE_MODEL` (or `OPENAI_MODEL`) | `model` |
| `SMALLVILLE_OFFLINE` | `offline` (1/0, true/false) |
| `SMALLVILLE_TIMEOUT_S`, `SMALLVILLE_MAX_CONCURRENCY`, `SMALLVILLE_MAX_RETRIES` | same names |
| `SMALLVILLE_MAX_TOKENS_SCALE` | `max_tokens_scale` (each step's output budget × this; 0: none) |
| `SMALLVILLE_OUTPUT_MODE` | `output_mode` (json_schema, json_object_schema, json_object, text) |
| `SMALLVILLE_STOP` | `stop_sequences` (separated by `|`; a lone `|`: none) |
| `SMALLVILLE_BREAKER_WINDOW`, `…_TRIP_RATIO`, `…_COOL_DOWN` | `breaker_*` (the breaker) |
| `SMALLVILLE_TEMPERATURE` | `temperature` |
| `SMALLVILLE_BUDGET_USD`, `SMALLVILLE_BUDGET_TOKENS` | spending caps |
| `SMALLVILLE_AUDIT_LOG` | `audit_log` (a JSONL path) |
| `SMALLVILLE_CACHE`, `SMALLVILLE_CACHE_PATH` | `cache`, `cache_path` |
| `SMALLVILLE_EMBEDDINGS_BASE_URL`, `SMALLVILLE_EMBEDDINGS_MODEL` | server embeddings |

The API key is a `SecretStr`: `repr`, `model_dump_json` and `to_public_dict` never show it.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, get_args
from urllib.parse import urlsplit, urlunsplit

from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError, field_validator

from cognition.environment import read_environment

__all__ = [
    "DEFAULT_STOP_SEQUENCES",
    "ENVIRONMENT_VARIABLES",
    "LOCAL_TIMEOUT_S",
    "OUTPUT_MODE_NAMES",
    "REMOTE_TIMEOUT_S",
    "ConfigError",
    "LLMSettings",
    "OutputModeName",
    "is_local_url",
    "redact_url",
]


OutputModeName = Literal["json_schema", "json_object_schema", "json_object", "text"]
OUTPUT_MODE_NAMES: tuple[OutputModeName, ...] = get_args(OutputModeName)
DEFAULT_STOP_SEQUENCES = ("<|im_end|>", "<|eot_id|>", "<end_of_turn>", "<|end|>")
LOCAL_TIMEOUT_S = 180.0
REMOTE_TIMEOUT_S = 60.0


class ConfigError(ValueError):
    """A setting is missing or invalid; the message says which and why."""


# field name -> environment variables read for it, first found wins
ENVIRONMENT_VARIABLES: dict[str, tuple[str, ...]] = {
    "base_url": ("OPENAI_BASE_URL",),
    "api_key": ("OPENAI_API_KEY",),
    "model": ("SMALLVILLE_MODEL", "OPENAI_MODEL"),
    "offline": ("SMALLVILLE_OFFLINE",),
    "timeout_s": ("SMALLVILLE_TIMEOUT_S",),
    "max_concurrency": ("SMALLVILLE_MAX_CONCURRENCY",),
    "max_retries": ("SMALLVILLE_MAX_RETRIES",),
    "temperature": ("SMALLVILLE_TEMPERATURE",),
    "max_tokens_scale": ("SMALLVILLE_MAX_TOKENS_SCALE",),
    "output_mode": ("SMALLVILLE_OUTPUT_MODE",),
    "stop_sequences": ("SMALLVILLE_STOP",),
    "breaker_window": ("SMALLVILLE_BREAKER_WINDOW",),
    "breaker_trip_ratio": ("SMALLVILLE_BREAKER_TRIP_RATIO",),
    "breaker_cool_down_calls": ("SMALLVILLE_BREAKER_COOL_DOWN",),
    "budget_usd": ("SMALLVILLE_BUDGET_USD",),
    "budget_tokens": ("SMALLVILLE_BUDGET_TOKENS",),
    "audit_log": ("SMALLVILLE_AUDIT_LOG",),
    "cache": ("SMALLVILLE_CACHE",),
    "cache_path": ("SMALLVILLE_CACHE_PATH",),
    "embeddings_base_url": ("SMALLVILLE_EMBEDDINGS_BASE_URL",),
    "embeddings_model": ("SMALLVILLE_EMBEDDINGS_MODEL",),
}


class LLMSettings(BaseModel):
    """How the minds reach a language model. Immutable; build with `load()` or directly."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    base_url: str | None = None  # None: OpenAI's own API (when an api_key is given)
    api_key: SecretStr | None = None
    model: str = "gpt-4o-mini"
    offline: bool = False  # force the offline brain even when a server is configured
    # seconds a call may take; None: LOCAL_TIMEOUT_S for a server on this machine or the
    # local network (a CPU writing a day plan), REMOTE_TIMEOUT_S otherwise (`call_timeout_s`)
    timeout_s: float | None = Field(default=None, gt=0)
    max_concurrency: int = Field(default=4, ge=1, le=256)
    max_retries: int = Field(default=3, ge=0, le=20)
    temperature: float | None = Field(default=None, ge=0, le=2)
    # each step asks for at most its own `Task.max_tokens` × this (0: no limit at all), so a
    # rambling model cannot write 500 tokens where a rating needs ten
    max_tokens_scale: float = Field(default=1.0, ge=0, le=20)
    # the structured-output rung to start from (what Test connection or an earlier run
    # learned for this endpoint); None: start at the top (json_schema) and learn
    output_mode: OutputModeName | None = None
    # stop sequences for the rungs without constrained decoding (json_object, text): the
    # end-of-turn markers a server with a wrong chat template lets through as text, after
    # which a small model goes on writing both sides of the conversation (4 at most: the API)
    stop_sequences: tuple[str, ...] = Field(default=DEFAULT_STOP_SEQUENCES, max_length=4)
    # the circuit breaker (servers only): a step trips when at least trip_ratio of its last
    # `breaker_window` answers were unusable; it is tried again after `cool_down` calls on
    # the offline brain; a window of 0 turns the breaker off
    breaker_window: int = Field(default=10, ge=0, le=1000)
    breaker_trip_ratio: float = Field(default=0.7, gt=0, le=1)
    breaker_cool_down_calls: int = Field(default=50, ge=0, le=100_000)
    budget_usd: float | None = Field(default=None, gt=0)
    budget_tokens: int | None = Field(default=None, gt=0)
    # list prices used to estimate dollars for `budget_usd` (defaults: gpt-4o-mini)
    prompt_usd_per_million_tokens: float = Field(default=0.15, ge=0)
    completion_usd_per_million_tokens: float = Field(default=0.60, ge=0)
    audit_log: Path | None = None
    cache: bool = True
    cache_path: Path | None = None  # on-disk JSONL cache; None keeps the cache in memory
    embeddings_base_url: str | None = None
    embeddings_model: str | None = None

    @field_validator("base_url", "embeddings_base_url")
    @classmethod
    def _check_url(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        value = value.strip().rstrip("/")
        if not value.startswith(("http://", "https://")):
            shown = (redact_url(value) or "")[:40]
            raise ValueError(f"must start with http:// or https:// (got {shown!r})")
        return value

    @field_validator("stop_sequences", mode="before")
    @classmethod
    def _split_stops(cls, value: Any) -> Any:
        if isinstance(value, str):  # from the environment: "a|b"
            return tuple(part for part in value.split("|") if part)
        return value

    @field_validator("output_mode", mode="before")
    @classmethod
    def _blank_mode(cls, value: Any) -> Any:
        return None if isinstance(value, str) and value.strip() in ("", "auto") else value

    @field_validator("model")
    @classmethod
    def _check_model(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be empty")
        return value.strip()

    @property
    def uses_offline_brain(self) -> bool:
        """True when no model server is configured (or offline is forced)."""
        return self.offline or (self.base_url is None and self.api_key is None)

    @property
    def call_timeout_s(self) -> float:
        """Seconds a call may take: the setting, or the default for where the server is."""
        if self.timeout_s is not None:
            return self.timeout_s
        return LOCAL_TIMEOUT_S if is_local_url(self.base_url) else REMOTE_TIMEOUT_S

    def api_key_value(self) -> str:
        """The key to send; local servers accept any string, so a placeholder is used."""
        if self.api_key is None or not self.api_key.get_secret_value():
            return "not-needed"
        return self.api_key.get_secret_value()

    def to_public_dict(self) -> dict[str, Any]:
        """JSON-ready settings for saves and logs: everything except the key."""
        public = self.model_dump(mode="json", exclude={"api_key"})
        public["api_key_set"] = self.api_key is not None
        for url in ("base_url", "embeddings_base_url"):
            public[url] = redact_url(public[url])
        return public

    @classmethod
    def load(cls, env: Mapping[str, str] | None = None, **explicit: Any) -> LLMSettings:
        """Settings from `explicit` values, then the environment, then defaults.

        Raises `ConfigError` naming the offending field and its variable.
        """
        environment = read_environment(env)
        unknown = set(explicit) - set(cls.model_fields)
        if unknown:
            raise ConfigError(f"Unknown LLM setting(s): {', '.join(sorted(unknown))}")
        values: dict[str, Any] = {}
        origin: dict[str, str] = {}
        for field, names in ENVIRONMENT_VARIABLES.items():
            for name in names:
                raw = environment.get(name)
                if raw is not None and raw.strip() != "":
                    values[field] = raw.strip()
                    origin[field] = name
                    break
        for field, value in explicit.items():
            values[field] = value
            origin[field] = field
        try:
            return cls.model_validate(values)
        except ValidationError as error:
            raise ConfigError(_describe(error, origin)) from None


def is_local_url(url: str | None) -> bool:
    """True for a server on this machine or a private network (localhost, 127.x, 10.x,
    192.168.x, a `.local` name): one that likely runs the model on a desktop's hardware."""
    if not url:
        return False
    host = (urlsplit(url).hostname or "").lower()
    if host in ("localhost", "host.docker.internal") or host.endswith((".local", ".lan")):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_private or address.is_link_local


_SECRET_PARAMETER = re.compile(r"key|token|secret|pass|auth|sig|credential", re.IGNORECASE)
REDACTED = "***"


def redact_url(url: str | None) -> str | None:
    """`url` without credentials, for anything stored, shown or logged: the user part
    (`http://user:KEY@host` → `http://***@host`) and the values of query parameters named like
    secrets (`?api-key=KEY` → `?api-key=***`). Everything else is kept."""
    if not url:
        return url
    try:
        parts = urlsplit(url)
    except ValueError:  # not even a URL: show none of it
        return REDACTED
    netloc = parts.netloc
    if "@" in netloc:
        netloc = f"{REDACTED}@{netloc.rsplit('@', 1)[1]}"
    query = "&".join(
        _redacted_parameter(parameter) for parameter in parts.query.split("&")
    ) if parts.query else ""  # fmt: skip
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def url_secrets(url: str | None) -> list[str]:
    """The secrets inside `url` that `redact_url` hides (a password, secret-named query
    values), so that text echoing the URL — a server's error page — can be cleaned too."""
    if not url:
        return []
    try:
        parts = urlsplit(url)
    except ValueError:
        return []
    found = [parts.password] if parts.password else []
    for parameter in parts.query.split("&") if parts.query else []:
        name, equals, value = parameter.partition("=")
        if equals and value and _SECRET_PARAMETER.search(name):
            found.append(value)
    return [secret for secret in found if len(secret) >= 4]


def _redacted_parameter(parameter: str) -> str:
    name, equals, value = parameter.partition("=")
    if equals and value and _SECRET_PARAMETER.search(name):
        return f"{name}={REDACTED}"
    return parameter


def _describe(error: ValidationError, origin: Mapping[str, str]) -> str:
    """A short message naming each bad setting; never echoes the value of the key."""
    lines = []
    for problem in error.errors():
        field = str(problem["loc"][0]) if problem["loc"] else "?"
        where = origin.get(field, field)
        where = field if where == field else f"{field} (from ${where})"
        shown = "" if field == "api_key" else f" (got {problem.get('input')!r})"
        shown = "" if shown.strip() in problem["msg"] else shown  # a validator may name it
        lines.append(f"{where}: {problem['msg']}{shown}")
    return "Invalid LLM settings:\n  " + "\n  ".join(lines)
