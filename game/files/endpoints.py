"""What the game has learned about each model endpoint: `user_config_dir()/endpoints.json`.

A model server answers structured output in one of four ways (the output ladder: strict
`json_schema`, `json_object` carrying the schema, plain `json_object`, text). "Test
connection" finds out, and so does the first town that runs against a server; the rung found
is remembered here per endpoint (server URL and model), so the next town starts on it
instead of stepping down the ladder again:

    remember_output_mode("http://127.0.0.1:8080/v1", "gemma", "json_object_schema")
    output_mode_for("http://127.0.0.1:8080/v1", "gemma")   # "json_object_schema"

Learned state, not a choice: kept apart from `settings.json`, so saving the settings menu
never overwrites what a connection test learned a moment before. Reading never fails (a
missing, malformed or partly invalid file gives what can be read); writing is atomic and
`remember_output_mode` returns why it could not write instead of raising. Never holds a key.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from game.files.paths import user_config_dir
from game.saves.files import replace_durably

__all__ = [
    "ENDPOINTS_FILE",
    "OUTPUT_RUNGS",
    "endpoint_key",
    "endpoints_path",
    "output_mode_for",
    "remember_output_mode",
]

ENDPOINTS_FILE = "endpoints.json"
# the structured-output rungs, best first (cognition.config.OUTPUT_MODE_NAMES; a test keeps
# the two equal — this room may not import cognition)
OUTPUT_RUNGS = ("json_schema", "json_object_schema", "json_object", "text")
OPENAI_API = "https://api.openai.com/v1"

log = logging.getLogger(__name__)


def endpoints_path() -> Path:
    return user_config_dir() / ENDPOINTS_FILE


def endpoint_key(base_url: str | None, model: str) -> str:
    """One endpoint: where the server is (OpenAI's own API when none) and the model. Only
    the scheme, host, port and path: credentials in the URL (`user:KEY@`, `?api-key=`) are
    no part of an endpoint, and never written to endpoints.json."""
    url = (base_url or OPENAI_API).strip()
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = f":{parts.port}" if parts.port else ""
    except ValueError:  # not a URL: the key names no server at all
        return f"(invalid URL) {model.strip()}"
    location = urlunsplit((parts.scheme, host + port, parts.path.rstrip("/"), "", ""))
    return f"{location} {model.strip()}"


def output_mode_for(base_url: str | None, model: str, path: Path | None = None) -> str | None:
    """The rung remembered for this endpoint, or None (never tested, or unreadable)."""
    entry = _read(path or endpoints_path()).get(endpoint_key(base_url, model))
    if not isinstance(entry, dict):
        return None
    mode = entry.get("output_mode")
    return mode if mode in OUTPUT_RUNGS else None


def remember_output_mode(
    base_url: str | None, model: str, mode: str, path: Path | None = None
) -> str | None:
    """Remember `mode` for the endpoint; None when written (or already known), else why
    not. An unknown rung is refused, and nothing is written."""
    if mode not in OUTPUT_RUNGS:
        return f"{mode!r} is not a structured-output rung ({', '.join(OUTPUT_RUNGS)})"
    path = path or endpoints_path()
    known = _read(path)
    key = endpoint_key(base_url, model)
    entry = known.get(key)
    if isinstance(entry, dict) and entry.get("output_mode") == mode:
        return None
    learned = datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    known[key] = {"output_mode": mode, "learned": learned}
    text = json.dumps(known, indent=2, sort_keys=True) + "\n"
    try:
        replace_durably(path, text)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        return f"Could not remember the server's output mode in {path}: {reason}"
    return None


def _read(path: Path) -> dict[str, Any]:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as error:  # unreadable, not UTF-8, not JSON: start afresh
        log.warning("ignoring %s: %s", path, error)
        return {}
    return raw if isinstance(raw, dict) else {}
