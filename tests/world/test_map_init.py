"""`smallville map-init`: someone else's map gets the empty layers and the world property
(everything else kept, a backup first), a guide, and map-check's list of what is left."""

from __future__ import annotations

import shutil
from pathlib import Path
from xml.etree import ElementTree

import pytest
from townmaker import TownSpec

from game.cli import main
from game.world.map_check import check_map
from game.world.tmx.init import default_world_name, init_map
from game.world.tmx.loader import MapError

FOREST = Path(__file__).parent / "fixtures" / "forest_camp"
LAYER_TAGS = ("layer", "objectgroup")
ADDED_LAYERS = ["walls", "furniture", "overhead", "collision", "areas", "objects", "spawns"]


@pytest.fixture
def forest(tmp_path: Path) -> Path:
    """A copy of a small map made elsewhere: tile layers 'Terrain' and 'Trees', an object
    layer 'Markers', an embedded tileset, a map property 'author'."""
    shutil.copytree(FOREST, tmp_path / "forest_camp")
    return tmp_path / "forest_camp" / "forest_camp.tmx"


def layer_names(path: Path) -> list[tuple[str, str]]:
    root = ElementTree.parse(path).getroot()
    return [(layer.tag, layer.get("name", "")) for layer in root if layer.tag in LAYER_TAGS]


def test_map_check_lists_everything_a_foreign_map_lacks(
    forest: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["map-check", str(forest)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{forest}: the map cannot be used (9 problems):"
    missing = [line for line in lines if line.startswith("  - missing")]
    assert [line.split("'")[1] for line in missing] == [
        "ground",
        "walls",
        "furniture",
        "overhead",
        "collision",
        "areas",
        "objects",
        "spawns",
    ]
    assert any("map property 'world' is missing" in line for line in lines)
    assert lines[-1].startswith(f"`smallville map-init {forest}`")


def test_init_adds_the_layers_and_keeps_everything_else(forest: Path) -> None:
    original = forest.read_bytes()
    before = ElementTree.fromstring(original)
    result = init_map(forest)
    assert result.written and result.backup == forest.with_name("forest_camp.tmx.bak")
    assert result.backup.read_bytes() == original
    assert result.world == "forest camp"
    assert [item.split("'")[1] for item in result.added] == [*ADDED_LAYERS, "world"]
    assert result.other_tile_layers == ["Terrain", "Trees"]
    assert any("rename the layer holding your grass" in note for note in result.notes)

    after = ElementTree.parse(forest).getroot()
    assert layer_names(forest) == [
        ("layer", "Terrain"),
        ("layer", "Trees"),
        ("objectgroup", "Markers"),
        *(("layer", name) for name in ADDED_LAYERS[:4]),
        *(("objectgroup", name) for name in ADDED_LAYERS[4:]),
    ]
    kept = ("tileset", "layer[@name='Terrain']", "layer[@name='Trees']", "objectgroup")
    for path in kept:
        old, new = before.find(path), after.find(path)
        assert old is not None and new is not None
        assert ElementTree.tostring(old).strip() == ElementTree.tostring(new).strip(), path
    properties = {p.get("name"): p.get("value") for p in after.iter("property")}
    assert properties == {"author": "someone else", "world": "forest camp", "lit": "true"}
    ids = [int(layer.get("id", "0")) for layer in after if layer.tag in ("layer", "objectgroup")]
    assert ids == list(range(1, 11)) and after.get("nextlayerid") == "11"
    collision = after.find("layer[@name='collision']/data")
    assert collision is not None and collision.text is not None
    assert collision.text.split() == [",".join(["0"] * 20) + ","] * 11 + [",".join(["0"] * 20)]


def test_map_check_after_init_says_what_is_left(
    forest: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["map-init", str(forest), "--world", "Pine Hollow"]) == 0
    out = capsys.readouterr().out
    assert "+ map property 'world' = 'Pine Hollow'" in out
    assert f"The map as it was is kept in {forest}.bak." in out
    assert main(["map-check", str(forest)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" — ")[0] for line in lines if line.startswith("  - ")] == [
        "  - missing tile layer 'ground' (grass, roads, floors and water)",
        "  - areas layer: no arena",
        "  - spawns layer: no resident",
        "  - spawns layer: no 'Visitor'",
    ]

    # rename the art layer, as the notes say: what is left is the places and people
    forest.write_text(forest.read_text(encoding="utf-8").replace('"Terrain"', '"ground"'))
    report = check_map(forest)
    assert [problem.split(" — ")[0] for problem in report.errors] == [
        "areas layer: no arena",
        "spawns layer: no resident",
        "spawns layer: no 'Visitor'",
    ]


def test_the_guide_lists_what_to_draw_next(forest: Path) -> None:
    assert main(["map-init", str(forest)]) == 0
    guide = forest.with_name("forest_camp.guide.md").read_text(encoding="utf-8")
    assert guide.startswith("# Making forest_camp.tmx a Smallville town")
    assert "- missing tile layer 'ground'" in guide
    assert "your layers `Terrain`, `Trees` are kept" in guide
    for step in ("object layer `areas`", "object layer `objects`", "object layer `spawns`"):
        assert step in guide
    assert "uv run smallville new-town ~/my_town --map forest_camp.tmx" in guide


def test_running_it_twice_adds_nothing(forest: Path, capsys: pytest.CaptureFixture[str]) -> None:
    init_map(forest)
    once = forest.read_bytes()
    assert main(["map-init", str(forest)]) == 0
    assert "nothing to add" in capsys.readouterr().out
    assert forest.read_bytes() == once
    assert sorted(path.name for path in forest.parent.glob("*.bak*")) == ["forest_camp.tmx.bak"]


def test_an_earlier_backup_is_never_overwritten(forest: Path) -> None:
    earlier = forest.with_name("forest_camp.tmx.bak")
    earlier.write_text("the user's own backup", encoding="utf-8")
    result = init_map(forest)
    assert result.backup == forest.with_name("forest_camp.tmx.bak2")
    assert earlier.read_text(encoding="utf-8") == "the user's own backup"


def test_a_users_file_named_like_the_guide_is_backed_up(forest: Path) -> None:
    notes = forest.with_name("forest_camp.guide.md")
    notes.write_text("my notes", encoding="utf-8")
    assert main(["map-init", str(forest)]) == 0
    assert forest.with_name("forest_camp.guide.md.bak").read_text(encoding="utf-8") == "my notes"
    assert notes.read_text(encoding="utf-8").startswith("# Making forest_camp.tmx")


def test_dry_run_changes_nothing(forest: Path, capsys: pytest.CaptureFixture[str]) -> None:
    original = forest.read_bytes()
    assert main(["map-init", str(forest), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "would add:" in out and "+ object layer 'spawns' (empty)" in out
    assert "+ tile layer 'collision' (20×12, empty)" in out
    assert forest.read_bytes() == original
    assert sorted(path.name for path in forest.parent.iterdir()) == [
        "forest.png",
        "forest_camp.tmx",
    ]


def test_a_complete_town_needs_nothing(tmp_path: Path) -> None:
    path = TownSpec.small().write(tmp_path)
    original = path.read_bytes()
    result = init_map(path, world="Another Name")
    assert (result.added, result.backup) == ([], None)
    assert result.world == "Test Ville"  # an existing world name is kept, and it says so
    assert result.notes == [
        "the map's world is already called 'Test Ville': --world 'Another Name' is not used "
        "(change it in Tiled: Map ▸ Map Properties)"
    ]
    assert init_map(path).notes == []
    assert path.read_bytes() == original


def test_a_town_missing_layers_gets_them_and_loads_as_far_as_its_spawns(tmp_path: Path) -> None:
    spec = TownSpec.small()
    spec.tile_layers = ("ground", "walls", "furniture")
    spec.object_layers = ("areas", "objects")
    spec.world = None
    path = spec.write(tmp_path)
    result = init_map(path)
    assert [item.split("'")[1] for item in result.added] == [
        "overhead",
        "collision",
        "spawns",
        "world",
    ]
    assert result.world == "town"
    report = check_map(path)
    assert [problem.split(" — ")[0] for problem in report.errors] == [
        "spawns layer: no resident",
        "spawns layer: no 'Visitor'",
    ]


def test_layers_of_the_wrong_kind_or_case_are_not_doubled(tmp_path: Path) -> None:
    spec = TownSpec.small()
    spec.tile_layers = ("ground", "walls", "furniture", "overhead", "Collision", "spawns")
    spec.object_layers = ("areas", "objects")
    result = init_map(spec.write(tmp_path))
    assert result.added == []
    assert result.notes == [
        "not adding tile layer 'collision': the map has 'Collision' — rename it to "
        "'collision' (layer names are case-sensitive)",
        "layer 'spawns' is a tile layer, not an object layer: rename or delete it and run "
        "map-init again",
    ]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('orientation="orthogonal"', 'orientation="isometric"'), "the map is isometric"),
        (('infinite="0"', 'infinite="1"'), "untick Infinite"),
    ],
)
def test_maps_it_cannot_edit_are_refused_untouched(
    forest: Path, change: tuple[str, str], message: str
) -> None:
    forest.write_text(forest.read_text(encoding="utf-8").replace(*change), encoding="utf-8")
    original = forest.read_bytes()
    with pytest.raises(MapError, match=message) as caught:
        init_map(forest)
    assert str(caught.value).startswith(str(forest))
    assert forest.read_bytes() == original
    assert not forest.with_name("forest_camp.tmx.bak").exists()


def test_a_json_map_is_refused_with_what_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "town.tmj"
    path.write_text('{"type": "map", "layers": []}', encoding="utf-8")
    assert main(["map-init", str(path)]) == 1
    error = capsys.readouterr().err
    assert str(path) in error
    assert "town.tmj is a Tiled JSON map: map-init edits .tmx maps — open it in Tiled" in error


def test_the_default_world_name_is_the_files() -> None:
    assert default_world_name(Path("maps/pine_hollow-2.tmx")) == "pine hollow 2"


def test_a_map_with_no_layers_gets_them_all(tmp_path: Path) -> None:
    path = tmp_path / "blank.tmx"
    text = (FOREST / "forest_camp.tmx").read_text(encoding="utf-8")
    start, end = text.index(" <layer"), text.index("</map>")
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    shutil.copy(FOREST / "forest.png", tmp_path / "forest.png")
    result = init_map(path)
    assert [item.split("'")[1] for item in result.added] == [
        "ground",
        *ADDED_LAYERS,
        "world",
    ]
    assert [problem.split(" — ")[0] for problem in check_map(path).errors] == [
        "areas layer: no arena",
        "spawns layer: no resident",
        "spawns layer: no 'Visitor'",
    ]


def test_a_missing_map_or_one_that_cannot_be_written(
    tmp_path: Path,
    forest: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert main(["map-init", str(tmp_path / "nowhere.tmx")]) == 1
    assert f"map file not found: {tmp_path / 'nowhere.tmx'}" in capsys.readouterr().err

    def refuse(path: Path) -> Path:
        raise PermissionError(13, "Permission denied", str(path) + ".bak")

    original = forest.read_bytes()
    monkeypatch.setattr("game.world.tmx.init.backup", refuse)
    assert main(["map-init", str(forest)]) == 1
    assert f"{forest}: cannot write: [Errno 13] Permission denied" in capsys.readouterr().err
    assert forest.read_bytes() == original  # no backup, no change
