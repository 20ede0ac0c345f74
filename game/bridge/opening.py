"""Opening a town: a bundled town built fresh, or a save loaded — one call for both.

    opened = open_town(TownRecipe(town="the_ville_n3"))                     # a new town
    opened = open_town(TownRecipe(embedder="minilm"), FromSave("Day 3"))    # a save

Two one-way steps below it: `game.bridge.build` builds (and knows nothing of saves),
`game.bridge.persist.load` reads a save and builds with `build`. This module only chooses.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.bridge.build import OpenedTown, Progress, TownRecipe, new_town
from game.bridge.persist.load import load_saved_town
from game.saves import SaveSlots


@dataclass(frozen=True)
class FromSave:
    """Open the town saved in `slot` (with `previous`: the save before the slot's last one)
    among `slots` (None: the player's own saves)."""

    slot: str
    previous: bool = False
    slots: SaveSlots | None = None


def open_town(
    recipe: TownRecipe, save: FromSave | None = None, progress: Progress | None = None
) -> OpenedTown:
    """`recipe.town` built fresh; or, with `save`, that save loaded — its own town, seed and
    memories, with the recipe's model, embedder and workers. Raises `SaveError` for a save
    that cannot be loaded."""
    if save is None:
        return new_town(recipe, progress)
    slots = save.slots if save.slots is not None else SaveSlots()
    return load_saved_town(save.slot, slots, recipe, previous=save.previous, progress=progress)
