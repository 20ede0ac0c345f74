"""Applying a decision: each action by its type; one that cannot apply is logged and counted,
never silently dropped, and the rest of the decision still applies."""

from __future__ import annotations

import logging
from collections.abc import Callable

import pytest

from cognition.contract import (
    Address,
    ChangeObjectState,
    Decision,
    GoTo,
    SayLine,
    StartConversation,
    Wait,
)
from game.bridge.town_minds import LivingTown

MakeTown = Callable[..., LivingTown]
KLAUS, MARIA = "Klaus Mueller", "Maria Lopez"


def decide(living: LivingTown, name: str, *actions: object) -> None:
    """Apply a decision made of `actions` for `name` at the town's time (main thread)."""
    now = living.clock.now
    living.population.update(now, 0.0)  # the director learns the residents
    decision = Decision(agent=name, time=now, actions=tuple(actions))  # type: ignore[arg-type]
    living.director.apply_decision(name, decision, now)


def test_a_line_to_a_resident_outside_a_conversation_is_logged_and_counted(
    make_town: MakeTown, caplog: pytest.LogCaptureFixture
) -> None:
    living = make_town()
    with caplog.at_level(logging.WARNING, logger="game.bridge.director"):
        decide(living, KLAUS, SayLine(partner=MARIA, text="Hi Maria!"), Wait(minutes=7))
    stats = living.director.stats
    assert stats.unapplied == 1
    assert KLAUS in stats.last_unapplied and MARIA in stats.last_unapplied
    assert any("cannot apply" in r.getMessage() and "say" in r.getMessage() for r in caplog.records)
    slot = living.director.slots[KLAUS]
    assert slot.due is not None
    assert (slot.due - living.clock.now).total_seconds() == 7 * 60  # the Wait still applied


def test_an_unknown_object_or_partner_cannot_apply(make_town: MakeTown) -> None:
    living = make_town()
    nowhere = Address(world="the Ville", sector="Nowhere", arena="void", object="teapot")
    decide(
        living,
        KLAUS,
        ChangeObjectState(address=nowhere, state="boiling"),
        StartConversation(partner="Nobody Known"),
    )
    stats = living.director.stats
    assert stats.unapplied == 2
    assert "Nobody Known" in stats.last_unapplied
    assert living.director.slots[KLAUS].wants_to_talk is None


def test_actions_that_can_apply_still_do(make_town: MakeTown) -> None:
    living = make_town()
    thing = next(iter(living.town.tree.objects())).address
    address = Address(world=living.town.world, sector=thing.sector, arena=thing.arena)
    decide(
        living,
        KLAUS,
        GoTo(address=address, activity="reading", emoji="📖", duration_minutes=20),
        StartConversation(partner=MARIA),
    )
    director = living.director
    assert director.stats.unapplied == 0 and director.stats.go_tos == 1
    slot = director.slots[KLAUS]
    assert slot.queued is not None and slot.wants_to_talk == MARIA
