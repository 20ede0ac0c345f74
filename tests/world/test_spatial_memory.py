from __future__ import annotations

import json

from game.world.address import Address
from game.world.spatial_memory import SpatialMemory
from game.world.town import TownMap

LIN = "Lin family's house"
MOORE = "Moore family's house"


def sam(town: TownMap) -> SpatialMemory:
    spawn = town.spawns["Sam Moore"]
    return SpatialMemory.for_resident(town.tree, spawn.home, spawn.work)


def test_residents_start_knowing_home_work_and_common_places(small_town: TownMap) -> None:
    memory = sam(small_town)
    assert memory.sectors() == ["Hobbs Cafe", "Johnson Park", MOORE]
    assert memory.knows(Address(MOORE, "bedroom", "bed"))
    assert memory.knows(Address("Hobbs Cafe", "cafe", "coffee machine"))
    assert not memory.knows(Address(LIN))
    assert not memory.knows(Address(LIN, "kitchen", "stove"))


def test_observing_adds_the_arena_and_only_the_objects_seen(small_town: TownMap) -> None:
    memory = sam(small_town)
    memory.observe(Address(LIN, "kitchen"), ["stove", "sink"])
    assert memory.knows(Address(LIN, "kitchen"))
    assert memory.objects(Address(LIN, "kitchen")) == ["stove", "sink"]
    assert not memory.knows(Address(LIN, "kitchen", "refrigerator"))
    assert not memory.knows(Address(LIN, "bedroom"))
    assert memory.sectors() == [LIN, "Hobbs Cafe", "Johnson Park", MOORE]  # map order
    memory.observe(Address(LIN, "bedroom"))
    assert memory.objects(Address(LIN, "bedroom")) == []
    assert memory.describe().startswith(
        "In the Lin family's house: the kitchen has a stove and a sink; "
        "the bedroom has nothing in it. In Hobbs Cafe:"
    )


def test_state_round_trips_and_drops_places_the_map_lost(small_town: TownMap) -> None:
    memory = sam(small_town)
    memory.observe(Address(LIN, "kitchen"), ["stove"])
    saved = json.loads(json.dumps(memory.get_state()))
    assert saved["sectors"][LIN] == {"kitchen": ["stove"]}
    saved["sectors"]["Atlantis"] = {"temple": ["altar"]}
    saved["sectors"][LIN]["kitchen"].append("jacuzzi")
    restored = SpatialMemory(small_town.tree)
    restored.set_state(saved)
    assert restored.outline() == memory.outline()


def test_learning_one_object(small_town: TownMap) -> None:
    memory = SpatialMemory(small_town.tree)
    memory.learn(Address(LIN, "bedroom", "desk"))
    assert memory.outline() == {LIN: {"bedroom": ["desk"]}}


def test_the_version_grows_only_when_something_new_is_known(small_town: TownMap) -> None:
    memory = sam(small_town)
    start = memory.version
    memory.observe(Address(LIN, "kitchen"), ["stove"])
    learned = memory.version
    assert learned > start
    memory.observe(Address(LIN, "kitchen"), ["stove"])  # seen again: nothing new
    memory.observe(Address(MOORE, "bedroom"), ["bed"])  # known from the start
    assert memory.version == learned
    memory.observe(Address(LIN, "kitchen"), ["sink"])
    assert memory.version > learned
    grown = memory.version
    memory.set_state(memory.get_state())
    assert memory.version > grown
