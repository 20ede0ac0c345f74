"""A town for interview tests: the offline brain (no server), hashing embeddings, memories in
a temp dir — `offline_recipe(tmp_path / "memory")`."""

from __future__ import annotations

from pathlib import Path

from game.bridge import TownRecipe, server_settings


def offline_recipe(memory_dir: Path, town: str = "the_ville_n3") -> TownRecipe:
    """`town` on the offline brain with hashing embeddings, its memories in `memory_dir`."""
    return TownRecipe(
        town=town,
        settings=server_settings(None, None, None),
        embedder="hashing",
        memory_dir=memory_dir,
    )
