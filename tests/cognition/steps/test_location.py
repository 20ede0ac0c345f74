"""Action location: answers naming unknown places never escape the known tree."""

from __future__ import annotations

from cognition.contract import Address
from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.steps.location import choose_address
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import ISABELLA, WORLD, town_places

SETTINGS = MindSettings()
HOME = Address(world=WORLD, sector=ISABELLA.home_sector, arena="kitchen", object="stove")


def test_offline_brain_walks_the_tree_to_the_named_place() -> None:
    address = choose_address(
        OfflineBrain(0),
        ISABELLA,
        town_places(),
        HOME,
        "brew coffee at the coffee machine",
        "work at Hobbs Cafe",
        SETTINGS,
    )
    assert address == Address(
        world=WORLD, sector="Hobbs Cafe", arena="cafe", object="coffee machine"
    )


def test_home_activities_stay_home() -> None:
    address = choose_address(
        OfflineBrain(0), ISABELLA, town_places(), HOME, "take a shower", "get ready", SETTINGS
    )
    assert (address.sector, address.arena, address.object) == (
        ISABELLA.home_sector,
        "bathroom",
        "shower",
    )


def test_unknown_places_are_rejected_retried_once_then_fallen_back() -> None:
    model = ScriptedModel(
        {"choose_place": [{"name": "The Moon"}, {"name": "Atlantis"}, {"name": "Narnia"}]}
    )
    address = choose_address(model, ISABELLA, town_places(), HOME, "dance", "party", SETTINGS)
    assert town_places().contains(address)
    assert address == HOME  # current sector, arena and object
    assert model.count("choose_place") == 6  # two tries at each of three levels


def test_fallback_from_the_street_is_home() -> None:
    street = Address(world=WORLD)
    model = ScriptedModel({"choose_place": [{"name": "Mars"}]})
    address = choose_address(model, ISABELLA, town_places(), street, "rest", "rest", SETTINGS)
    assert address.sector == ISABELLA.home_sector and address.arena == ISABELLA.home_arena
    assert town_places().contains(address)


def test_a_second_try_that_names_a_known_place_is_used() -> None:
    model = ScriptedModel(
        {
            "choose_place": [
                {"name": "Nowhere"},
                {"name": "johnson park"},
                {"name": "park"},
                {"name": "bench"},
            ]
        }
    )
    address = choose_address(model, ISABELLA, town_places(), HOME, "sit", "walk", SETTINGS)
    assert address == Address(world=WORLD, sector="Johnson Park", arena="park", object="bench")


def test_no_known_places_gives_the_world() -> None:
    empty = town_places().model_copy(update={"sectors": ()})
    address = choose_address(OfflineBrain(0), ISABELLA, empty, HOME, "x", "x", SETTINGS)
    assert address == Address(world=WORLD)
