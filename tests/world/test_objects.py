from __future__ import annotations

import json
from datetime import datetime

import pytest

from game.world.address import Address
from game.world.objects import ObjectState, ObjectStates
from game.world.town import TownMap

STOVE = Address("Lin family's house", "kitchen", "stove")
COFFEE = Address("Hobbs Cafe", "cafe", "coffee machine")
MORNING = datetime(2023, 2, 13, 7, 30)


def test_states_start_from_the_map_defaults(small_town: TownMap) -> None:
    states = ObjectStates(small_town.tree.objects())
    assert states.get(COFFEE) == ObjectState("off")
    assert states.state(Address("Lin family's house", "bedroom", "bed")) == "made"
    assert len(list(states)) == 12


def test_set_records_who_and_when_and_reset_restores(small_town: TownMap) -> None:
    states = ObjectStates(small_town.tree.objects())
    states.set(STOVE, "is burning", by="Visitor", at=MORNING)
    assert states.get(STOVE) == ObjectState("is burning", "Visitor", MORNING)
    assert list(states.changed()) == [STOVE]
    states.reset(STOVE)
    assert states.get(STOVE) == ObjectState("idle")
    assert states.changed() == {}


def test_unknown_object_is_a_key_error(small_town: TownMap) -> None:
    states = ObjectStates(small_town.tree.objects())
    with pytest.raises(KeyError, match="piano"):
        states.set(Address("Hobbs Cafe", "cafe", "piano"), "playing", by="x", at=MORNING)


def test_state_round_trips_through_json(small_town: TownMap) -> None:
    states = ObjectStates(small_town.tree.objects())
    states.set(COFFEE, "brewing coffee", by="Isabella Rodriguez", at=MORNING)
    saved = json.loads(json.dumps(states.get_state()))
    restored = ObjectStates(small_town.tree.objects())
    restored.set(STOVE, "is burning", by="Visitor", at=MORNING)
    restored.set_state(saved)
    assert restored.get(COFFEE) == ObjectState("brewing coffee", "Isabella Rodriguez", MORNING)
    assert restored.get(STOVE) == ObjectState("idle")
