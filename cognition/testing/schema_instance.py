"""A small valid instance of a JSON schema, and a deliberately invalid one.

Enough of JSON Schema for pydantic's output: `type` (also as a list), `enum`, `const`,
strings with `minLength`/`maxLength`/`format`, integers and numbers within their bounds,
arrays within `minItems`/`maxItems`, nested objects, `$defs`/`$ref`, `anyOf`/`oneOf`/`allOf`
(the first non-null branch), nullable fields. Deterministic: the same schema, the same answer.
"""

from __future__ import annotations

import math
from typing import Any

__all__ = ["schema_instance", "schema_violation"]

_MAX_DEPTH = 16


def schema_instance(schema: dict[str, Any]) -> Any:
    """A minimal value that `schema` accepts."""
    return _instance(schema, root=schema, name="text", depth=0)


def schema_violation(schema: dict[str, Any]) -> Any:
    """A value of the right outline whose every top-level field has the wrong type."""
    valid = schema_instance(schema)
    if not isinstance(valid, dict) or not valid:
        return ["not", "an", "object"]
    return {key: _wrong_type(value) for key, value in valid.items()}


def _wrong_type(value: Any) -> Any:
    if isinstance(value, bool):
        return {"unexpected": "object"}
    if isinstance(value, int | float):
        return "not a number"
    if isinstance(value, str):
        return [{"unexpected": 1}]
    if isinstance(value, list):
        return 42
    if isinstance(value, dict):
        return "not an object"
    return [1, 2, 3]


def _instance(schema: Any, *, root: dict[str, Any], name: str, depth: int) -> Any:
    if depth > _MAX_DEPTH or not isinstance(schema, dict):
        return None
    if "$ref" in schema:
        return _instance(_resolve(root, schema["$ref"]), root=root, name=name, depth=depth + 1)
    if "const" in schema:
        return schema["const"]
    if schema.get("enum"):
        return schema["enum"][0]
    for key in ("anyOf", "oneOf"):
        if key in schema:
            branches = [b for b in schema[key] if not _is_null(b)] or schema[key]
            return _instance(branches[0], root=root, name=name, depth=depth + 1)
    if "allOf" in schema:
        merged: dict[str, Any] = {}
        for part in schema["allOf"]:
            merged.update(_resolve(root, part["$ref"]) if "$ref" in part else part)
        merged.update({k: v for k, v in schema.items() if k != "allOf"})
        return _instance(merged, root=root, name=name, depth=depth + 1)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind is None:
        kind = "object" if "properties" in schema else "string"
    return _of_type(kind, schema, root=root, name=name, depth=depth)


def _of_type(
    kind: str, schema: dict[str, Any], *, root: dict[str, Any], name: str, depth: int
) -> Any:
    if kind == "object":
        properties = schema.get("properties", {})
        return {
            key: _instance(sub, root=root, name=key, depth=depth + 1)
            for key, sub in properties.items()
        }
    if kind == "array":
        low = int(schema.get("minItems", 0))
        high = schema.get("maxItems")
        count = max(low, 1) if high is None else min(max(low, 1), int(high))
        items = schema.get("items", {})
        return [_instance(items, root=root, name=name, depth=depth + 1) for _ in range(count)]
    if kind in ("integer", "number"):
        return _number(schema, integer=kind == "integer")
    if kind == "boolean":
        return False
    if kind == "null":
        return None
    return _string(schema, name)


def _number(schema: dict[str, Any], *, integer: bool) -> int | float:
    step = 1.0 if integer else 0.5
    low = schema.get("minimum")
    high = schema.get("maximum")
    if "exclusiveMinimum" in schema:
        low = schema["exclusiveMinimum"] + step
    if "exclusiveMaximum" in schema:
        high = schema["exclusiveMaximum"] - step
    value = 1.0
    if low is not None:
        value = max(value, float(low))
    if high is not None:
        value = min(value, float(high))
    return math.ceil(value) if integer else value


def _string(schema: dict[str, Any], name: str) -> str:
    formats = {"date-time": "2023-02-13T08:00:00", "date": "2023-02-13", "time": "08:00:00"}
    if schema.get("format") in formats:
        return formats[schema["format"]]
    if "emoji" in name:  # a model asked for emoji answers with emoji
        return "\U0001f4ac"
    text = f"example {name}".replace("_", " ")
    low = int(schema.get("minLength", 0))
    if len(text) < low:
        text = (text + " ") * (low // max(len(text), 1) + 1)
    high = schema.get("maxLength")
    text = text[: int(high)] if high is not None else text
    return text.ljust(low, "x")


def _is_null(schema: Any) -> bool:
    return isinstance(schema, dict) and schema.get("type") == "null"


def _resolve(root: dict[str, Any], ref: str) -> dict[str, Any]:
    node: Any = root
    for part in ref.removeprefix("#/").split("/"):
        node = node.get(part, {}) if isinstance(node, dict) else {}
    return node if isinstance(node, dict) else {}
