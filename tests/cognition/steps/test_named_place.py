"""Places a plan item names: whole names, case aside, the longest, only known ones."""

from __future__ import annotations

from cognition.contract import Address
from cognition.steps.named_place import named_area, named_in, objects_in
from cognition.testing.town import ISABELLA, WORLD, town_places


def test_names_are_matched_whole_case_aside_the_longest_first() -> None:
    names = ["Oak Hill College", "Dorm for Oak Hill College", "pub"]
    assert named_in("sleep at the dorm for oak hill college", names) == (
        "Dorm for Oak Hill College"
    )
    assert named_in("study at Oak Hill College", names) == "Oak Hill College"
    assert named_in("go to the public library", names) is None  # "pub" is not a word there
    assert named_in("anything", ["", "  "]) is None


def test_a_named_sector_and_arena_or_home_or_nothing() -> None:
    places = town_places()
    assert named_area("lecture at Oak Hill College, classroom", places, ISABELLA) == Address(
        world=WORLD, sector="Oak Hill College", arena="classroom"
    )
    assert named_area("work at Hobbs Cafe", places, ISABELLA) == Address(
        world=WORLD, sector="Hobbs Cafe"
    )
    assert named_area("read at home", places, ISABELLA) == Address(
        world=WORLD, sector=ISABELLA.home_sector
    )
    assert named_area("homework in the park", places, ISABELLA) is None
    assert named_area("visit Atlantis", places, ISABELLA) is None


def test_objects_of_an_arena_or_of_all_a_sectors_arenas() -> None:
    places = town_places()
    cafe = Address(world=WORLD, sector="Hobbs Cafe", arena="cafe")
    assert objects_in(places, cafe) == ("coffee machine", "counter", "customer table",
                                        "pastry display")  # fmt: skip
    whole = objects_in(places, Address(world=WORLD, sector="Hobbs Cafe"))
    assert set(whole) == {"coffee machine", "counter", "customer table", "pastry display",
                          "stove", "sink"}  # fmt: skip
    assert objects_in(places, Address(world=WORLD, sector="Atlantis")) == ()
