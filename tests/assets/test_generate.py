"""The tileset generator is deterministic and draws every tile the map builder uses."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
GENERATOR = REPO_ROOT / "assets" / "generate.py"
OUTPUTS = ("ville.png", "ville.tsx", "tile_names.json")


def generate(output_dir: Path) -> None:
    subprocess.run([sys.executable, str(GENERATOR), str(output_dir)], check=True, cwd=REPO_ROOT)


def test_two_runs_write_identical_bytes(tmp_path: Path) -> None:
    generate(tmp_path / "a")
    generate(tmp_path / "b")
    for name in OUTPUTS:
        first = (tmp_path / "a" / name).read_bytes()
        assert first == (tmp_path / "b" / name).read_bytes(), name
        assert len(first) < 200_000, f"{name} should stay small"


def test_every_tile_the_map_uses_is_drawn(tmp_path: Path) -> None:
    generate(tmp_path)
    names = json.loads((tmp_path / "tile_names.json").read_text())
    if str(REPO_ROOT) not in sys.path:
        sys.path.insert(0, str(REPO_ROOT))
    from maps.build_ville import build

    canvas = build()
    used = {tile for layer in canvas.layers.values() for row in layer for tile in row if tile}
    assert used, "the map uses no tiles"
    assert used - set(names) == set()
    assert "collision" in names


def test_tileset_names_every_tile(tmp_path: Path) -> None:
    generate(tmp_path)
    names = json.loads((tmp_path / "tile_names.json").read_text())
    tsx = (tmp_path / "ville.tsx").read_text()
    assert sorted(names.values()) == list(range(len(names)))
    for name in ("grass_1", "road_nesw", "wall_cap_nesw", "bed_blue_top", "stove", "bench_l"):
        assert f'value="{name}"' in tsx
