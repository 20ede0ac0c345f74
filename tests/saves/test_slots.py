"""Save slots on disk: write, read, keep the previous save, refuse broken ones clearly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from town_saves import fake_memory, memory_text, rich_save

from game.saves import SaveError, SaveSlots, check_slot_name, default_saves_root


@pytest.fixture
def slots() -> SaveSlots:
    return SaveSlots()


def test_the_default_root_follows_smallville_data_dir(data_dir: Path) -> None:
    assert default_saves_root() == data_dir / "saves"
    assert SaveSlots().root == data_dir / "saves"


def test_the_default_root_is_the_user_data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SMALLVILLE_DATA_DIR")
    root = default_saves_root()
    assert root.name == "saves" and "smallville" in str(root).lower()


def test_a_written_slot_reads_back_exactly(slots: SaveSlots) -> None:
    save = rich_save()
    directory = slots.write("My town", save, fake_memory("mem-1"))
    assert directory == slots.root / "My town"
    assert sorted(path.name for path in directory.iterdir()) == ["memory", "town.json"]
    loaded = slots.read("My town")
    assert loaded.save == save
    assert loaded.memory_dir == directory / "memory"
    assert memory_text(loaded.memory_dir) == "mem-1"
    assert loaded.warnings == ()
    assert not any(path.name.startswith(".") for path in slots.root.iterdir())


def test_the_previous_save_is_kept_and_replaced_by_the_next(slots: SaveSlots) -> None:
    first, second, third = (rich_save(hour=h, note=n) for h, n in ((8, "a"), (9, "b"), (10, "c")))
    slots.write("slot", first, fake_memory("one"))
    slots.write("slot", second, fake_memory("two"))
    assert slots.read("slot").save == second
    previous = slots.read("slot", previous=True)
    assert previous.save == first
    assert memory_text(previous.memory_dir) == "one"

    slots.write("slot", third, fake_memory("three"))
    assert slots.read("slot").save == third
    assert slots.read("slot", previous=True).save == second
    names = sorted(path.name for path in slots.root.iterdir())
    assert names == ["slot", "slot.previous"]


def test_a_failing_memory_writer_leaves_the_old_slot(slots: SaveSlots) -> None:
    slots.write("slot", rich_save(note="old"), fake_memory("old"))

    def broken(directory: Path) -> None:
        (directory / "half").write_text("x")
        raise RuntimeError("disk on fire")

    with pytest.raises(SaveError, match="writing memories failed: disk on fire"):
        slots.write("slot", rich_save(note="new"), broken)
    assert slots.read("slot").save == rich_save(note="old")
    assert sorted(path.name for path in slots.root.iterdir()) == ["slot"]


def test_a_town_that_would_not_read_back_is_not_written(slots: SaveSlots) -> None:
    save = rich_save()
    save.stats["when"] = object()  # mutated after validation
    with pytest.raises(SaveError, match="Could not save 'x'"):
        slots.write("x", save, fake_memory())
    assert not (slots.root / "x").exists()


def write_raw(slots: SaveSlots, slot: str, text: str | bytes, memory: bool = True) -> Path:
    directory = slots.root / slot
    directory.mkdir(parents=True)
    data = text.encode() if isinstance(text, str) else text
    (directory / "town.json").write_bytes(data)
    if memory:
        (directory / "memory").mkdir()
    return directory


def good_json() -> str:
    return rich_save().model_dump_json(indent=2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", r"is damaged: .*town\.json is not valid JSON \(.* line 1, column 2\)"),
        (good_json()[:300], r"not valid JSON .*truncated or corrupted"),
        ("", r"is damaged: .*empty \(cut off while writing\?\)"),
        (b"\xff\xfe\x00garbage", "not UTF-8 text"),
        ("[1, 2]", "holds a list, not an object"),
        (
            good_json().replace('"format_version": 1', '"format_version": 7'),
            r"made by a newer Smallville \(format 7; this one reads up to 1\)",
        ),
        ('{"town": "the Ville", "map": "maps/the_ville.tmx"}', "no format_version"),
        (
            good_json().replace('"tile": [\n        72,', '"tile": [\n        "far",'),
            r"is not a valid save \(.*\):\n  residents\[0\]\.tile\[0\]: Input should be a valid",
        ),
    ],
    ids=["invalid", "truncated", "empty", "binary", "list", "newer", "bundled", "schema"],
)
def test_broken_town_files_raise_clear_errors(
    slots: SaveSlots, text: str | bytes, message: str
) -> None:
    write_raw(slots, "broken", text)
    with pytest.raises(SaveError, match=message) as raised:
        slots.read("broken")
    assert str(raised.value).startswith("The save 'broken'")


def test_many_schema_problems_are_summarised(slots: SaveSlots) -> None:
    raw = json.loads(good_json())
    raw.update(town="", saved_at="yesterday", game_time=3, map={}, residents=[{}] * 3)
    write_raw(slots, "messy", json.dumps(raw))
    with pytest.raises(SaveError) as raised:
        slots.read("messy")
    lines = str(raised.value).splitlines()
    assert lines[1].startswith("  town: String should have at least 1 character")
    assert len(lines) == 8 and lines[-1].startswith("  … and ")


def test_missing_pieces_raise_clear_errors(slots: SaveSlots) -> None:
    with pytest.raises(SaveError, match=r"There is no save called 'nowhere' in "):
        slots.read("nowhere")
    write_raw(slots, "no memory", good_json(), memory=False)
    with pytest.raises(SaveError, match=r"incomplete: its memory directory .* is missing"):
        slots.read("no memory")
    (slots.root / "no town").mkdir()
    with pytest.raises(SaveError, match=r"incomplete: .*town\.json is missing"):
        slots.read("no town")
    with pytest.raises(SaveError, match="has no previous save"):
        slots.read("no town", previous=True)


@pytest.mark.parametrize(
    "name", ["", " lead", "trail ", "a/b", "..", ".hidden", "x.previous", "é", "a" * 65, "CON"]
)
def test_invalid_slot_names_are_refused(slots: SaveSlots, name: str) -> None:
    with pytest.raises(SaveError, match="cannot name a save"):
        check_slot_name(name)
    with pytest.raises(SaveError, match="cannot name a save"):
        slots.write(name, rich_save(), fake_memory())
    with pytest.raises(SaveError, match="cannot name a save"):
        slots.read(name)


@pytest.mark.parametrize("name", ["a", "autosave", "Day 3 - before the party_2", "x" * 64])
def test_valid_slot_names(name: str) -> None:
    assert check_slot_name(name) == name


def test_list_shows_good_and_broken_slots(slots: SaveSlots) -> None:
    assert slots.list() == []
    slots.write("good", rich_save(), fake_memory())
    slots.write("good", rich_save(hour=11), fake_memory())
    write_raw(slots, "bad", "{oops")
    write_raw(slots, "Newer", good_json().replace('"format_version": 1', '"format_version": 2'))
    (slots.root / "stray.txt").write_text("not a slot")
    listed = {info.name: info for info in slots.list()}
    assert list(listed) == ["bad", "good", "Newer"]
    good = listed["good"]
    assert (good.ok, good.problem, good.has_previous) == (True, None, True)
    assert (good.town, good.residents) == ("the_ville_n3", 3)
    assert good.game_time == rich_save(hour=11).game_time
    assert good.saved_at == rich_save().saved_at
    assert not listed["bad"].ok and "not valid JSON" in (listed["bad"].problem or "")
    assert listed["bad"].town is None and listed["bad"].residents is None
    assert "newer Smallville" in (listed["Newer"].problem or "")


def test_delete_removes_the_slot_and_its_previous(slots: SaveSlots) -> None:
    slots.write("gone", rich_save(), fake_memory())
    slots.write("gone", rich_save(), fake_memory())
    slots.write("kept", rich_save(), fake_memory())
    slots.delete("gone")
    assert [info.name for info in slots.list()] == ["kept"]
    assert sorted(path.name for path in slots.root.iterdir()) == ["kept"]
    with pytest.raises(SaveError, match="no save called 'gone'"):
        slots.delete("gone")


def test_a_changed_or_missing_map_is_a_warning(slots: SaveSlots, tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / "maps").mkdir(parents=True)
    map_file = project / "maps" / "the_ville.tmx"
    map_file.write_text("<map version='1'/>")
    from game.saves import MapRef

    save = rich_save(map=MapRef.for_file(map_file, project))
    slots.write("s", save, fake_memory())
    assert slots.read("s", map_root=project).warnings == ()
    map_file.write_text("<map version='2'/>")
    (warning,) = slots.read("s", map_root=project).warnings
    assert "maps/the_ville.tmx has changed since this town was saved" in warning
    map_file.unlink()
    assert "is missing" in slots.read("s", map_root=project).warnings[0]
    assert slots.read("s").save == save  # the warning never stops the load
