"""The versioned `town.json` of a save slot, as pydantic models. JSON only, never pickle.

Times: game times (`game_time`, activity times) are naive — the town's clock has no time zone;
`saved_at` is the real moment of saving, timezone-aware and normalised to UTC. Tiles are
`[x, y]` in JSON and `(x, y)` in Python. The free-form parts (`clock`, `mind`,
`spatial_memory`, `object_states`, `settings`, `stats`) are whatever the owners' `get_state()`
return; they must be JSON-like (dict with string keys, list, str, int, finite float, bool,
None — tuples become lists) so that a save reads back exactly as it was written.
`settings` must hold no secret: see `secret_keys`.
"""

from __future__ import annotations

import hashlib
import math
import re
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    NaiveDatetime,
    NonNegativeInt,
    field_validator,
    model_validator,
)

from game.saves.quoting import quoted

__all__ = [
    "FORMAT_VERSION",
    "ActivitySave",
    "Facing",
    "MapRef",
    "ResidentSave",
    "Tile",
    "TownSave",
    "VisitorSave",
    "file_sha256",
    "secret_keys",
]

FORMAT_VERSION = 1
"""The format this Smallville writes and the newest it reads."""

Tile = tuple[NonNegativeInt, NonNegativeInt]
Facing = Literal["down", "left", "right", "up"]  # `game.town.Facing` names, lowercased

SECRET_WORDS = frozenset({"api_key", "apikey", "key", "token", "secret", "password", "passwd"})


def _json_like(value: Any, where: str = "") -> Any:
    """`value` with tuples turned into lists; ValueError naming the first non-JSON part."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{where or 'value'} is {value}, which JSON cannot hold")
        return value
    if isinstance(value, list | tuple):
        return [_json_like(item, f"{where}[{index}]") for index, item in enumerate(value)]
    if isinstance(value, dict):
        converted: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise ValueError(f"{where or 'dict'} has a non-string key {quoted(key)}")
            converted[key] = _json_like(item, f"{where}.{key}" if where else key)
        return converted
    raise ValueError(
        f"{where or 'value'} is a {type(value).__name__}, not JSON-like data "
        "(use get_state() values: dict, list, str, int, float, bool, None)"
    )


JsonDict = Annotated[dict[str, Any], BeforeValidator(_json_like)]


def _looks_secret(key: str) -> bool:
    words = [word for word in re.split(r"[^a-z0-9]+", key.lower()) if word]
    if not words:
        return False
    return words[-1] in SECRET_WORDS or "_".join(words[-2:]) in SECRET_WORDS


def _is_empty(value: Any) -> bool:
    return value is None or value is False or value in ("", [], {})


def secret_keys(settings: dict[str, Any], where: str = "") -> list[str]:
    """Dotted paths of keys in `settings` (nested too) that look like a secret — named like
    "api_key", "key", "token", "secret", "password" (or ending so: "openai_api_key") — and hold
    a non-empty value. `api_key_set: true` is fine; `api_key: "sk-…"` is not."""
    found: list[str] = []
    for key, value in settings.items():
        path = f"{where}.{key}" if where else key
        if isinstance(value, dict):
            found += secret_keys(value, path)
        elif _looks_secret(key) and not _is_empty(value):
            found.append(path)
    return found


def _no_secrets(settings: dict[str, Any]) -> dict[str, Any]:
    found = secret_keys(settings)
    if found:
        raise ValueError(
            "settings must hold public configuration only, but these look like secrets: "
            + ", ".join(found)
            + " (use LLMSettings.to_public_dict())"
        )
    return settings


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", hide_input_in_errors=True)  # no secret in logs


class MapRef(_Strict):
    """Which map the town was saved on: a relative POSIX path and the file's sha256."""

    path: str = Field(min_length=1)
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")

    @field_validator("path")
    @classmethod
    def _relative(cls, path: str) -> str:
        pure = PurePosixPath(path)
        if "\\" in path or pure.is_absolute() or ".." in pure.parts or re.match(r"^\w:", path):
            raise ValueError(f"map path {quoted(path)} must be relative, with / and no ..")
        return path

    @classmethod
    def for_file(cls, path: Path, root: Path) -> MapRef:
        """The reference to the map file `path`, relative to `root` (the project or bundle)."""
        relative = Path(path).resolve().relative_to(Path(root).resolve())
        return cls(path=relative.as_posix(), sha256=file_sha256(path))


class ActivitySave(_Strict):
    """What a resident was doing (`game.town.Activity` plus the mind's address and end)."""

    description: str
    emoji: str
    destination: Tile | None = None
    address: list[str] | None = Field(default=None, min_length=1, max_length=3)  # levels()
    pose: str = Field(default="idle", pattern=r"^[a-z_]+$")  # a `game.town.Pose` value
    started: NaiveDatetime | None = None
    ends_at: NaiveDatetime | None = None
    key: str = ""
    rest_at: Tile | None = None


class ResidentSave(_Strict):
    """One resident: body (tile, facing, activity) and mind (`Agent.get_state()`)."""

    name: str = Field(min_length=1)
    tile: Tile
    facing: Facing = "down"
    activity: ActivitySave | None = None
    mind: JsonDict = Field(default_factory=dict)
    spatial_memory: JsonDict = Field(default_factory=dict)
    relationships: JsonDict = Field(default_factory=dict)


class VisitorSave(_Strict):
    """The player's visitor; `controls` is "visitor" or the name of the resident taken over."""

    name: str = Field(min_length=1)
    description: str = ""
    tile: Tile
    facing: Facing = "down"
    controls: str = "visitor"


class TownSave(_Strict):
    """Everything in `town.json`. Validation is strict: unknown fields are refused."""

    format_version: int = FORMAT_VERSION
    town: str = Field(min_length=1)  # bundled town id, e.g. "the_ville_n25"
    saved_at: Annotated[AwareDatetime, AfterValidator(_utc)]
    game_time: NaiveDatetime
    map: MapRef
    clock: JsonDict = Field(default_factory=dict)  # GameClock.get_state()
    residents: list[ResidentSave] = Field(default_factory=list)
    object_states: JsonDict = Field(default_factory=dict)  # ObjectStates.get_state()
    visitor: VisitorSave | None = None
    settings: Annotated[JsonDict, AfterValidator(_no_secrets)] = Field(default_factory=dict)
    stats: JsonDict = Field(default_factory=dict)
    runtime: JsonDict = Field(default_factory=dict)  # the bridge's in-flight bookkeeping

    @field_validator("format_version")
    @classmethod
    def _known_version(cls, version: int) -> int:
        if version != FORMAT_VERSION:
            raise ValueError(f"this Smallville writes and reads format {FORMAT_VERSION} only")
        return version

    @model_validator(mode="after")
    def _consistent(self) -> TownSave:
        names = [resident.name for resident in self.residents]
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:
            raise ValueError(f"residents appear twice: {', '.join(twice)}")
        if self.visitor and self.visitor.controls not in ("visitor", *names):
            raise ValueError(
                f"visitor controls {quoted(self.visitor.controls)}, "
                "which is neither 'visitor' nor a resident"
            )
        return self

    def resident(self, name: str) -> ResidentSave:
        """The resident called `name` (KeyError when absent)."""
        for resident in self.residents:
            if resident.name == name:
                return resident
        raise KeyError(name)


def file_sha256(path: Path) -> str:
    """Hex sha256 of a file's bytes, read in chunks."""
    digest = hashlib.sha256()
    with Path(path).open("rb") as stream:
        for chunk in iter(lambda: stream.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()
