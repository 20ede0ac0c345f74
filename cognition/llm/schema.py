"""JSON schemas for structured output.

OpenAI's strict `json_schema` mode accepts only a subset of JSON Schema: every object must say
`additionalProperties: false` and list all of its properties as required, and a `$ref` may
not carry sibling keys. `strict_json_schema` turns a pydantic model's schema into that form
(optional fields stay nullable, so the model simply answers `null` for them).
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from pydantic import BaseModel

__all__ = ["schema_name", "schema_text", "strict_json_schema"]


def strict_json_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema made acceptable to strict structured-output mode."""
    schema = copy.deepcopy(model.model_json_schema())
    strict: dict[str, Any] = _make_strict(schema, root=schema)
    return strict


def schema_name(model: type[BaseModel]) -> str:
    """A `json_schema.name` the API accepts: `^[a-zA-Z0-9_-]{1,64}$`."""
    return re.sub(r"[^a-zA-Z0-9_-]", "_", model.__name__)[:64] or "output"


def _make_strict(node: Any, *, root: dict[str, Any]) -> Any:
    if isinstance(node, list):
        return [_make_strict(item, root=root) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node and len(node) > 1:
        resolved = _resolve(root, node["$ref"])
        merged = {**resolved, **{k: v for k, v in node.items() if k != "$ref"}}
        return _make_strict(merged, root=root)
    strict: dict[str, Any] = {}
    for key, value in node.items():
        if key in ("properties", "$defs", "definitions") and isinstance(value, dict):
            strict[key] = {name: _make_strict(sub, root=root) for name, sub in value.items()}
        else:
            strict[key] = _make_strict(value, root=root)
    if strict.get("default", "absent") is None:
        del strict["default"]
    if strict.get("type") == "object" or "properties" in strict:
        strict["additionalProperties"] = False
        strict["required"] = list(strict.get("properties", {}))
    all_of = strict.get("allOf")
    if isinstance(all_of, list) and len(all_of) == 1 and isinstance(all_of[0], dict):
        del strict["allOf"]
        strict = {**all_of[0], **strict}
    return strict


def _resolve(root: dict[str, Any], ref: str) -> dict[str, Any]:
    if not ref.startswith("#/"):
        raise ValueError(f"unsupported $ref {ref!r}")
    node: Any = root
    for part in ref[2:].split("/"):
        node = node[part]
    if not isinstance(node, dict):
        raise ValueError(f"$ref {ref!r} does not point at a schema")
    return copy.deepcopy(node)


def schema_text(model: type[BaseModel]) -> str:
    """The strict schema as compact JSON, for prompts and cache keys."""
    return json.dumps(strict_json_schema(model), sort_keys=True, separators=(",", ":"))
