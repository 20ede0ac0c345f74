"""What bounds an hour plan's answer on the wire: `max_tokens` sized to the call's actions, the
schema's action count and string lengths (kept for llama.cpp-style servers and local ones,
left out of strict `json_schema` for a hosted API, whose strict mode does not take them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cognition.llm.openai_backend import OpenAIBackend, OutputMode, response_format_for
from cognition.llm.schema import with_length, without_lengths
from cognition.llm.task import Source
from cognition.steps.day_plan import DAY_PLAN, START_CHARS, DayPlanInput, DayPlanOutput
from cognition.steps.decompose import ACTIVITY_CHARS, EMOJI_CHARS, actions_tokens
from cognition.steps.hour_places import HourPlace
from cognition.steps.hour_plan import HOUR_PLAN, HourPlan, HourPlanInput
from cognition.testing.fake_openai_server import FakeOpenAIServer

Server = Callable[..., FakeOpenAIServer]
Backend = Callable[..., OpenAIBackend]


def hour_inputs(minutes: int) -> HourPlanInput:
    return HourPlanInput(
        agent="Klaus Mueller",
        identity="Klaus Mueller is a student",
        activity="tidy up at home",
        start="07:35",
        end="09:00",
        minutes=minutes,
        min_minutes=5,
        max_minutes=15,
        most_actions=-(-minutes // 10),  # as `decompose.most_actions` for 5-15 minutes
        memories=[],
        here="kitchen, Dorm",
        home="Dorm, Klaus Mueller's room",
        workplace="Oak Hill College",
        places=[HourPlace(sector="Dorm", arena="kitchen", objects="stove, kitchen sink")],
    )


def action_of(schema: dict[str, Any]) -> dict[str, Any]:
    item: dict[str, Any] = schema["properties"]["actions"]["items"]
    return item


def test_a_local_server_gets_each_hours_own_token_bound_and_bounded_strings(
    make_server: Server, make_backend: Backend
) -> None:
    server = make_server()  # on 127.0.0.1: a local server, which takes the lengths
    backend = make_backend(server)
    for minutes in (20, 85):
        completion = backend.complete(HOUR_PLAN, hour_inputs(minutes), agent="Klaus Mueller")
        assert completion.source is Source.MODEL
    short, long = server.chat_requests
    assert short.body["max_tokens"] == actions_tokens(2)
    assert long.body["max_tokens"] == actions_tokens(9) > short.body["max_tokens"]
    schema = long.body["response_format"]["json_schema"]["schema"]
    assert schema["properties"]["actions"]["maxItems"] == 9
    assert action_of(schema)["properties"]["activity"]["maxLength"] == ACTIVITY_CHARS
    assert schema["properties"]["emoji"]["maxLength"] == EMOJI_CHARS


def test_a_llama_cpp_style_server_gets_the_lengths_in_its_json_object_schema(
    make_server: Server, make_backend: Backend
) -> None:
    server = make_server(schema_only_in_json_object=True)
    backend = make_backend(server, output_mode="json_object_schema")
    completion = backend.complete(HOUR_PLAN, hour_inputs(60), agent="Klaus Mueller")
    assert completion.source is Source.MODEL
    [request] = server.chat_requests
    sent = request.body["response_format"]
    assert sent["type"] == "json_object"
    assert action_of(sent["schema"])["properties"]["activity"]["maxLength"] == ACTIVITY_CHARS
    assert request.body["max_tokens"] == actions_tokens(6)


def test_strict_json_schema_for_a_hosted_api_leaves_the_lengths_out() -> None:
    schema = HOUR_PLAN.json_schema(hour_inputs(60))
    hosted = response_format_for(OutputMode.JSON_SCHEMA, HourPlan, schema)
    local = response_format_for(OutputMode.JSON_SCHEMA, HourPlan, schema, lengths=True)
    object_mode = response_format_for(OutputMode.JSON_OBJECT_SCHEMA, HourPlan, schema)
    assert "maxLength" not in str(hosted)
    assert hosted["json_schema"]["schema"] == without_lengths(schema)
    assert local["json_schema"]["schema"] == schema
    assert object_mode["schema"] == schema
    # the rest of the narrowing stays: the places offered, the most actions
    kept = hosted["json_schema"]["schema"]
    assert kept["properties"]["arena"]["enum"] == ["kitchen"]
    assert kept["properties"]["actions"]["maxItems"] == 6


def test_with_length_narrows_a_copy_and_without_lengths_keeps_enum_values() -> None:
    schema = HOUR_PLAN.json_schema(hour_inputs(30))
    shorter = with_length(schema, "actions[].state", at_most=5)
    assert action_of(shorter)["properties"]["state"]["maxLength"] == 5
    assert action_of(schema)["properties"]["state"]["maxLength"] != 5  # argument untouched
    odd = {"type": "string", "enum": ["maxLength"], "maxLength": 9}
    assert without_lengths(odd) == {"type": "string", "enum": ["maxLength"]}


def test_a_local_server_gets_the_day_plans_strings_bounded(
    make_server: Server, make_backend: Backend
) -> None:
    """A day plan's times and activities end at their bounds under a constraining decoder
    (a small model's runaway activity ran the answer past its token budget)."""
    server = make_server()
    backend = make_backend(server)
    inputs = DayPlanInput(
        agent="Klaus Mueller", summary="Klaus Mueller is a student", yesterday="", today="",
        min_items=5, max_items=8, wake_time="07:00", sleep_time="23:00", work_hours="",
        home="Dorm", workplace="Oak Hill College", places=[], intentions=[],
    )  # fmt: skip
    completion = backend.complete(DAY_PLAN, inputs, agent="Klaus Mueller")
    assert completion.source is Source.MODEL
    [request] = server.chat_requests
    items = request.body["response_format"]["json_schema"]["schema"]["properties"]["items"]
    assert items["maxItems"] == 8
    assert items["items"]["properties"]["start"]["maxLength"] == START_CHARS == len("07:00")
    assert items["items"]["properties"]["activity"]["maxLength"] == ACTIVITY_CHARS
    hosted = response_format_for(
        OutputMode.JSON_SCHEMA, DayPlanOutput, DAY_PLAN.json_schema(inputs)
    )
    assert "maxLength" not in str(hosted)
