"""Looks picked from the character parts: the data (game.town.looks), drawn at run time by the
generator's own code (game.render.looks), worn by CharacterSheets."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.render.figure import hair
from game.render.looks import PORTRAIT_SIZE, SHEET_SIZE, draw_portrait, draw_sheet
from game.render.scene import TownScene
from game.render.sprites import CharacterSheets
from game.town.cast import CAST, CastMember
from game.town.looks import (
    BUNDLED_LOOKS,
    LOOK_PARTS,
    Look,
    check_look,
    complete_look,
    default_look,
)
from game.world.tmx.loader import load_town

ROOT = Path(__file__).resolve().parents[2]
CHARACTERS = ROOT / "assets" / "characters"
ADA = {"skin": "deep", "hair_style": "afro", "hair": "copper", "top": "overalls"}


@pytest.fixture(autouse=True)
def headless() -> Iterator[None]:
    pygame.init()
    yield
    pygame.quit()


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_every_option_of_every_part_draws_a_sheet_and_a_portrait() -> None:
    base = default_look("Ada Quill")
    for part, options in LOOK_PARTS.items():
        for option in options:
            look = {**base, part: option}
            assert draw_sheet(look).get_size() == SHEET_SIZE, (part, option)
            assert draw_portrait(look).get_size() == PORTRAIT_SIZE, (part, option)


def test_the_hair_styles_on_offer_are_the_drawing_codes() -> None:
    assert LOOK_PARTS["hair_style"] == tuple(hair.HAIR_STYLES)


def test_different_looks_draw_different_sheets() -> None:
    ada = draw_sheet(ADA, "Ada Quill")
    assert pixels(ada) != pixels(draw_sheet({**ADA, "top": "coat"}, "Ada Quill"))
    assert pixels(ada) != pixels(draw_sheet({}, "Bo Brindle"))
    assert pixels(ada) == pixels(draw_sheet(ADA, "Ada Quill"))


@pytest.mark.parametrize("member", CAST, ids=lambda m: m.slug)
def test_the_bundled_looks_drawn_at_run_time_are_their_png_files(member: CastMember) -> None:
    look = BUNDLED_LOOKS[member.name]
    sheet = pygame.image.load(str(CHARACTERS / f"{member.slug}.png"))
    portrait = pygame.image.load(str(CHARACTERS / "portraits" / f"{member.slug}.png"))
    assert pixels(draw_sheet(look)) == pixels(sheet)
    assert pixels(draw_portrait(look)) == pixels(portrait)


def test_bundled_looks_are_complete_and_valid() -> None:
    assert len(BUNDLED_LOOKS) == 26 and "Isabella Rodriguez" in BUNDLED_LOOKS
    for name, look in BUNDLED_LOOKS.items():
        assert list(look) == list(LOOK_PARTS), name
        assert check_look(look) == [], name
        assert Look.from_parts(look).parts() == look


def test_check_look_names_the_part_and_the_options() -> None:
    assert check_look({}) == []
    assert check_look(ADA) == []
    problems = check_look({"hair_style": "mohawk", "wings": "yes", "glasses": True, "skin": "tan"})
    assert problems[0].startswith("look.hair_style: 'mohawk' is not one of: short, neat, ")
    assert problems[1].startswith("look.wings: not a part of a look (parts: skin, hair, ")
    assert problems[2] == "look.glasses: True is not one of: no, yes"
    assert len(problems) == 3


def test_default_look_is_complete_deterministic_and_varied() -> None:
    ada = default_look("Ada Quill")
    assert ada == default_look("Ada Quill") == default_look("ada_quill")
    assert list(ada) == list(LOOK_PARTS) and check_look(ada) == []
    names = [f"Resident {i}" for i in range(40)]
    looks = [default_look(n) for n in names]
    assert all(check_look(look) == [] for look in looks)
    assert len({tuple(look.values()) for look in looks}) == 40
    assert len({look["hair_style"] for look in looks}) > 8
    assert default_look("Isabella Rodriguez") == BUNDLED_LOOKS["Isabella Rodriguez"]
    assert default_look("isabella_rodriguez") == BUNDLED_LOOKS["Isabella Rodriguez"]


def test_a_partial_look_is_completed_from_the_names_default() -> None:
    done = complete_look({"hat": "brim"}, "Ada Quill")
    assert done == {**default_look("Ada Quill"), "hat": "brim"}
    with pytest.raises(ValueError, match=r"look\.hat: 'crown'"):
        complete_look({"hat": "crown"})
    with pytest.raises(ValueError, match=r"look\.skin: missing"):
        Look.from_parts({"hat": "brim"})


def test_sheets_wear_a_look_then_the_file_then_the_default() -> None:
    sheets = CharacterSheets(CHARACTERS, looks={"Ada Quill": ADA, "isabella_rodriguez": ADA})
    ada = pixels(draw_sheet(ADA, "Ada Quill"))
    assert pixels(sheets.sheet("ada_quill")) == ada
    isabella = draw_sheet(ADA, "Isabella Rodriguez")  # her own look under Ada's parts
    assert pixels(sheets.sheet("isabella_rodriguez")) == pixels(isabella)  # not the file
    klaus = pygame.image.load(str(CHARACTERS / "klaus_mueller.png"))
    assert pixels(sheets.sheet("klaus_mueller")) == pixels(klaus)
    assert pixels(sheets.sheet("bo_brindle")) == pixels(draw_sheet({}, "Bo Brindle"))
    assert sheets.sheet("ada_quill") is sheets.sheet("ada_quill")
    assert [
        s for s in ("ada_quill", "klaus_mueller", "bo_brindle") if sheets.is_placeholder(s)
    ] == ["bo_brindle"]
    portrait = sheets.portrait("ada_quill", scale=3)
    assert portrait is not None and portrait.get_size() == (96, 96)
    assert sheets.portrait("bo_brindle") is not None
    nowhere = CharacterSheets(None)
    assert pixels(nowhere.sheet("klaus_mueller")) == pixels(klaus)  # drawn: the cast's look


def test_set_look_redraws_and_invalid_parts_are_left_out(caplog: pytest.LogCaptureFixture) -> None:
    sheets = CharacterSheets(None)
    before = sheets.zoomed("ada_quill", 2)
    sheets.set_look("Ada Quill", {**ADA, "hat": "crown"})
    assert "look.hat: 'crown'" in caplog.text
    after = sheets.sheet("ada_quill")
    assert pixels(after) == pixels(draw_sheet(ADA, "Ada Quill"))
    assert sheets.zoomed("ada_quill", 2) is not before
    sheets.set_look("Ada Quill", None)
    assert pixels(sheets.sheet("ada_quill")) == pixels(draw_sheet({}, "Ada Quill"))


def test_the_scene_passes_looks_through() -> None:
    town = load_town(ROOT / "maps" / "the_ville.tmx")
    scene = TownScene.for_town(town, CHARACTERS, looks={"Ada Quill": ADA})
    assert scene.painter.sheets.looks == {"ada_quill": ADA}
    assert TownScene.for_town(town, CHARACTERS).painter.sheets.looks == {}


def test_the_looks_data_imports_no_pygame() -> None:
    for module in ("looks.py", "cast.py"):
        tree = ast.parse((ROOT / "game" / "town" / module).read_text(encoding="utf-8"))
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not any(name.split(".")[0] == "pygame" for name in names), module
