"""Answer schemas say what they mean: every task's schema (static and per call) is one strict
structured-output mode accepts, and the fake server's answers to it validate."""

from __future__ import annotations

import copy
import importlib
import pkgutil
from typing import Any

import pytest
from pydantic import BaseModel

import cognition.steps
from cognition.llm.schema import (
    strict_json_schema,
    with_enum,
    with_items,
    with_range,
    without_lengths,
)
from cognition.llm.task import Task
from cognition.offline.brain import ROUND_RULES, RULES, TURN_RULES
from cognition.testing.schema_instance import schema_instance

jsonschema = pytest.importorskip("jsonschema")

# what OpenAI's strict mode accepts (and llama.cpp's grammar conversion reads)
STRICT_KEYWORDS = {
    "$defs",
    "$ref",
    "additionalProperties",
    "anyOf",
    "const",
    "default",
    "description",
    "enum",
    "exclusiveMaximum",
    "exclusiveMinimum",
    "format",
    "items",
    "maxItems",
    "maximum",
    "minItems",
    "minimum",
    "multipleOf",
    "pattern",
    "properties",
    "required",
    "title",
    "type",
}


def all_tasks() -> list[Task[Any, Any]]:
    """Every module-level `Task` of the thinking steps."""
    found: dict[str, Task[Any, Any]] = {}
    for info in pkgutil.iter_modules(cognition.steps.__path__):
        module = importlib.import_module(f"cognition.steps.{info.name}")
        found.update({v.name: v for v in vars(module).values() if isinstance(v, Task)})
    return [found[name] for name in sorted(found)]


TASKS = all_tasks()


def strict_problems(node: Any, where: str = "$") -> list[str]:
    """Why strict mode would refuse the schema `node` (nothing: it would accept it)."""
    if not isinstance(node, dict):
        return [f"{where}: not a schema"]
    found = [f"{where}: {key!r} not allowed" for key in node if key not in STRICT_KEYWORDS]
    if "$ref" in node and len(node) > 1:
        found.append(f"{where}: $ref with siblings")
    if node.get("type") == "object" or "properties" in node:
        if node.get("additionalProperties") is not False:
            found.append(f"{where}: additionalProperties is not false")
        if node.get("required") != list(node.get("properties", {})):
            found.append(f"{where}: not every property is required")
    if "enum" in node:
        values = node["enum"]
        if not values or len({repr(v) for v in values}) != len(values):
            found.append(f"{where}: enum empty or repeating: {values!r}")
    for low, high in (("minItems", "maxItems"), ("minimum", "maximum")):
        if low in node and high in node and node[low] > node[high]:
            found.append(f"{where}: {low} {node[low]} above {high} {node[high]}")
    if node.get("minItems", 0) < 0:
        found.append(f"{where}: negative minItems")
    for key in ("properties", "$defs"):
        for name, sub in node.get(key, {}).items():
            found += strict_problems(sub, f"{where}.{key}.{name}")
    if "items" in node:
        found += strict_problems(node["items"], f"{where}[]")
    for index, branch in enumerate(node.get("anyOf", [])):
        found += strict_problems(branch, f"{where}|{index}")
    return found


def sample_inputs(task: Task[Any, Any]) -> list[BaseModel]:
    """Inputs for `task`: a generated instance, and one with every list empty and every
    number zero (no options, no count) — shapes a schema must survive."""
    schema = strict_json_schema(task.input_model)
    typical = task.input_model.model_validate(schema_instance(schema))
    bare = typical.model_copy(
        update={
            name: [] if isinstance(value, list) else 0
            for name, value in typical.model_dump().items()
            if isinstance(value, list) or (isinstance(value, int) and not isinstance(value, bool))
        }
    )
    return [typical, bare]


def test_every_task_is_found() -> None:
    assert {t.name for t in TASKS} == set(RULES) | set(TURN_RULES) | set(ROUND_RULES)


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.name)
def test_static_schema_is_strict(task: Task[Any, Any]) -> None:
    schema = strict_json_schema(task.output_model)
    assert strict_problems(schema) == []
    jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.name)
def test_per_call_schema_is_strict_and_fake_answers_follow_it(task: Task[Any, Any]) -> None:
    for inputs in sample_inputs(task):
        schema = task.json_schema(inputs)
        # strict json_schema gets it without string length bounds (`without_lengths`)
        assert strict_problems(without_lengths(schema)) == [], inputs
        jsonschema.Draft202012Validator.check_schema(schema)
        answer = schema_instance(schema)  # what the fake server answers
        jsonschema.validate(answer, schema)
        task.output_model.model_validate(answer)


def test_per_call_schemas_leave_the_static_one_alone() -> None:
    before = {t.name: strict_json_schema(t.output_model) for t in TASKS}
    for task in TASKS:
        for inputs in sample_inputs(task):
            task.json_schema(inputs)["mutated"] = True
    assert before == {t.name: strict_json_schema(t.output_model) for t in TASKS}


# --- the helpers ---------------------------------------------------------------------------


class Use(BaseModel):
    object: str
    minutes: int


class Uses(BaseModel):
    uses: list[Use]
    spare: Use
    maybe: Use | None = None
    tags: list[list[int]]


def test_with_items_and_enum_through_a_ref_inline_it_in_a_copy() -> None:
    schema = strict_json_schema(Uses)
    original = copy.deepcopy(schema)
    narrowed = with_enum(with_items(schema, "uses", exactly=2), "uses[].object", ["bed", "desk"])
    assert schema == original  # never edited in place
    uses = narrowed["properties"]["uses"]
    assert (uses["minItems"], uses["maxItems"]) == (2, 2)
    assert uses["items"]["properties"]["object"]["enum"] == ["bed", "desk"]
    # the other users of the shared definition keep it unchanged
    assert narrowed["properties"]["spare"] == {"$ref": "#/$defs/Use"}
    assert "enum" not in narrowed["$defs"]["Use"]["properties"]["object"]
    assert strict_problems(narrowed) == []


def test_unused_definitions_are_dropped() -> None:
    class One(BaseModel):
        uses: list[Use]

    narrowed = with_range(strict_json_schema(One), "uses[].minutes", minimum=5, maximum=15)
    assert "$defs" not in narrowed
    minutes = narrowed["properties"]["uses"]["items"]["properties"]["minutes"]
    assert (minutes["minimum"], minutes["maximum"]) == (5, 15)
    jsonschema.validate({"uses": [{"object": "x", "minutes": 5}]}, narrowed)


def test_nullable_fields_and_nested_arrays() -> None:
    schema = strict_json_schema(Uses)
    narrowed = with_enum(schema, "maybe.object", ["sofa"])
    branches = narrowed["properties"]["maybe"]["anyOf"]
    assert branches[0]["properties"]["object"]["enum"] == ["sofa"]
    assert branches[1] == {"type": "null"}
    deep = with_range(schema, "tags[][]", minimum=1, maximum=3)
    assert deep["properties"]["tags"]["items"]["items"]["maximum"] == 3


def test_an_empty_enum_leaves_the_value_unconstrained() -> None:
    schema = strict_json_schema(Uses)
    narrowed = with_enum(schema, "uses[].object", [])
    assert narrowed == schema and narrowed is not schema


def test_enum_values_repeat_once() -> None:
    narrowed = with_enum(strict_json_schema(Use), "object", ["bed", "bed", "desk"])
    assert narrowed["properties"]["object"]["enum"] == ["bed", "desk"]


def test_bad_paths_and_bounds_are_refused() -> None:
    schema = strict_json_schema(Uses)
    with pytest.raises(ValueError, match="no 'nothing'"):
        with_items(schema, "nothing", exactly=1)
    with pytest.raises(ValueError, match="no 'spare"):
        with_items(schema, "spare[]", exactly=1)
    with pytest.raises(ValueError, match="at least 3 and at most 2"):
        with_items(schema, "uses", at_least=3, at_most=2)
    with pytest.raises(ValueError, match="minimum"):
        with_range(schema, "spare.minutes", minimum=9, maximum=1)
