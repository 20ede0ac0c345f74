"""The character sprite sheets keep the renderer's contract and stay distinct and reproducible."""

from __future__ import annotations

import json
import re
import struct
import zlib
from pathlib import Path

import pytest

from assets.characters_cast import CAST
from assets.characters_sprite import draw_sheet
from assets.generate_characters import main

ROOT = Path(__file__).resolve().parents[2]
FW, FH = 16, 24
TOWN = ROOT.parent / "shared" / "TOWN.md"
RESIDENTS = (
    "Isabella Rodriguez", "Klaus Mueller", "Maria Lopez", "Latoya Williams", "Rajiv Patel",
    "Abigail Chen", "Francisco Lopez", "Hailey Johnson", "Arthur Burton", "Ryan Park",
    "Giorgio Rossi", "Carlos Gomez", "Ayesha Khan", "Wolfgang Schulz", "Mei Lin", "John Lin",
    "Eddy Lin", "Tom Moreno", "Jane Moreno", "Tamara Taylor", "Carmen Ortiz", "Sam Moore",
    "Jennifer Moore", "Yuriko Yamamoto", "Adam Smith",
)  # fmt: skip


def read_png(path: Path) -> tuple[int, int, bytes]:
    """(width, height, RGBA bytes) of a non-interlaced 8-bit RGBA PNG with filter 0 rows."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert (depth, colour) == (8, 6)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * 4 + 1
    assert all(raw[y * stride] == 0 for y in range(height))
    pixels = b"".join(raw[y * stride + 1 : (y + 1) * stride] for y in range(height))
    return width, height, pixels


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("characters")
    main(out)
    return out


def test_generation_is_deterministic(generated: Path, tmp_path: Path) -> None:
    main(tmp_path)
    first = sorted(p.relative_to(generated) for p in generated.rglob("*") if p.is_file())
    second = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert first == second
    for rel in first:
        assert (generated / rel).read_bytes() == (tmp_path / rel).read_bytes(), rel


def test_committed_art_matches_the_script(generated: Path) -> None:
    committed = ROOT / "assets" / "characters"
    for path in sorted(generated.rglob("*.png")):
        assert (committed / path.relative_to(generated)).read_bytes() == path.read_bytes()


def test_26_sheets_of_the_right_size_with_every_frame_drawn(generated: Path) -> None:
    sheets = sorted(generated.glob("*.png"))
    assert len(sheets) == 26
    for path in sheets:
        width, height, px = read_png(path)
        assert (width, height) == (4 * FW, 5 * FH), path.name
        for row in range(5):
            for col in range(4):
                alphas = [
                    px[((row * FH + y) * width + col * FW + x) * 4 + 3]
                    for y in range(FH)
                    for x in range(FW)
                ]
                assert sum(a > 0 for a in alphas) > 60, (path.name, row, col)
                assert any(a == 0 for a in alphas), (path.name, row, col)


def test_standing_feet_touch_the_baseline() -> None:
    for look in CAST:
        sheet = draw_sheet(look)
        for row in range(4):
            assert sheet.opaque_count(0, row * FH + FH - 1, FW, 1) > 0, (look.name, row)


def test_portraits_are_32_pixels(generated: Path) -> None:
    portraits = sorted((generated / "portraits").glob("*.png"))
    assert len(portraits) == 26
    for path in portraits:
        width, height, px = read_png(path)
        assert (width, height) == (32, 32)
        assert sum(px[i] > 0 for i in range(3, len(px), 4)) > 400


def test_every_resident_of_the_town_is_in_the_index(generated: Path) -> None:
    residents = list(RESIDENTS)
    if TOWN.is_file():  # the shared town facts, when this checkout sits beside them
        section = TOWN.read_text(encoding="utf-8").split("## The 25 residents")[1]
        residents = re.findall(r"^\| ([A-Z][a-z]+ [A-Z][a-z]+) \|", section, re.MULTILINE)
        assert sorted(residents) == sorted(RESIDENTS)
    index = json.loads((generated / "index.json").read_text(encoding="utf-8"))
    assert (index["frame_width"], index["frame_height"]) == (FW, FH)
    assert index["rows"]["down"] == 0 and index["rows"]["up"] == 3
    names = [c["name"] for c in index["characters"]]
    assert set(residents) <= set(names) and "Visitor" in names and len(names) == 26
    for entry in index["characters"]:
        assert entry["slug"] == entry["name"].lower().replace(" ", "_")
        assert (generated / entry["sheet"]).is_file()
        assert (generated / entry["portrait"]).is_file()
        assert entry["look"]


def test_idle_frames_differ_between_any_two_characters(generated: Path) -> None:
    idles = {}
    for path in sorted(generated.glob("*.png")):
        width, _, px = read_png(path)
        idles[path.stem] = [
            px[(y * width + x) * 4 : (y * width + x) * 4 + 4] for y in range(FH) for x in range(FW)
        ]
    names = sorted(idles)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            differing = sum(p != q for p, q in zip(idles[a], idles[b], strict=True))
            assert differing > 0.15 * FW * FH, (a, b, differing)
