"""The log: configured once when `smallville` starts (`configure_logging`), a rotating file
in the user's log folder, and warnings on stderr as before. Nothing secret reaches either:
`RedactSecrets` blanks API keys (the environment's, and any `remember_secret` was told of),
passwords in URLs (`http://user:secret@host`), bearer tokens and `api_key=` parameters.

The folder is `$SMALLVILLE_LOG_DIR` when set, else `logs/` in `$SMALLVILLE_DATA_DIR` when
that is set (tests, CI), else platformdirs' user log directory; the level is `--log-level`,
else `$SMALLVILLE_LOG_LEVEL`, else INFO.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

import platformdirs

from game.files.paths import APP_NAME, DATA_DIR_VARIABLE

LOG_DIR_VARIABLE = "SMALLVILLE_LOG_DIR"
LOG_LEVEL_VARIABLE = "SMALLVILLE_LOG_LEVEL"
LOG_FILE_NAME = "smallville.log"
LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
DEFAULT_LEVEL = "INFO"
MAX_BYTES = 2 * 1024 * 1024
BACKUPS = 3
REDACTED = "[redacted]"
FILE_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(threadName)s] %(message)s"

# environment variables whose values are secrets (OPENAI_API_KEY, a route's api_key_env …)
# (the name ends so — not TOKENIZERS_PARALLELISM — and the value is long enough to be one)
_SECRET_NAME = re.compile(
    r"(?:^|_)(?:API_?KEY|KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?)$", re.IGNORECASE
)
SECRET_MIN_LENGTH = 8
_PATTERNS = (
    # credentials in a URL: scheme://user:password@host, scheme://token@host
    (re.compile(r"(?P<keep>[a-zA-Z][a-zA-Z0-9+.-]*://)[^\s/@]+@"), rf"\g<keep>{REDACTED}@"),
    (re.compile(r"(?P<keep>\bBearer\s+)[^\s\"',]+", re.IGNORECASE), rf"\g<keep>{REDACTED}"),
    (
        re.compile(r"(?P<keep>\b(?:api[_-]?key|access[_-]?token|token|password)=)[^&\s\"',]+"),
        rf"\g<keep>{REDACTED}",
    ),
    (re.compile(r"\bsk-[A-Za-z0-9_-]{8,}"), REDACTED),  # OpenAI-style keys, wherever they are
)
FILE_ONLY = {"file_only": True}  # `extra=` for a record stderr must not show (a traceback)
_remembered: set[str] = set()
_handlers: list[logging.Handler] = []
_level_before: list[int] = []  # the root logger's level before the first set-up


class LogSetupError(ValueError):
    """A log level that is none of LEVELS (one line, naming where it came from)."""


def remember_secret(value: str | None) -> None:
    """Never log `value` (an API key the player typed, say)."""
    if value and len(value.strip()) >= 4:
        _remembered.add(value.strip())


def secret_values(environ: Mapping[str, str] = os.environ) -> set[str]:
    """The secrets to blank: the remembered ones and the environment's keys and tokens."""
    found = {
        value.strip()
        for name, value in environ.items()
        if _SECRET_NAME.search(name) and len(value.strip()) >= SECRET_MIN_LENGTH
    }
    return found | _remembered


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """`text` with every secret value and every credential pattern blanked."""
    for secret in sorted(secrets, key=len, reverse=True):
        text = text.replace(secret, REDACTED)
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


class RedactSecrets(logging.Filter):
    """Renders each record's message (and traceback) once, with the secrets blanked."""

    def filter(self, record: logging.LogRecord) -> bool:
        secrets = secret_values()
        record.msg = redact(record.getMessage(), secrets)
        record.args = None
        if record.exc_info:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info), secrets)
            record.exc_info = None
        if record.stack_info:
            record.stack_info = redact(record.stack_info, secrets)
        return True


class _StderrHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever `sys.stderr` is now (tests and tools swap it)."""

    def emit(self, record: logging.LogRecord) -> None:
        self.stream = sys.stderr
        super().emit(record)


def log_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """Where the log file goes (not created here)."""
    override = environ.get(LOG_DIR_VARIABLE, "").strip()
    if override:
        return Path(override)
    data = environ.get(DATA_DIR_VARIABLE, "").strip()
    if data:
        return Path(data) / "logs"
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def log_file(environ: Mapping[str, str] = os.environ) -> Path:
    return log_dir(environ) / LOG_FILE_NAME


def log_level(flag: str | None, environ: Mapping[str, str] = os.environ) -> int:
    """The level from `--log-level`, else `$SMALLVILLE_LOG_LEVEL`, else INFO."""
    where, name = "--log-level", flag
    if not name:
        where, name = f"${LOG_LEVEL_VARIABLE}", environ.get(LOG_LEVEL_VARIABLE, "").strip()
    name = (name or DEFAULT_LEVEL).upper()
    if name not in LEVELS:
        raise LogSetupError(f"{where}: {name.lower()!r} is none of {', '.join(LEVELS).lower()}")
    level: int = getattr(logging, name)
    return level


def configure_logging(level: int = logging.INFO, folder: Path | None = None) -> Path | None:
    """The rotating file (and warnings on stderr) on the root logger, replacing those a
    previous call set; the file's path, or None when its folder cannot be written (the
    game runs on, logging to stderr only)."""
    close_logging()
    root = logging.getLogger()
    _level_before.append(root.level)
    console = _StderrHandler()
    console.setLevel(logging.WARNING)  # what Python printed before any set-up: warnings up
    console.addFilter(lambda record: not getattr(record, "file_only", False))
    _handlers.append(console)
    path = (folder or log_dir()) / LOG_FILE_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        rotating = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
        )
    except OSError:
        rotating = None
    if rotating is not None:
        rotating.setFormatter(logging.Formatter(FILE_FORMAT))
        rotating.setLevel(level)
        _handlers.append(rotating)
    for handler in _handlers:
        handler.addFilter(RedactSecrets())
        root.addHandler(handler)
    root.setLevel(level)
    return path if rotating is not None else None


def close_logging() -> None:
    """Take away what `configure_logging` set (the file closed, the level as it was)."""
    root = logging.getLogger()
    for handler in _handlers:
        root.removeHandler(handler)
        handler.close()
    _handlers.clear()
    if _level_before:
        root.setLevel(_level_before.pop())


def current_log_file() -> Path | None:
    """The file `configure_logging` writes to, if it was called and could open one."""
    for handler in _handlers:
        if isinstance(handler, logging.handlers.RotatingFileHandler):
            return Path(handler.baseFilename)
    return None
