"""`MindDirector.get_state()` / `set_state()`: the director's bookkeeping as a typed value
that a fresh director of the same town takes back whole (what a save relies on)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from game.bridge.director_state import DirectorState, SlotState
from game.bridge.lockstep import LockstepRunner
from game.bridge.town_minds import LivingTown

MakeTown = Callable[..., LivingTown]


def test_a_fresh_director_takes_back_the_state_of_one_that_lived(make_town: MakeTown) -> None:
    lived = make_town()
    LockstepRunner(lived).run_until(lived.clock.now + timedelta(minutes=90))
    state = lived.director.get_state()
    assert state.stats["decisions"] > 0  # the town did think: there is state to carry
    assert any(slot.due is not None for slot in state.slots.values())

    fresh = make_town()
    assert fresh.director.get_state() != state
    here = {resident.name: resident.tile for resident in fresh.population}
    fresh.director.set_state(state, here, fresh.objects)

    assert fresh.director.get_state() == state


def test_the_state_survives_json_and_leaves_out_who_is_not_here(make_town: MakeTown) -> None:
    lived = make_town()
    LockstepRunner(lived).run_until(lived.clock.now + timedelta(minutes=30))
    state = DirectorState.model_validate_json(lived.director.get_state().model_dump_json())
    assert state.slots == lived.director.get_state().slots

    fresh = make_town()
    first, *others = list(fresh.population)
    here = {resident.name: resident.tile for resident in others}
    fresh.director.set_state(state, here, fresh.objects)

    restored = fresh.director.get_state()
    assert restored.slots[first.name] == SlotState()  # not here: its slot stays fresh
    for resident in others:
        assert restored.slots[resident.name] == state.slots[resident.name]
