"""Each step's answer schema says what it means, and answers off it are still accepted as
before (brought into range the way the step always treated them)."""

from __future__ import annotations

from typing import Any

from cognition.llm.schema import strict_json_schema
from cognition.plan import DAY_MINUTES
from cognition.settings import MindSettings
from cognition.steps.day_plan import DAY_PLAN, DayPlanInput, DayPlanOutput, plan_day
from cognition.steps.decompose import (
    ACTIVITY_CHARS,
    DECOMPOSE,
    EMOJI_CHARS,
    OBJECT_CHARS,
    STATE_CHARS,
    DecomposeInput,
    Decomposition,
    actions_tokens,
    lay_out,
)
from cognition.steps.hourly import HOURLY, HourlyInput
from cognition.steps.importance import (
    NEUTRAL,
    RATE_IMPORTANCE,
    ImportanceInput,
    ImportanceRatings,
    rate_importances,
)
from cognition.steps.interview import Intention
from cognition.steps.location import CHOOSE_PLACE, PlaceChoiceInput
from cognition.steps.objects import CHOOSE_OBJECTS, ObjectsInput
from cognition.steps.react import REACT, ReactInput
from cognition.steps.reflect import (
    INSIGHTS,
    SALIENT_QUESTIONS,
    Insight,
    Insights,
    InsightsInput,
    QuestionsInput,
    citing,
)
from cognition.steps.replan import REPLAN, ReplanInput
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import ISABELLA, context_for


def prop(schema: dict[str, Any], *path: str) -> dict[str, Any]:
    """The (inlined) sub-schema at `path`: property names, "[]" for an array's items."""
    node = schema
    for step in path:
        node = node["items"] if step == "[]" else node["properties"][step]
        assert "$ref" not in node
    return node


def bounds(node: dict[str, Any]) -> tuple[Any, Any]:
    if node.get("type") == "array":
        return node.get("minItems"), node.get("maxItems")
    return node.get("minimum"), node.get("maximum")


# --- importance --------------------------------------------------------------------------


def importance_input(count: int) -> ImportanceInput:
    memories = [f"{i}. memory {i}" for i in range(1, count + 1)]
    return ImportanceInput(agent="Isabella", identity="...", memories=memories, count=count)


def test_importance_asks_for_exactly_one_rating_per_memory_on_the_scale() -> None:
    schema = RATE_IMPORTANCE.json_schema(importance_input(4))
    assert bounds(prop(schema, "ratings")) == (4, 4)
    assert bounds(prop(schema, "ratings", "[]")) == (1, 10)
    assert bounds(prop(strict_json_schema(ImportanceRatings), "ratings", "[]")) == (1, 10)


def test_ratings_off_the_scale_are_still_accepted_and_neutral_as_before() -> None:
    ratings = ImportanceRatings.model_validate({"ratings": [11, 0, "7", 10.0, -3, 1]})
    assert ratings.ratings == [NEUTRAL, NEUTRAL, 7, 10, NEUTRAL, 1]
    model = ScriptedModel({"rate_importance": [{"ratings": [11, 9, 0, 4, 8]}]})
    ctx = context_for(ISABELLA, model)
    assert rate_importances(ctx, ["a", "b", "c", "d"]) == [NEUTRAL, 9, NEUTRAL, 4]


# --- places and objects ------------------------------------------------------------------


def place_input(options: list[str]) -> PlaceChoiceInput:
    return PlaceChoiceInput(
        agent="Isabella",
        activity="brew coffee",
        context="work",
        level="sector",
        within="the Ville",
        options=options,
        notes=options,
        current="",
        home="home",
        workplace="Hobbs Cafe",
    )


def test_a_place_is_one_of_the_options() -> None:
    options = ["Hobbs Cafe", "Johnson Park"]
    assert prop(CHOOSE_PLACE.json_schema(place_input(options)), "name")["enum"] == options
    assert "enum" not in prop(CHOOSE_PLACE.json_schema(place_input([])), "name")


def objects_input(count: int, options: list[str]) -> ObjectsInput:
    actions = [f"{i}. act {i}" for i in range(1, count + 1)]
    return ObjectsInput(
        agent="Isabella",
        place="cafe",
        context="work",
        actions=actions,
        count=count,
        options=options,
        current="",
    )


def test_objects_one_use_per_action_each_of_the_options() -> None:
    schema = CHOOSE_OBJECTS.json_schema(objects_input(3, ["counter", "stove"]))
    assert bounds(prop(schema, "uses")) == (3, 3)
    assert prop(schema, "uses", "[]", "object")["enum"] == ["counter", "stove"]
    assert "$defs" not in schema
    bare = CHOOSE_OBJECTS.json_schema(objects_input(2, []))
    assert "enum" not in str(bare)


# --- planning ----------------------------------------------------------------------------


def day_plan_input(min_items: int, max_items: int) -> DayPlanInput:
    return DayPlanInput(
        agent="Isabella",
        summary="s",
        yesterday="y",
        today="Monday February 13, 2023",
        min_items=min_items,
        max_items=max_items,
        wake_time="07:00",
        sleep_time="23:00",
        work_hours="",
        home="home",
        workplace="cafe",
        places=[],
        intentions=[],
    )


def test_a_day_plan_asks_for_the_configured_number_of_items() -> None:
    assert bounds(prop(DAY_PLAN.json_schema(day_plan_input(5, 8)), "items")) == (5, 8)
    assert bounds(prop(DAY_PLAN.json_schema(day_plan_input(8, 5)), "items")) == (5, 8)


def test_a_day_plan_with_more_items_than_asked_is_still_used_whole() -> None:
    items = [{"start": f"{h:02d}:00", "activity": f"thing {h}"} for h in range(7, 17)]
    assert len(DayPlanOutput.model_validate({"items": items}).items) == 10
    ctx = context_for(ISABELLA, ScriptedModel({"day_plan": [{"items": items}]}))
    outline = plan_day(ctx, day_plan_input(5, 8))
    assert [s.activity for s in outline][1:] == [f"thing {h}" for h in range(7, 17)]


def test_hourly_and_replan_cap_their_items() -> None:
    hourly = HOURLY.json_schema(HourlyInput(agent="a", summary="s", today="t", outline=[]))
    assert bounds(prop(hourly, "items")) == (None, 24)
    remaining = ["09:00-12:00 work", "12:00-13:00 lunch"]
    replan = REPLAN.json_schema(
        ReplanInput(
            agent="a",
            summary="s",
            now="09:00",
            event="chat",
            event_minutes=15,
            event_end="09:15",
            remaining=remaining,
        )
    )
    assert bounds(prop(replan, "items")) == (1, 5)


def decompose_input(minutes: int, low: int, high: int) -> DecomposeInput:
    return DecomposeInput(
        agent="a",
        identity="s",
        activity="work",
        start="09:00",
        end="10:00",
        minutes=minutes,
        min_minutes=low,
        max_minutes=high,
        objects=[],
    )


def test_decomposed_actions_last_the_configured_minutes_and_fit_the_window() -> None:
    schema = DECOMPOSE.json_schema(decompose_input(60, 5, 15))
    assert bounds(prop(schema, "actions", "[]", "minutes")) == (5, 15)
    # as many as fill the hour at 10 minutes each (not 12 of 5: a small model constrained to
    # the schema writes up to the most it allows)
    assert bounds(prop(schema, "actions")) == (1, 6)
    assert bounds(prop(DECOMPOSE.json_schema(decompose_input(3, 5, 15)), "actions")) == (1, 1)
    assert bounds(prop(DECOMPOSE.json_schema(decompose_input(60, 15, 5)), "actions")) == (1, 6)
    assert bounds(prop(DECOMPOSE.json_schema(decompose_input(85, 5, 15)), "actions")) == (1, 9)


def test_decomposed_action_strings_are_bounded_and_the_answer_tokens_follow_the_actions() -> None:
    schema = DECOMPOSE.json_schema(decompose_input(60, 5, 15))
    action = prop(schema, "actions", "[]")
    assert action["properties"]["activity"]["maxLength"] == ACTIVITY_CHARS
    assert action["properties"]["state"]["maxLength"] == STATE_CHARS
    assert action["properties"]["emoji"]["maxLength"] == EMOJI_CHARS
    assert schema["properties"]["emoji"]["maxLength"] == EMOJI_CHARS
    assert action["properties"]["object"]["maxLength"] == OBJECT_CHARS  # no objects at hand
    short, long = decompose_input(20, 5, 15), decompose_input(85, 5, 15)
    assert DECOMPOSE.answer_tokens(short) == actions_tokens(2) < DECOMPOSE.answer_tokens(long)
    assert DECOMPOSE.answer_tokens(long) == actions_tokens(9)


def test_action_minutes_off_the_range_are_clamped_and_laid_out_as_before() -> None:
    answer = {
        "actions": [
            {"activity": "a", "minutes": 0, "emoji": ""},
            {"activity": "b", "minutes": 5000, "emoji": ""},
            {"activity": "c", "minutes": "10", "emoji": ""},
        ]
    }
    actions = Decomposition.model_validate(answer).actions
    assert [a.minutes for a in actions] == [1, DAY_MINUTES, 10]
    steps = lay_out(actions, 540, 600, "work", MindSettings())
    laid_out = [(s.activity, s.minutes) for s in steps]
    assert laid_out == [("a", 5), ("b", 15), ("c", 10), ("work", 15), ("work", 15)]


def test_intention_minutes_are_a_stretch_of_one_day() -> None:
    assert Intention.model_validate({"statement": "s", "minutes": 0}).minutes == 1
    assert Intention.model_validate({"statement": "s", "minutes": 10_000}).minutes == DAY_MINUTES
    assert Intention.model_validate({"statement": "s"}).minutes == 60


# --- reflection and reacting -------------------------------------------------------------


def test_reflection_asks_for_count_questions_and_cited_insights() -> None:
    questions = SALIENT_QUESTIONS.json_schema(QuestionsInput(agent="a", count=3, memories=["m"]))
    assert bounds(prop(questions, "questions")) == (3, 3)
    statements = ["1. one", "2. two", "3. three"]
    insights = INSIGHTS.json_schema(
        InsightsInput(agent="a", questions=["q"], count=5, statements=statements)
    )
    assert bounds(prop(insights, "insights")) == (1, 5)
    three = InsightsInput(agent="a", questions=["q", "r", "s"], count=5, statements=statements)
    assert bounds(prop(INSIGHTS.json_schema(three), "insights")) == (1, 15)
    assert bounds(prop(insights, "insights", "[]", "evidence")) == (1, 3)
    assert bounds(prop(insights, "insights", "[]", "evidence", "[]")) == (1, 3)


def test_citations_below_one_are_dropped_as_citing_always_did() -> None:
    insight = Insights.model_validate(
        {"insights": [{"text": "t", "evidence": [0, "2", -1, 3.0, 9]}]}
    ).insights[0]
    assert insight.evidence == [2, 3, 9]
    assert Insight.model_validate({"text": "t", "evidence": [0]}).evidence == []
    assert citing([insight], []) == []


def react_input(may_talk: bool) -> ReactInput:
    return ReactInput(
        agent="a",
        summary="s",
        now="now",
        current_activity="x",
        observation="o",
        observed="b",
        relationship_memories=[],
        status_memories=[],
        may_talk=may_talk,
    )


def test_talk_is_offered_only_when_allowed() -> None:
    assert prop(REACT.json_schema(react_input(True)), "choice")["enum"] == [
        "continue",
        "react",
        "talk",
    ]
    assert prop(REACT.json_schema(react_input(False)), "choice")["enum"] == ["continue", "react"]
