"""Strict JSON schemas from output models, and the fake server's instances of them."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

import pytest
from pydantic import BaseModel, Field, ValidationError

from cognition.llm.schema import (
    schema_name,
    strict_json_schema,
    with_enum,
    with_items,
    with_range,
)
from cognition.testing.schema_instance import schema_instance, schema_violation


class Step(BaseModel):
    description: str = Field(min_length=3, max_length=80)
    minutes: int = Field(ge=5, le=15)


class Place(BaseModel):
    sector: str
    arena: str | None = None


class DayPlan(BaseModel):
    """A model using most of what output models use."""

    mood: Literal["calm", "busy"]
    steps: list[Step] = Field(min_length=5, max_length=8)
    where: Place = Field(description="where the day starts")
    wake_at: datetime
    score: float = Field(gt=0, lt=1)
    tags: list[str] = []
    nested: list[list[int]] = Field(default_factory=list)
    ok: bool = True


def walk(node: Any) -> list[dict[str, Any]]:
    if isinstance(node, dict):
        return [node, *(n for value in node.values() for n in walk(value))]
    if isinstance(node, list):
        return [n for item in node for n in walk(item)]
    return []


def test_every_object_is_closed_and_fully_required() -> None:
    schema = strict_json_schema(DayPlan)
    objects = [n for n in walk(schema) if n.get("type") == "object"]
    assert len(objects) >= 3
    for node in objects:
        assert node["additionalProperties"] is False
        assert node["required"] == list(node["properties"])


def test_refs_with_siblings_are_inlined() -> None:
    schema = strict_json_schema(DayPlan)
    where = schema["properties"]["where"]
    assert "$ref" not in where and where["description"] == "where the day starts"
    assert where["properties"]["sector"] == {"title": "Sector", "type": "string"}


def test_schema_name_is_acceptable() -> None:
    assert schema_name(DayPlan) == "DayPlan"


@pytest.mark.parametrize("model", [DayPlan, Step, Place])
def test_generated_instances_validate(model: type[BaseModel]) -> None:
    for schema in (model.model_json_schema(), strict_json_schema(model)):
        model.model_validate(schema_instance(schema))


def test_generated_instance_respects_bounds() -> None:
    plan = DayPlan.model_validate(schema_instance(strict_json_schema(DayPlan)))
    assert len(plan.steps) == 5 and all(5 <= s.minutes <= 15 for s in plan.steps)
    assert 0 < plan.score < 1 and plan.mood == "calm"


def test_violations_do_not_validate() -> None:
    with pytest.raises(ValidationError):
        DayPlan.model_validate(schema_violation(strict_json_schema(DayPlan)))


def test_generated_instance_follows_narrowed_schemas() -> None:
    """The fake server answers per-call schemas in their shape: enums, item counts, ranges."""
    schema = with_items(strict_json_schema(DayPlan), "steps", exactly=6)
    schema = with_range(schema, "steps[].minutes", minimum=7, maximum=9)
    schema = with_enum(schema, "where.sector", ["Hobbs Cafe", "Johnson Park"])
    plan = DayPlan.model_validate(schema_instance(schema))
    assert len(plan.steps) == 6 and {s.minutes for s in plan.steps} == {7}
    assert plan.where.sector == "Hobbs Cafe"
