"""Action location: answers naming unknown places never escape the known tree."""

from __future__ import annotations

from cognition.contract import Address
from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.steps.location import choose_address, place_actions
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
        {
            "choose_place": [{"name": "The Moon"}, {"name": "Atlantis"}, {"name": "Narnia"}],
            "choose_objects": [{"uses": [{"object": "the holodeck", "state": "humming"}]}],
        }
    )
    address = choose_address(model, ISABELLA, town_places(), HOME, "dance", "party", SETTINGS)
    assert town_places().contains(address)
    assert address == HOME  # current sector, arena and object
    assert model.count("choose_place") == 4  # two tries at sector and arena
    assert model.count("choose_objects") == 2  # two tries at the object


def test_an_hours_actions_share_one_place_choice_and_one_object_call() -> None:
    model = ScriptedModel(fallback_model=OfflineBrain(0))
    actions = ["brew coffee at the coffee machine", "serve pastries", "wipe the counter"]
    placed = place_actions(
        model, ISABELLA, town_places(), HOME, actions, "work at Hobbs Cafe", SETTINGS
    )
    assert model.count("choose_place") == 2 and model.count("choose_objects") == 1
    assert {(a.sector, a.arena) for a, _ in placed} == {("Hobbs Cafe", "cafe")}
    objects = [a.object for a, _ in placed]
    assert objects[0] == "coffee machine" and objects[2] == "counter"
    assert all(town_places().contains(a) for a, _ in placed)
    assert all(state for _, state in placed)


def test_the_hourly_place_choice_rejects_unknown_places() -> None:
    model = ScriptedModel(
        {
            "choose_place": [{"name": "Atlantis"}, {"name": "Hobbs Cafe"}, {"name": "attic"}],
            "choose_objects": [
                {"uses": [{"object": "warp core", "state": "x"}, {"object": "counter"}]},
                {"uses": [{"object": "moon rock", "state": "x"}, {"object": "sink"}]},
            ],
        }
    )
    placed = place_actions(model, ISABELLA, town_places(), HOME, ["a", "b"], "work", SETTINGS)
    addresses = [address for address, _ in placed]
    assert all(town_places().contains(a) for a in addresses)
    assert addresses[0].sector == "Hobbs Cafe" and addresses[0].arena == "cafe"
    assert [a.object for a in addresses] == ["counter", "counter"]  # fallback; first answer kept
    assert model.count("choose_place") == 4 and model.count("choose_objects") == 2


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
            ],
            "choose_objects": [
                {"uses": [{"object": "throne"}]},
                {"uses": [{"object": "Bench", "state": "occupied"}]},
            ],
        }
    )
    address = choose_address(model, ISABELLA, town_places(), HOME, "sit", "walk", SETTINGS)
    assert address == Address(world=WORLD, sector="Johnson Park", arena="park", object="bench")


def test_no_known_places_gives_the_world() -> None:
    empty = town_places().model_copy(update={"sectors": ()})
    address = choose_address(OfflineBrain(0), ISABELLA, empty, HOME, "x", "x", SETTINGS)
    assert address == Address(world=WORLD)
