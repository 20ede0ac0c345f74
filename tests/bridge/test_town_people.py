"""A town's people as its files describe them: a taken-over resident keeps its own
description; a look in the persona file reaches the town."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

from game.bridge import LivingTown
from game.files.paths import bundled
from game.play.entry import take_over

MakeTown = Callable[..., LivingTown]


def test_a_taken_over_resident_keeps_their_own_description(make_town: MakeTown) -> None:
    living = make_town("the_ville_n3")
    player = take_over(living, "Klaus Mueller")
    assert player is not None and not player.is_visitor
    assert "studies sociology at Oak Hill College" in player.description
    assert "who lives in town" not in player.description


def test_a_look_in_the_persona_file_reaches_the_town(make_town: MakeTown, tmp_path: Path) -> None:
    folder = tmp_path / "town"
    shutil.copytree(bundled("saves/the_ville_n3"), folder)
    personas = json.loads((folder / "personas.json").read_text(encoding="utf-8"))
    look = {"hair_style": "bun", "top_color": "teal"}
    personas["personas"][2]["look"] = look
    (folder / "personas.json").write_text(json.dumps(personas), encoding="utf-8")
    living = make_town(str(folder))
    assert living.looks == {"Maria Lopez": look}
