from __future__ import annotations

import pytest

from game.world.address import Address


def test_addresses_are_typed_hashable_values() -> None:
    stove = Address("Lin family's house", "kitchen", "stove")
    assert stove == Address("Lin family's house", "kitchen", "stove")
    assert {stove: 1}[Address("Lin family's house", "kitchen", "stove")] == 1
    assert stove.levels() == ("Lin family's house", "kitchen", "stove")
    assert stove.is_object and not stove.is_arena
    with pytest.raises(AttributeError):
        stove.sector = "elsewhere"  # type: ignore[misc]


def test_levels_up_and_down() -> None:
    kitchen = Address("Lin family's house", "kitchen")
    assert kitchen.child("stove") == Address("Lin family's house", "kitchen", "stove")
    assert kitchen.child("stove").arena_address() == kitchen
    assert kitchen.sector_address() == Address("Lin family's house")
    assert Address("Lin family's house").contains(kitchen.child("stove"))
    assert not kitchen.contains(Address("Lin family's house", "bedroom"))


def test_describe_and_json_round_trip() -> None:
    stove = Address("Lin family's house", "kitchen", "stove")
    assert stove.describe() == "stove, kitchen, Lin family's house"
    assert stove.describe("the Ville") == "stove, kitchen, Lin family's house, the Ville"
    assert Address.from_json(stove.to_json()) == stove
    assert Address("Hobbs Cafe").to_json() == {"sector": "Hobbs Cafe"}


def test_an_object_needs_an_arena_and_a_sector_is_required() -> None:
    with pytest.raises(ValueError, match="needs an arena"):
        Address("Hobbs Cafe", None, "counter")
    with pytest.raises(ValueError, match="needs a sector"):
        Address("")
