"""Action location: answers naming unknown places never escape the known tree."""

from __future__ import annotations

from cognition.contract import Address, KnownPlaces
from cognition.llm.task import LanguageModel
from cognition.offline import OfflineBrain
from cognition.steps.location import choose_address, place_actions
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import ISABELLA, WORLD, context_for, town_places

HOME = Address(world=WORLD, sector=ISABELLA.home_sector, arena="kitchen", object="stove")


def address_for(
    model: LanguageModel,
    activity: str,
    stretch: str,
    here: Address = HOME,
    places: KnownPlaces | None = None,
) -> Address:
    """Where Isabella, `here`, does `activity` (part of `stretch`) among the known places."""
    return choose_address(
        context_for(ISABELLA, model),
        activity,
        places=places if places is not None else town_places(),
        here=here,
        stretch=stretch,
    )


def test_offline_brain_walks_the_tree_to_the_named_place() -> None:
    address = address_for(
        OfflineBrain(0), "brew coffee at the coffee machine", "work at Hobbs Cafe"
    )
    assert address == Address(
        world=WORLD, sector="Hobbs Cafe", arena="cafe", object="coffee machine"
    )


def test_home_activities_stay_home() -> None:
    address = address_for(OfflineBrain(0), "take a shower", "get ready")
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
    address = address_for(model, "dance", "party")
    assert town_places().contains(address)
    assert address == HOME  # current sector, arena and object
    assert model.count("choose_place") == 4  # two tries at sector and arena
    assert model.count("choose_objects") == 2  # two tries at the object


def test_an_hours_actions_share_one_place_choice_and_one_object_call() -> None:
    model = ScriptedModel(fallback_model=OfflineBrain(0))
    actions = ["brew coffee at the coffee machine", "serve pastries", "wipe the counter"]
    placed = place_actions(
        context_for(ISABELLA, model),
        actions,
        places=town_places(),
        here=HOME,
        stretch="work at the cafe",
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
    ctx = context_for(ISABELLA, model)
    placed = place_actions(ctx, ["a", "b"], places=town_places(), here=HOME, stretch="work")
    addresses = [address for address, _ in placed]
    assert all(town_places().contains(a) for a in addresses)
    assert addresses[0].sector == "Hobbs Cafe" and addresses[0].arena == "cafe"
    assert [a.object for a in addresses] == ["counter", "counter"]  # fallback; first answer kept
    assert model.count("choose_place") == 4 and model.count("choose_objects") == 2


def test_fallback_from_the_street_is_home() -> None:
    street = Address(world=WORLD)
    model = ScriptedModel({"choose_place": [{"name": "Mars"}]})
    address = address_for(model, "rest", "rest", here=street)
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
    address = address_for(model, "sit", "walk")
    assert address == Address(world=WORLD, sector="Johnson Park", arena="park", object="bench")


def test_no_known_places_gives_the_world() -> None:
    empty = town_places().model_copy(update={"sectors": ()})
    address = address_for(OfflineBrain(0), "x", "x", places=empty)
    assert address == Address(world=WORLD)


def place_calls(stretch: str) -> tuple[Address, int]:
    """Where Isabella works through `stretch`, and the place questions it took."""
    model = ScriptedModel(fallback_model=OfflineBrain(0))
    ctx = context_for(ISABELLA, model)
    ((address, _),) = place_actions(
        ctx, ["get on with it"], places=town_places(), here=HOME, stretch=stretch
    )
    return address, model.count("choose_place")


def test_a_place_the_plan_item_names_is_not_asked_again() -> None:
    address, asked = place_calls("teach at Oak Hill College, classroom")
    assert (address.sector, address.arena, asked) == ("Oak Hill College", "classroom", 0)
    address, asked = place_calls("have a drink at the rose and crown pub")  # one arena
    assert (address.sector, address.arena, asked) == ("The Rose and Crown Pub", "pub", 0)
    address, asked = place_calls("work at Hobbs Cafe")  # its "cafe" is not the arena's name
    assert (address.sector, asked) == ("Hobbs Cafe", 1)
    address, asked = place_calls("have breakfast at home")  # home: the arena is asked
    assert (address.sector, asked) == (ISABELLA.home_sector, 1)
    address, asked = place_calls("go to the Moon Base")  # unknown: the tree is walked
    assert town_places().contains(address) and asked == 2


def test_the_one_arena_holding_the_hours_objects_is_not_asked() -> None:
    model = ScriptedModel(fallback_model=OfflineBrain(0))
    ctx = context_for(ISABELLA, model)
    cooking = ["fry eggs", "wash up"]
    placed = place_actions(
        ctx,
        cooking,
        places=town_places(),
        here=HOME,
        stretch="have breakfast at home",
        proposed=[("stove", "frying eggs"), ("refrigerator", "")],
    )
    assert [a.arena for a, _ in placed] == ["kitchen", "kitchen"]
    assert [(a.object, state) for a, state in placed] == [
        ("stove", "frying eggs"),
        ("refrigerator", "in use by Isabella Rodriguez"),
    ]
    assert model.count("choose_place") == 0 and model.count("choose_objects") == 0
    spread = [("stove", ""), ("shower", "")]  # kitchen and bathroom: the arena is asked
    place_actions(
        ctx, cooking, places=town_places(), here=HOME, stretch="get ready at home", proposed=spread
    )
    assert model.count("choose_place") == 1
