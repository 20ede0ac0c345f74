"""A pair talk's job thinks its members' next steps once the talk is kept (with thinking
ahead on): they apply as the talk ends, at its moment, and a lockstep run stays the same for
a seed however fast the minds answer. Without thinking ahead the members decide at the
talk's end, as before; a save keeps the decisions of a talk not applied yet."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from cognition import Conversation, ConversationLine, Decision, contract
from game.bridge.after_talk import talk_ends
from game.bridge.director_state import outcome_of, outcome_state
from game.bridge.jobs import Conversed, Outcome
from game.bridge.lockstep import LockstepRunner
from game.bridge.town_minds import LivingTown
from tests.bridge.test_talk_lines import ISABELLA, KLAUS, Jittery

MakeTown = Callable[..., LivingTown]


def run_of(make_town: MakeTown, jitter_seed: int | None) -> dict[str, Any]:
    """Four game hours of the 3-resident town in lockstep, thinking 3 minutes ahead: what
    it did, and each talk's outcome with the moment it applied."""
    living = make_town(think_ahead_minutes=3.0)
    if jitter_seed is not None:
        for offset, mind in enumerate(living.minds.values()):
            mind.model = Jittery(mind.model, jitter_seed + offset)
    director, talks = living.director, []
    apply = director.apply

    def noted(outcome: Outcome, now: datetime) -> None:
        if isinstance(outcome, Conversed):
            talks.append((outcome, now))
        apply(outcome, now)

    director.apply = noted  # type: ignore[method-assign]
    LockstepRunner(living).run_until(living.clock.now + timedelta(hours=4))
    return {
        "lines": [(x.time, x.speaker, x.text) for x in director.dialogue.lines()],
        "tiles": {r.name: r.tile for r in living.population},
        "memories": {
            name: [(r.created, r.text) for r in mind.memory.all()]  # type: ignore[attr-defined]
            for name, mind in living.minds.items()
        },
        "waits": director.stats.decision_waits,
        "talks": talks,
    }


def test_a_talk_s_job_decides_its_members_next_steps_for_its_end_and_runs_repeat(
    make_town: MakeTown,
) -> None:
    steady = run_of(make_town, None)
    pairs = [(o, at) for o, at in steady["talks"] if len(o.names) == 2]
    assert pairs, "no pair talk: the test would prove little"
    for outcome, applied_at in pairs:
        talk = outcome.conversation
        assert len(outcome.decisions) == 2 and all(outcome.decisions)
        ends = talk_ends(talk.started, len(talk.lines), 1.0)
        assert applied_at == ends  # applied as the last line has been shown
        for name, decision in zip(outcome.names, outcome.decisions, strict=True):
            assert decision is not None and (decision.agent, decision.time) == (name, ends)
    assert all(max(waits) == 0.0 for waits in steady["waits"].values())  # each at its moment
    assert run_of(make_town, 1) == steady


def test_without_thinking_ahead_the_members_decide_at_the_talk_s_end(
    make_town: MakeTown,
) -> None:
    living = make_town()
    assert living.director.after_talk([ISABELLA, KLAUS], living.clock.now) is None
    ahead = make_town(think_ahead_minutes=3.0)
    after = ahead.director.after_talk([ISABELLA, KLAUS], ahead.clock.now)
    assert after is not None
    assert [seen.agent for seen in after.perceptions] == [ISABELLA, KLAUS]
    assert after.perceptions[0].current_activity == f"talking with {KLAUS}"


def test_a_save_keeps_the_next_steps_a_talk_s_job_thought() -> None:
    now = datetime(2023, 2, 13, 10, 0)
    names = (ISABELLA, KLAUS)
    talk = Conversation(
        participants=names,
        started=now,
        lines=(ConversationLine(speaker=ISABELLA, text="Hello, Klaus!"),),
        summary="They greeted each other.",
    )
    step = Decision(agent=ISABELLA, time=now, actions=(contract.Wait(minutes=5),))
    kept = outcome_of(outcome_state(Conversed(7, names, talk, (step, None))))
    assert isinstance(kept, Conversed)
    assert (kept.conversation, kept.decisions) == (talk, (step, None))
