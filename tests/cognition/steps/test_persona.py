"""Personas load from the bundled towns; malformed files give clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cognition.persona import PersonaFileError, Routine, load_personas

SAVES = Path(__file__).resolve().parents[3] / "saves"


def test_the_bundled_towns_load() -> None:
    everyone = load_personas(SAVES / "the_ville_n25" / "personas.json")
    assert len(everyone) == 25
    trio = load_personas(SAVES / "the_ville_n3" / "personas.json")
    assert [p.name for p in trio] == ["Isabella Rodriguez", "Klaus Mueller", "Maria Lopez"]
    manifest = json.loads((SAVES / "the_ville_n25" / "town.json").read_text(encoding="utf-8"))
    assert manifest["residents"] == [p.name for p in everyone]


def test_the_scenario_seeds_are_there() -> None:
    people = {p.name: p for p in load_personas(SAVES / "the_ville_n25" / "personas.json")}
    isabella = " ".join(people["Isabella Rodriguez"].initial_memories())
    assert "Valentine's Day party at Hobbs Cafe on February 14 from 5 to 7 pm" in isabella
    assert "running for mayor" in " ".join(people["Sam Moore"].initial_memories())
    assert "crush on Klaus Mueller" in " ".join(people["Maria Lopez"].initial_memories())
    knowers = [n for n, p in people.items() if "party" in " ".join(p.initial_memories())]
    assert knowers == ["Isabella Rodriguez"]


def write(tmp_path: Path, content: str) -> Path:
    path = tmp_path / "personas.json"
    path.write_text(content, encoding="utf-8")
    return path


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(PersonaFileError, match="no such persona file"):
        load_personas(tmp_path / "nope.json")


def test_broken_json_says_where(tmp_path: Path) -> None:
    with pytest.raises(PersonaFileError, match="line 1, column"):
        load_personas(write(tmp_path, '{"personas": [}'))


def test_invalid_field_names_the_persona(tmp_path: Path) -> None:
    good = load_personas(SAVES / "the_ville_n3" / "personas.json")[0].model_dump(mode="json")
    bad = dict(good, age="old")
    with pytest.raises(PersonaFileError, match=r"personas\[1\] \(Isabella Rodriguez\)\.age"):
        load_personas(write(tmp_path, json.dumps({"personas": [good | {"name": "X"}, bad]})))


def test_duplicates_and_unknown_fields_are_errors(tmp_path: Path) -> None:
    good = load_personas(SAVES / "the_ville_n3" / "personas.json")[0].model_dump(mode="json")
    with pytest.raises(PersonaFileError, match="duplicate persona names"):
        load_personas(write(tmp_path, json.dumps({"personas": [good, good]})))
    with pytest.raises(PersonaFileError, match="hobby"):
        load_personas(write(tmp_path, json.dumps({"personas": [good | {"hobby": "x"}]})))


def test_routine_must_make_sense() -> None:
    with pytest.raises(ValueError, match="sleep_hour"):
        Routine(wake_hour=9, sleep_hour=8)
    with pytest.raises(ValueError, match="between waking and sleeping"):
        Routine(wake_hour=9, sleep_hour=22, work_start_hour=8, work_end_hour=17)
