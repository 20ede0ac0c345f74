"""Reading and writing the text of `town.json`, with errors people can act on."""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from pydantic_core import PydanticSerializationError

from game.saves.errors import SaveError
from game.saves.format import TownSave
from game.saves.migrations import migrate
from game.saves.quoting import QUOTE_LIMIT, quoted

__all__ = ["read_town", "serialise", "summarise"]

_MAX_LISTED_PROBLEMS = 6
MAX_TOWN_BYTES = 256 * 1024 * 1024  # a 25-resident town after weeks is a few MB


def serialise(save: TownSave, name: str) -> str:
    """The JSON text of `save`, checked to read back as exactly `save`."""
    try:
        text = save.model_dump_json(indent=2)
        again = TownSave.model_validate_json(text)
    except PydanticSerializationError as exc:
        raise SaveError(f"Could not save {name!r}: the town holds non-JSON data: {exc}") from exc
    except ValidationError as exc:
        raise SaveError(
            f"Could not save {name!r}: the town is not valid:\n{summarise(exc)}"
        ) from exc
    if again != save:
        raise SaveError(f"Could not save {name!r}: the town would not read back as written.")
    return text + "\n"


def read_town(path: Path, label: str) -> TownSave:
    """The validated, migrated save in `path`; `SaveError` starting with `label` otherwise."""
    raw = _parse(_read_bytes(path, label), path, label)
    try:
        raw = migrate(raw)
    except SaveError as exc:
        raise SaveError(f"{label} cannot be loaded: {exc}.") from None
    try:
        return TownSave.model_validate(raw)
    except ValidationError as exc:
        raise SaveError(f"{label} is not a valid save ({path}):\n{summarise(exc)}") from None
    except RecursionError:
        raise SaveError(f"{label} is damaged: {path} is nested too deep to read.") from None


def _read_bytes(path: Path, label: str) -> bytes:
    """The file's bytes — only from a regular file of a sane size (a FIFO, a device or a
    link to /dev/zero would never finish reading)."""
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            raise SaveError(f"{label} is damaged: {path} is not a regular file.")
        if status.st_size > MAX_TOWN_BYTES:
            raise SaveError(
                f"{label} is damaged: {path} is {status.st_size} bytes, more than any town needs."
            )
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{label} is incomplete: {path} is missing.") from None
    except OSError as exc:
        raise SaveError(f"{label} cannot be read: {exc.strerror} ({path}).") from None
    if not data.strip():
        raise SaveError(f"{label} is damaged: {path} is empty (cut off while writing?).")
    return data


def _parse(data: bytes, path: Path, label: str) -> dict[str, Any]:
    try:
        raw: Any = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{label} is damaged: {path} is not UTF-8 text.") from None
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"{label} is damaged: {path} is not valid JSON ({exc.msg} at line {exc.lineno}, "
            f"column {exc.colno}); it may be truncated or corrupted."
        ) from None
    except ValueError:  # Python refuses integers of more than 4300 digits
        raise SaveError(f"{label} is damaged: {path} holds a number too long to read.") from None
    except RecursionError:
        raise SaveError(f"{label} is damaged: {path} is nested too deep to read.") from None
    if not isinstance(raw, dict):
        raise SaveError(f"{label} is damaged: {path} holds a {type(raw).__name__}, not an object.")
    return raw


def _location_part(part: int | str) -> str:
    if isinstance(part, int):
        return f"[{part}]"
    return f".{part}" if len(part) <= QUOTE_LIMIT else f".{quoted(part)}"  # a key of 100 KB


def summarise(error: ValidationError) -> str:
    """Pydantic's errors as lines like `residents[2].tile: Input should be a valid tuple`."""
    lines = []
    for problem in error.errors()[:_MAX_LISTED_PROBLEMS]:
        where = "".join(_location_part(part) for part in problem["loc"])
        lines.append(f"  {where.lstrip('.') or '(top)'}: {problem['msg']}")
    if error.error_count() > _MAX_LISTED_PROBLEMS:
        lines.append(f"  … and {error.error_count() - _MAX_LISTED_PROBLEMS} more problems")
    return "\n".join(lines)
