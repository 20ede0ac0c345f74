"""The area tree from a small map, its norms, and its English rendering."""

from __future__ import annotations

import pytest

from game.world import area_text
from game.world.address import Address
from game.world.areas import parse_open_hours
from game.world.town import TownMap

LIN = "Lin family's house"


def test_tree_has_sectors_arenas_and_objects_in_map_order(small_town: TownMap) -> None:
    tree = small_town.tree
    assert tree.world == "Test Ville"
    assert list(tree.sectors) == [LIN, "Hobbs Cafe", "Johnson Park", "Moore family's house"]
    assert list(tree.sector(LIN).arenas) == ["kitchen", "bedroom"]
    assert tree.outline(Address(LIN, "kitchen")) == {
        LIN: {"kitchen": ["stove", "refrigerator", "counter", "sink"]}
    }
    counter = tree.game_object(Address("Hobbs Cafe", "cafe", "counter"))
    assert (counter.rect.x, counter.rect.y, counter.rect.width, counter.rect.height) == (
        14,
        2,
        3,
        1,
    )
    assert counter.default_state == "idle"
    assert tree.has(Address(LIN, "kitchen", "counter"))
    assert not tree.has(Address(LIN, "kitchen", "coffee machine"))


def test_which_arena_and_sector_a_tile_is_in(small_town: TownMap) -> None:
    tree = small_town.tree
    assert tree.arena_at((3, 3)) == Address(LIN, "kitchen")
    assert tree.arena_at((8, 5)) == Address(LIN, "bedroom")
    assert tree.arena_at((12, 8)) is None
    assert tree.sector_at((6, 4)) == Address(LIN)  # the inner door: sector-wide rectangle
    assert tree.sector_at((12, 8)) is None


def test_a_tiles_sector_is_remembered_and_answered_the_same(small_town: TownMap) -> None:
    tree = small_town.tree
    tiles = [(3, 3), (6, 4), (12, 8)]  # in an arena, in a sector-wide rectangle, on the street
    first = [tree.sector_at(tile) for tile in tiles]  # misses: looked up
    assert first == [Address(LIN), Address(LIN), None]
    assert [tree.sector_at(tile) for tile in tiles] == first  # hits: the same answers
    assert tree.sector_at((3, 3)) is tree.sector_at((3, 3))


def test_norms_come_from_the_map(small_town: TownMap) -> None:
    tree = small_town.tree
    cafe = tree.sector("Hobbs Cafe")
    assert cafe.kind == "public"
    assert cafe.norms.open_hours == "08:00-17:00"
    assert cafe.norms.is_open_at(9 * 60) and not cafe.norms.is_open_at(17 * 60)
    assert tree.norms(Address("Hobbs Cafe", "cafe")).capacity == 10
    assert tree.norms(Address(LIN, "bedroom", "bed")).one_person is True
    assert tree.norms(Address("Hobbs Cafe", "cafe", "customer table")).capacity == 4
    assert tree.sector("Johnson Park").kind == "nature"


def test_open_hours_across_midnight_and_malformed() -> None:
    assert parse_open_hours("18:00-02:00") == (1080, 120)
    with pytest.raises(ValueError, match="not like"):
        parse_open_hours("9 to 5")


def test_whole_tree_in_english(small_town: TownMap) -> None:
    assert small_town.tree.describe() == (
        "In the Lin family's house: the kitchen has a stove, a refrigerator, a counter and a "
        "sink; the bedroom has a bed and a desk. "
        "In Hobbs Cafe: the cafe has a counter, a coffee machine and a customer table. "
        "In Johnson Park: the park garden has a bench and a pond. "
        "In the Moore family's house: the bedroom has a bed."
    )


def test_one_sector_and_one_arena_in_english(small_town: TownMap) -> None:
    tree = small_town.tree
    assert tree.describe(Address("Johnson Park")) == (
        "In Johnson Park: the park garden has a bench and a pond."
    )
    assert tree.describe(Address(LIN, "kitchen")) == (
        "The kitchen in the Lin family's house has a stove, a refrigerator, a counter and a sink."
    )
    with pytest.raises(KeyError):
        tree.describe(Address("Nowhere"))


@pytest.mark.parametrize(
    ("noun", "expected"),
    [
        ("stove", "a stove"),
        ("oven", "an oven"),
        ("hour glass", "an hour glass"),
        ("umbrella", "an umbrella"),
        ("unicycle", "a unicycle"),
        ("easel", "an easel"),
    ],
)
def test_articles(noun: str, expected: str) -> None:
    assert area_text.with_article(noun) == expected


def test_lists_places_and_empty_arenas() -> None:
    assert area_text.english_list([]) == ""
    assert area_text.english_list(["a bed"]) == "a bed"
    assert area_text.english_list(["a bed", "a desk"]) == "a bed and a desk"
    assert area_text.place_name("The Rose and Crown Pub") == "the Rose and Crown Pub"
    assert area_text.place_name("Oak Hill College") == "Oak Hill College"
    assert area_text.describe_sector("Hobbs Cafe", {"hallway": []}) == (
        "In Hobbs Cafe: the hallway has nothing in it."
    )
    assert area_text.describe_sector("Johnson Park", {}) == (
        "Johnson Park has no rooms or places inside."
    )


def test_numbered_objects_are_counted_and_titles_get_an_article() -> None:
    names = ["cafe counter", "customer table 1", "customer table 2", "cup shelf", "bench 1"]
    assert area_text.object_phrases(names) == [
        "a cafe counter", "two customer tables", "a cup shelf", "a bench 1",
    ]  # fmt: skip
    assert area_text.plural("shelf") == "shelves"
    assert area_text.plural("bench") == "benches"
    assert area_text.plural("library") == "libraries"
    assert area_text.place_name("Dorm for Oak Hill College") == "the dorm for Oak Hill College"
    assert area_text.place_name("Isabella's room") == "Isabella's room"
    assert area_text.place_name("Ryan Park's apartment") == "Ryan Park's apartment"
    assert area_text.describe_arena("Hobbs Cafe", "cafe", names[:3]) == (
        "The cafe in Hobbs Cafe has a cafe counter and two customer tables."
    )
