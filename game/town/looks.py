"""A resident's look, picked from the generated character parts (pure data, no pygame).

A look is a mapping part → option, every value a string from `LOOK_PARTS` (the options the
character drawing code in `game/render/figure/` knows; the same code drew the bundled art in
`assets/characters/`). A look may name only some parts: `complete_look` fills the rest from
`default_look(name)`, a varied look chosen deterministically from the name (for the bundled
cast, its own). `check_look` says what is wrong with a look, in words a player can act on.

The colours are the character palette's base colours (each becomes a highlight/base/shadow
ramp when drawn), so a UI can show swatches without drawing a figure.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from game.town.cast import CAST
from game.town.resident import slug_of

RGB = tuple[int, int, int]

SKIN_TONES: dict[str, RGB] = {
    "porcelain": (250, 216, 192),
    "fair": (242, 196, 160),
    "golden": (236, 190, 140),
    "olive": (212, 162, 116),
    "tan": (194, 138, 96),
    "brown": (156, 100, 66),
    "deep": (108, 66, 46),
}

HAIR_COLOURS: dict[str, RGB] = {
    "black": (62, 52, 68),
    "espresso": (76, 50, 42),
    "chestnut": (122, 72, 44),
    "brown": (146, 98, 60),
    "copper": (196, 96, 48),
    "blond": (232, 190, 100),
    "ash": (176, 160, 130),
    "salt": (128, 120, 118),
    "silver": (206, 202, 206),
    "white": (236, 232, 228),
}

CLOTH_COLOURS: dict[str, RGB] = {
    "red": (204, 62, 58),
    "wine": (140, 44, 62),
    "rose": (222, 128, 140),
    "orange": (232, 124, 52),
    "mustard": (222, 172, 54),
    "yellow": (246, 208, 80),
    "olive": (128, 132, 60),
    "green": (70, 140, 80),
    "forest": (46, 96, 70),
    "mint": (132, 204, 170),
    "teal": (40, 146, 150),
    "sky": (116, 170, 220),
    "denim": (70, 104, 160),
    "navy": (42, 56, 104),
    "purple": (122, 76, 164),
    "lavender": (172, 148, 214),
    "lilac": (204, 170, 214),
    "brown": (120, 80, 54),
    "tweed": (150, 112, 72),
    "khaki": (196, 170, 120),
    "cream": (240, 228, 200),
    "white": (246, 244, 238),
    "grey": (140, 140, 150),
    "charcoal": (70, 68, 80),
    "black": (60, 56, 70),
    "gold": (236, 190, 70),
    "silver": (200, 204, 214),
}

NONE = "none"
NO_YES = ("no", "yes")

# The drawing code's own names (game/render/figure/hair.py keys its geometry by these).
HAIR_STYLES = (
    "short", "neat", "neat_grey", "side_part", "buzz", "receding", "quiff", "messy", "spiky",
    "shaggy", "curly", "afro", "bob", "long", "wavy_long", "sleek", "shoulder", "ponytail", "bun",
    "bun_top", "braids", "tied", "slick", "hijab",
)  # fmt: skip
TOPS = (
    "tee", "hoodie", "sweater", "turtleneck", "cardigan", "vest", "blazer", "coat", "smock",
    "track", "overalls", "dress",
)  # fmt: skip
BOTTOMS = ("pants", "skirt", "long_skirt", "shorts")
PATTERNS = (NONE, "stripes", "plaid", "dots", "splotch")
FACIAL = (NONE, "beard", "moustache", "goatee", "stubble")
HATS = (NONE, "brim", "headphones", "headset", "bandana")  # a hijab is a hair style
NECKWEAR = (NONE, "scarf", "bowtie", "tie", "camera", "badge")
PROPS = ("book", "notebook", "tablet", "laptop", "mug", "palette", "clipboard", "map", "camera")

_CLOTH = tuple(CLOTH_COLOURS)

LOOK_PARTS: dict[str, tuple[str, ...]] = {
    "skin": tuple(SKIN_TONES),
    "hair": tuple(HAIR_COLOURS),
    "hair_style": HAIR_STYLES,  # "hijab" is coloured by hat_color
    "top": TOPS,
    "top_color": _CLOTH,
    "accent": _CLOTH,  # the shirt underneath, trim, buttons, stripes
    "bottom": BOTTOMS,
    "bottom_color": _CLOTH,
    "shoes": _CLOTH,
    "apron": (NONE, *_CLOTH),
    "pattern": PATTERNS,
    "glasses": NO_YES,
    "facial": FACIAL,
    "hat": HATS,
    "hat_color": _CLOTH,
    "backpack": (NONE, *_CLOTH),
    "neck": NECKWEAR,
    "neck_color": _CLOTH,
    "prop": PROPS,  # held in the reading/working pose
    "prop_color": _CLOTH,
    "broad": NO_YES,  # broad shoulders
}

# What a cast member's look leaves out.
PLAIN_PARTS: dict[str, str] = {
    "shoes": "brown",
    "apron": NONE,
    "pattern": NONE,
    "glasses": "no",
    "facial": NONE,
    "hat": NONE,
    "hat_color": "brown",
    "backpack": NONE,
    "neck": NONE,
    "neck_color": "red",
    "prop": "book",
    "prop_color": "red",
    "broad": "no",
}


@dataclass(frozen=True)
class Look:
    """A complete look as the drawing code reads it (flags as bools, absent parts as None)."""

    skin: str
    hair: str
    hair_style: str
    top: str
    top_color: str
    accent: str
    bottom: str
    bottom_color: str
    shoes: str = "brown"
    apron: str | None = None
    pattern: str | None = None
    glasses: bool = False
    facial: str | None = None
    hat: str | None = None
    hat_color: str = "brown"
    backpack: str | None = None
    neck: str | None = None
    neck_color: str = "red"
    prop: str = "book"
    prop_color: str = "red"
    broad: bool = False

    @classmethod
    def from_parts(cls, parts: Mapping[str, str]) -> Look:
        """The look of a complete, valid parts mapping; ValueError otherwise."""
        problems = check_look(parts) + [f"look.{p}: missing" for p in LOOK_PARTS if p not in parts]
        if problems:
            raise ValueError("; ".join(problems))
        values: dict[str, Any] = {}
        for part in LOOK_PARTS:
            value = parts[part]
            values[part] = (value == "yes") if LOOK_PARTS[part] == NO_YES else value
            if value == NONE:
                values[part] = None
        return cls(**values)

    def parts(self) -> dict[str, str]:
        """This look as part → option strings (the inverse of `from_parts`)."""
        out: dict[str, str] = {}
        for field in fields(self):
            value = getattr(self, field.name)
            if isinstance(value, bool):
                out[field.name] = NO_YES[value]
            else:
                out[field.name] = NONE if value is None else str(value)
        return out


BUNDLED_LOOKS: dict[str, dict[str, str]] = {
    member.name: {part: ({**PLAIN_PARTS, **dict(member.parts)})[part] for part in LOOK_PARTS}
    for member in CAST
}
_BY_SLUG = {slug_of(name): look for name, look in BUNDLED_LOOKS.items()}


def check_look(look: Mapping[str, object]) -> list[str]:
    """What is wrong with `look`, one message per part; [] when every named part is valid.

    Parts left out are not a problem (they come from `default_look`)."""
    problems: list[str] = []
    for part, value in look.items():
        if part not in LOOK_PARTS:
            problems.append(f"look.{part}: not a part of a look (parts: {', '.join(LOOK_PARTS)})")
        elif not isinstance(value, str) or value not in LOOK_PARTS[part]:
            options = ", ".join(LOOK_PARTS[part])
            problems.append(f"look.{part}: {value!r} is not one of: {options}")
    return problems


_BOTTOM_COLOURS = (
    "denim", "navy", "charcoal", "black", "brown", "khaki", "grey", "olive", "tweed", "wine",
    "teal", "forest",
)  # fmt: skip
_SHOES = ("brown", "black", "white", "wine", "charcoal")
_ACCENTS = ("cream", "white", "sky", "yellow", "grey", "mint", "rose", "lavender")


def _sometimes(rng: random.Random, chance: float, options: tuple[str, ...]) -> str:
    return rng.choice(options) if rng.random() < chance else NONE


def default_look(name: str) -> dict[str, str]:
    """A complete look for `name`: a bundled resident's own (by name or slug), otherwise a
    varied one chosen from the name alone (the same name always gets the same look)."""
    slug = slug_of(name)
    if slug in _BY_SLUG:
        return dict(_BY_SLUG[slug])
    rng = random.Random(f"look:{slug}")  # str seeds hash with SHA-512: stable across runs
    top = rng.choice(TOPS)
    look = {
        "skin": rng.choice(LOOK_PARTS["skin"]),
        "hair": rng.choice(LOOK_PARTS["hair"]),
        "hair_style": rng.choice([s for s in HAIR_STYLES if s != "hijab"]),
        "top": top,
        "top_color": rng.choice(_CLOTH),
        "accent": rng.choice(_ACCENTS),
        "bottom": "skirt" if top == "dress" else rng.choice(("pants", "pants", *BOTTOMS)),
        "bottom_color": rng.choice(_BOTTOM_COLOURS),
        "shoes": rng.choice(_SHOES),
        "apron": _sometimes(rng, 0.08, ("red", "forest", "navy", "cream", "mustard")),
        "pattern": _sometimes(rng, 0.2, PATTERNS[1:4]),
        "glasses": NO_YES[rng.random() < 0.25],
        "facial": _sometimes(rng, 0.2, FACIAL[1:]),
        "hat": _sometimes(rng, 0.1, HATS[1:]),
        "hat_color": rng.choice(_CLOTH),
        "backpack": _sometimes(rng, 0.1, ("brown", "orange", "mustard", "navy", "forest")),
        "neck": _sometimes(rng, 0.2, ("scarf", "bowtie", "tie", "badge")),
        "neck_color": rng.choice(_CLOTH),
        "prop": rng.choice(PROPS),
        "prop_color": rng.choice(_CLOTH),
        "broad": NO_YES[rng.random() < 0.25],
    }
    return {part: look[part] for part in LOOK_PARTS}


def complete_look(look: Mapping[str, object], name: str = "") -> dict[str, str]:
    """`look`'s parts over `default_look(name)`'s; ValueError naming every problem."""
    problems = check_look(look)
    if problems:
        raise ValueError("; ".join(problems))
    return {**default_look(name), **{part: str(value) for part, value in look.items()}}


def usable_parts(look: Mapping[str, object]) -> dict[str, str]:
    """Only the valid parts of `look` (for drawing what can be drawn of a flawed look)."""
    return {p: str(v) for p, v in look.items() if not check_look({p: v})}
