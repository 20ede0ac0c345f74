"""World addresses ↔ mind addresses, and what a resident knows of the town."""

from __future__ import annotations

from pathlib import Path

from cognition import contract
from game.bridge.places import known_places, to_mind_address, to_world_address
from game.world.address import Address
from game.world.spatial_memory import SpatialMemory
from game.world.tmx.loader import load_town

MAP = Path(__file__).resolve().parents[2] / "maps" / "the_ville.tmx"


def test_addresses_cross_the_border_both_ways() -> None:
    tree = load_town(MAP).tree
    place = Address("Hobbs Cafe", "cafe")
    mind = to_mind_address(tree.world, place)
    assert mind == contract.Address(world=tree.world, sector="Hobbs Cafe", arena="cafe")
    assert to_world_address(tree, mind) == place
    assert to_mind_address(tree.world, None) == contract.Address(world=tree.world)


def test_an_unknown_object_falls_back_to_its_arena_and_an_unknown_sector_to_none() -> None:
    tree = load_town(MAP).tree
    odd = contract.Address(world=tree.world, sector="Hobbs Cafe", arena="cafe", object="piano")
    assert to_world_address(tree, odd) == Address("Hobbs Cafe", "cafe")
    nowhere = contract.Address(world=tree.world, sector="Atlantis")
    assert to_world_address(tree, nowhere) is None


def test_known_places_carry_the_spatial_memory_and_the_norms() -> None:
    town = load_town(MAP)
    spawn = next(s for s in town.residents() if s.name == "Isabella Rodriguez")
    memory = SpatialMemory.for_resident(town.tree, spawn.home, spawn.work)
    known = known_places(town.tree, memory)
    names = [sector.name for sector in known.sectors]
    assert "Hobbs Cafe" in names and "Isabella Rodriguez's apartment" in names
    assert "Adam Smith's house" not in names  # someone else's home is not known
    cafe = known.sector("Hobbs Cafe")
    assert cafe is not None and cafe.kind == "public"
    assert cafe.open_hours == town.tree.sector("Hobbs Cafe").norms.open_hours


def test_a_perception_reads_known_places_again_only_when_the_memory_grew() -> None:
    from game.bridge.perception import PerceptionBuilder
    from game.world.objects import ObjectStates

    town = load_town(MAP)
    spawn = next(s for s in town.residents() if s.name == "Isabella Rodriguez")
    memory = SpatialMemory.for_resident(town.tree, spawn.home, spawn.work)
    builder = PerceptionBuilder(town.tree, ObjectStates(town.tree.objects()), {spawn.name: memory})
    first = builder.known(spawn.name)
    assert builder.known(spawn.name) is first  # a hit: the memory has not changed
    unknown = next(s for s in town.tree.sectors.values() if not memory.knows(s.address))
    arena = next(iter(unknown.arenas.values()))
    memory.observe(arena.address)  # a miss: something new is known
    grown = builder.known(spawn.name)
    assert grown is not first and unknown.name in [sector.name for sector in grown.sectors]
    replaced = SpatialMemory.for_resident(town.tree, spawn.home, spawn.work)
    builder.memories[spawn.name] = replaced  # a loaded save's memory: read afresh
    assert unknown.name not in [sector.name for sector in builder.known(spawn.name).sectors]


def test_a_resident_sees_those_near_it_in_its_own_arena_only() -> None:
    from game.bridge.perception import PerceptionBuilder, Someone, chebyshev
    from game.town.resident import Resident
    from game.world.objects import ObjectStates

    town = load_town(MAP)
    tree = town.tree
    cafe = tree.arena(Address("Hobbs Cafe", "cafe"))
    inside = sorted(cafe.rect.tiles())
    me = Resident("Isabella Rodriguez", inside[0])
    builder = PerceptionBuilder(tree, ObjectStates(tree.objects()), {})
    near = next(t for t in inside if 0 < chebyshev(me.tile, t) <= builder.vision_radius)
    far = [t for t in inside if chebyshev(me.tile, t) > builder.vision_radius]
    street = next(t for t in [(x, me.tile[1]) for x in range(200)] if tree.arena_at(t) is None)
    people = [
        Someone("Isabella Rodriguez", me.tile, "idle"),  # herself
        Someone("Klaus Mueller", near, "reading"),
        Someone("Maria Lopez", street, "walking"),  # outdoors: not in her arena
    ] + [Someone("Sam Moore", far[0], "eating")] * bool(far)
    assert [person.name for person in builder.in_view(me, people)] == ["Klaus Mueller"]
