"""The town.json models: exact round trips, strict validation, no secrets, JSON only."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from pydantic import ValidationError
from town_saves import rich_save

from game.saves import FORMAT_VERSION, MapRef, ResidentSave, TownSave, file_sha256, secret_keys


def test_a_rich_save_round_trips_through_json_exactly() -> None:
    save = rich_save()
    text = save.model_dump_json()
    again = TownSave.model_validate_json(text)
    assert again == save
    assert again.residents[0].activity == save.residents[0].activity
    assert again.residents[0].tile == (72, 14)  # a tuple again, not a list
    assert again.model_dump_json() == text
    assert json.loads(text)["format_version"] == FORMAT_VERSION == 1


def test_game_times_are_naive_and_saved_at_is_utc() -> None:
    cest = timezone(timedelta(hours=2))
    save = rich_save(saved_at=datetime(2024, 5, 1, 14, 0, tzinfo=cest))
    assert save.saved_at == datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
    assert save.saved_at.utcoffset() == timedelta(0)
    assert save.game_time.tzinfo is None
    assert json.loads(save.model_dump_json())["saved_at"] == "2024-05-01T12:00:00Z"


@pytest.mark.parametrize(
    ("field", "value", "complaint"),
    [
        ("saved_at", datetime(2024, 5, 1, 12, 0), "timezone"),
        ("game_time", datetime(2023, 2, 13, 9, 0, tzinfo=UTC), "timezone"),
    ],
)
def test_mixed_up_time_zones_are_refused(field: str, value: datetime, complaint: str) -> None:
    with pytest.raises(ValidationError, match=complaint):
        rich_save(**{field: value})


def test_unknown_fields_are_refused_at_every_level() -> None:
    raw = json.loads(rich_save().model_dump_json())
    with pytest.raises(ValidationError, match="Extra inputs"):
        TownSave.model_validate({**raw, "cheat_mode": True})
    raw["residents"][1]["wings"] = 2
    with pytest.raises(ValidationError, match=r"residents\.1\.wings"):
        TownSave.model_validate(raw)


def test_residents_must_be_unique_and_the_visitor_must_control_someone_real() -> None:
    save = rich_save()
    with pytest.raises(ValidationError, match="appear twice: Klaus Mueller"):
        rich_save(residents=[save.residents[1], save.residents[1]])
    visitor = save.visitor.model_copy(update={"controls": "Nobody"}) if save.visitor else None
    with pytest.raises(ValidationError, match="neither 'visitor' nor a resident"):
        rich_save(visitor=visitor)


@pytest.mark.parametrize("path", ["/etc/the_ville.tmx", "../maps/x.tmx", "C:/maps/x.tmx", "a\\b"])
def test_map_paths_must_be_relative(path: str) -> None:
    with pytest.raises(ValidationError, match="must be relative"):
        MapRef(path=path, sha256="0" * 64)


def test_map_ref_for_a_file(tmp_path: Path) -> None:
    map_file = tmp_path / "maps" / "town.tmx"
    map_file.parent.mkdir()
    map_file.write_bytes(b"<map/>")
    ref = MapRef.for_file(map_file, tmp_path)
    assert ref.path == "maps/town.tmx"
    assert ref.sha256 == file_sha256(map_file) and len(ref.sha256) == 64


@pytest.mark.parametrize(
    "settings",
    [
        {"api_key": "sk-live-123"},
        {"openai_api_key": "sk-live-123"},
        {"key": "abc"},
        {"llm": {"token": "xyz"}},
        {"SECRET": "s"},
        {"db-password": "hunter2"},
    ],
)
def test_settings_with_secrets_are_refused(settings: dict[str, object]) -> None:
    with pytest.raises(ValidationError, match="look like secrets") as raised:
        rich_save(settings=settings)
    assert "sk-live" not in str(raised.value)  # the error never echoes the secret


def test_public_settings_and_empty_secret_fields_are_fine() -> None:
    public = {
        "api_key_set": True,
        "api_key": None,
        "token": "",
        "budget_tokens": 5000,
        "prompt_usd_per_million_tokens": 0.15,
        "keyboard": "qwerty",
    }
    assert rich_save(settings=public).settings == public
    assert secret_keys({"a": {"password": "p"}, "b": 1}) == ["a.password"]


def test_free_form_parts_must_be_json_like() -> None:
    with pytest.raises(ValidationError, match=r"mind\n.*when is a datetime, not JSON-like"):
        ResidentSave(name="A", tile=(1, 1), mind={"when": datetime(2023, 1, 1)})
    with pytest.raises(ValidationError, match="JSON cannot hold"):
        rich_save(stats={"ratio": float("nan")})
    with pytest.raises(ValidationError, match="non-string key"):
        rich_save(stats={1: "one"})
    assert rich_save(stats={"pair": (1, 2)}).stats == {"pair": [1, 2]}


def test_the_resident_lookup() -> None:
    save = rich_save()
    assert save.resident("Maria Lopez").tile == (0, 0)
    with pytest.raises(KeyError):
        save.resident("Nobody")
