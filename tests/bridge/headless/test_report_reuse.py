"""The run report counts each kind of reuse (hours, days, views, ratings), all residents
together, and the summary says how many of each were reused without a call."""

from __future__ import annotations

from collections.abc import Callable

from game.bridge.headless.report import run_report
from game.bridge.town_minds import LivingTown
from game.commands.simulate_text import summary_text

MakeTown = Callable[..., LivingTown]


def test_the_report_counts_reuse_by_kind(make_town: MakeTown) -> None:
    living = make_town("the_ville_n3")
    assert run_report(living, 0.0, 0.0)["plan_reuse"]["by_kind"] == {}  # nothing yet
    for mind in living.minds.values():
        state = mind.state
        state.hour_book.count(reused=True)
        state.hour_book.count(reused=False)
        state.day_book.count(reused=True)
        state.view_book.count(reused=False)
        state.rating_book.count(reused=3, rated=1)
    reuse = run_report(living, 0.0, 0.0)["plan_reuse"]
    minds = len(living.minds)
    assert (reuse["hours_reused"], reuse["hours_planned"], reuse["rate"]) == (minds, minds, 0.5)
    assert reuse["by_kind"] == {
        "hours": {"reused": minds, "by_call": minds, "rate": 0.5},
        "days": {"reused": minds, "by_call": 0, "rate": 1.0},
        "views": {"reused": 0, "by_call": minds, "rate": 0.0},
        "ratings": {"reused": 3 * minds, "by_call": minds, "rate": 0.75},
    }


def test_the_summary_says_what_was_reused_without_a_call() -> None:
    report = {
        "agents": 3, "game_hours": 1.0, "wall_s": 2.0, "llm_calls": 10,
        "llm_calls_per_agent_day": 80.0, "tokens_per_agent_day": 0.0, "fallbacks": 0,
        "errors": 0, "memories": 9, "reflections": 0, "plans": 3, "conversations": 0,
        "distinct_places_visited": 4,
        "plan_reuse": {
            "hours_reused": 1, "hours_planned": 3, "rate": 0.25,
            "by_kind": {
                "hours": {"reused": 1, "by_call": 3, "rate": 0.25},
                "days": {"reused": 2, "by_call": 1, "rate": 0.667},
            },
        },
    }  # fmt: skip
    text = summary_text(report)
    assert "reused from an earlier day: 1 (25%)" in text
    assert "reused without a call: hours 1 of 4, days 2 of 3" in text
