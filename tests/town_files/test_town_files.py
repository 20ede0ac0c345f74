"""A town's files read, checked against the map, edited and written (game.town_files)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from game.bridge import TownFile
from game.files.paths import bundled
from game.town_files import (
    TownEditor,
    TownFileError,
    list_towns,
    place_residents,
    read_town_files,
    schema_texts,
)
from game.world.address import Address

N3 = bundled("saves/the_ville_n3")
ROOT = Path(__file__).resolve().parents[2]


def copy_of_n3(tmp_path: Path, **edits: Any) -> Path:
    """The 3-resident town in a folder of its own; `edits`: file name (without .json) →
    a function changing its data."""
    folder = tmp_path / "town"
    shutil.copytree(N3, folder)
    data = json.loads((folder / "town.json").read_text(encoding="utf-8"))
    data["map"] = str(bundled("maps/the_ville.tmx"))
    (folder / "town.json").write_text(json.dumps(data), encoding="utf-8")
    for name, change in edits.items():
        path = folder / f"{name}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(json.dumps(data), encoding="utf-8")
    return folder


def problems_of(folder: Path) -> str:
    with pytest.raises(TownFileError) as caught:
        read_town_files(folder)
    return str(caught.value)


def test_the_bundled_towns_read_and_check() -> None:
    for town in ("the_ville_n25", "the_ville_open_mic", "the_ville_n3"):
        files = read_town_files(town)
        assert files.residents() and files.scenario is not None


def test_a_persona_with_an_unknown_key_names_file_entry_and_key(tmp_path: Path) -> None:
    def typo(data: dict[str, Any]) -> None:
        data["personas"][1]["hobbys"] = "chess"

    message = problems_of(copy_of_n3(tmp_path, personas=typo))
    assert "personas.json: personas[1] (Klaus Mueller).hobbys: unknown key" in message


def test_duplicate_names_and_a_wake_hour_of_27_are_named(tmp_path: Path) -> None:
    def twice(data: dict[str, Any]) -> None:
        data["personas"][2]["name"] = "Klaus Mueller"
        data["personas"][2]["relationships"] = {}

    def late(data: dict[str, Any]) -> None:
        data["personas"][0]["routine"]["wake_hour"] = 27

    message = problems_of(copy_of_n3(tmp_path / "a", personas=twice))
    assert "personas.json: the name Klaus Mueller is used twice" in message
    message = problems_of(copy_of_n3(tmp_path / "b", personas=late))
    assert "personas[0] (Isabella Rodriguez).routine.wake_hour" in message
    assert "(got 27)" in message


def test_a_home_not_on_the_map_is_named_with_a_hint(tmp_path: Path) -> None:
    def elsewhere(data: dict[str, Any]) -> None:
        data["personas"][0]["work_sector"] = "Hobs Cafe"
        data["personas"][1]["home_arena"] = "attic"

    message = problems_of(copy_of_n3(tmp_path, personas=elsewhere))
    assert "(Isabella Rodriguez).work_sector: 'Hobs Cafe' is not a place on the map" in message
    assert "did you mean 'Hobbs Cafe'?" in message
    assert "(Klaus Mueller).home_arena: Dorm for Oak Hill College has no 'attic'" in message


def test_a_scenario_in_the_past_is_refused(tmp_path: Path) -> None:
    def later(data: dict[str, Any]) -> None:
        data["start"] = "2023-02-20T07:00:00"
        data["run_until"] = "2023-02-21T00:00:00"

    message = problems_of(copy_of_n3(tmp_path, scenario=later))
    assert "scenario.json: news[0] (party)" in message
    assert "before the town starts" in message


def test_a_listed_resident_without_an_entry_is_named(tmp_path: Path) -> None:
    def more(data: dict[str, Any]) -> None:
        data["residents"].append("Ada Quill")

    message = problems_of(copy_of_n3(tmp_path, town=more))
    assert "town.json: residents[3]: 'Ada Quill' has no entry in personas.json" in message


def test_a_resident_without_a_spawn_starts_at_home(tmp_path: Path) -> None:
    editor = TownEditor.open(copy_of_n3(tmp_path))
    ada = editor.blank_resident() | {
        "name": "Ada Quill",
        "learned": "Ada Quill paints murals.",
        "currently": "Ada Quill is painting the cafe's wall.",
        "lifestyle": "Ada Quill works late.",
        "home_sector": "Moreno family's house",
        "home_arena": "common room",
    }
    assert editor.put_resident(ada) == []
    editor.save()
    town = TownFile.load(editor.directory)
    assert "Ada Quill" in town.residents
    files = town.files
    assert files is not None and files.town_map is not None
    home_address = Address("Moreno family's house", "common room")
    placed, unplaced = place_residents(files.town_map, [("Ada Quill", home_address, home_address)])
    assert unplaced == []
    home = files.town_map.tree.arena(Address("Moreno family's house", "common room"))
    assert home.rect.contains(placed["Ada Quill"].tile)


def test_the_editor_names_every_problem_and_changes_nothing(tmp_path: Path) -> None:
    editor = TownEditor.open(copy_of_n3(tmp_path))
    bad = editor.blank_resident() | {
        "name": "Bo",
        "routine": {"wake_hour": 27, "sleep_hour": 23, "work_start_hour": 9, "work_end_hour": 17},
        "work_sector": "Moon Base",
        "relationships": {"Nobody Here": "an old friend", "": "someone"},
    }
    problems = editor.put_resident(bad)
    assert any(p.startswith("routine.wake_hour:") and "27" in p for p in problems)
    assert "work_sector: 'Moon Base' is not a place on the map" in problems
    assert "relationships: 'Nobody Here' does not live in this town" in problems
    assert "relationships: a relationship to nobody (no name given)" in problems
    assert editor.town_json.residents == ["Isabella Rodriguez", "Klaus Mueller", "Maria Lopez"]
    assert not editor.dirty


def test_rename_and_remove_keep_relationships_and_scenario_true(tmp_path: Path) -> None:
    editor = TownEditor.open(copy_of_n3(tmp_path))
    isabella = editor.residents()[0]
    assert editor.put_resident(isabella | {"name": "Isa Rodriguez"}, "Isabella Rodriguez") == []
    maria = next(r for r in editor.residents() if r["name"] == "Maria Lopez")
    assert "Isa Rodriguez" in maria["relationships"]
    assert editor.intentions()[0]["host"] == "Isa Rodriguez"
    assert editor.remove_resident("Isa Rodriguez") == []
    assert editor.intentions() == []  # the party's host left town: the party goes too
    maria = next(r for r in editor.residents() if r["name"] == "Maria Lopez")
    assert "Isa Rodriguez" not in maria["relationships"]


def test_an_intention_is_seeded_as_a_first_memory(tmp_path: Path) -> None:
    editor = TownEditor.open(copy_of_n3(tmp_path))
    problems = editor.put_intention(
        {
            "host": "Klaus Mueller",
            "what": "a reading group",
            "place": "Oak Hill College",
            "starts": "2023-02-16T16:00:00",
            "ends": "2023-02-16T17:00:00",
            "known_by": ["Maria Lopez"],
        }
    )
    assert problems == []
    editor.save()
    saved = json.loads((editor.directory / "scenario.json").read_text(encoding="utf-8"))
    item = saved["news"][-1]
    assert item["id"] == "reading-group" and "text" not in item  # it follows from host/what
    personas = {p.name: p for p in TownFile.load(editor.directory).personas()}
    sentence = (
        "Klaus Mueller is planning a reading group at Oak Hill College on February 16 "
        "from 4 to 5 pm."
    )
    assert sentence in personas["Klaus Mueller"].initial_memories()
    assert sentence in personas["Maria Lopez"].initial_memories()
    assert sentence not in personas["Isabella Rodriguez"].initial_memories()
    # the paper's party: Isabella's persona carries it already, so it is not told twice
    party = read_town_files(editor.directory).scenario.item("party").text  # type: ignore[union-attr]
    assert party not in personas["Isabella Rodriguez"].initial_memories()


def test_an_intention_in_the_past_or_nowhere_is_refused(tmp_path: Path) -> None:
    editor = TownEditor.open(copy_of_n3(tmp_path))
    base = {
        "host": "Klaus Mueller",
        "what": "a reading group",
        "place": "Oak Hill College",
        "starts": "2023-02-10T16:00:00",
        "ends": "2023-02-10T17:00:00",
    }
    assert any("before the town starts" in p for p in editor.put_intention(base))
    elsewhere = base | {"place": "Moon Base", "starts": "2023-02-16T16:00:00"}
    elsewhere["ends"] = "2023-02-16T17:00:00"
    assert any(
        "'Moon Base' is not a place on the map" in p for p in editor.put_intention(elsewhere)
    )
    assert [i["id"] for i in editor.intentions()] == ["party"]


def test_a_bundled_town_is_saved_as_a_user_town(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    before = (N3 / "personas.json").read_bytes()
    editor = TownEditor.open("the_ville_n3")
    assert editor.bundled
    assert editor.remove_resident("Maria Lopez") == []
    with pytest.raises(TownFileError, match="give the new town a name"):
        editor.save()
    entry = editor.save("Two of Us")
    assert (N3 / "personas.json").read_bytes() == before  # the bundle is never written
    assert Path(entry.id) == tmp_path / "data" / "towns" / "two_of_us"
    assert entry.residents == ("Isabella Rodriguez", "Klaus Mueller") and not entry.bundled
    listed = list_towns()
    assert [t.id for t in listed[:3]] == ["the_ville_n25", "the_ville_open_mic", "the_ville_n3"]
    assert listed[-1].label == "Two of Us (2 residents)"
    with pytest.raises(TownFileError, match="a town called 'Two of Us' exists"):
        TownEditor.open("the_ville_n3").save("Two of Us")


def test_saving_again_keeps_a_backup_and_a_failed_save_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = copy_of_n3(tmp_path)
    original = (folder / "personas.json").read_text(encoding="utf-8")
    editor = TownEditor.open(folder)
    assert editor.remove_resident("Maria Lopez") == []
    real_replace = os.replace
    calls: list[str] = []

    def failing(source: Any, target: Any) -> None:
        calls.append(str(target))
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", failing)
    with pytest.raises(TownFileError, match="nothing was saved"):
        editor.save()
    assert (folder / "personas.json").read_text(encoding="utf-8") == original
    assert json.loads((folder / "town.json").read_text(encoding="utf-8"))["residents"][2] == (
        "Maria Lopez"
    )
    assert not list(folder.glob(".*.new"))
    monkeypatch.setattr(os, "replace", real_replace)
    editor.save()
    backups = list((folder / "backups").glob("*/personas.json"))
    assert any(b.read_text(encoding="utf-8") == original for b in backups)
    assert "Maria Lopez" not in TownFile.load(folder).residents


def test_the_published_schemas_match_the_models() -> None:
    for name, text in schema_texts().items():
        published = ROOT / "docs" / "schemas" / name
        assert published.is_file(), "run: uv run python -m game.town_files.schema docs/schemas"
        assert published.read_text(encoding="utf-8") == text, f"{name} is stale: regenerate it"


def test_the_bundled_files_validate_against_the_schemas() -> None:
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is not installed")
    schemas = {name: json.loads(text) for name, text in schema_texts().items()}
    for town in ("the_ville_n25", "the_ville_open_mic", "the_ville_n3"):
        for file, schema in (
            ("town.json", "town.schema.json"),
            ("personas.json", "personas.schema.json"),
            ("scenario.json", "scenario.schema.json"),
        ):
            data = json.loads((bundled("saves") / town / file).read_text(encoding="utf-8"))
            jsonschema.validate(data, schemas[schema])
