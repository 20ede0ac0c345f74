"""JSON schemas for structured output.

OpenAI's strict `json_schema` mode accepts only a subset of JSON Schema: every object must say
`additionalProperties: false` and list all of its properties as required, and a `$ref` may
not carry sibling keys. `strict_json_schema` turns a pydantic model's schema into that form
(optional fields stay nullable, so the model simply answers `null` for them).

A call's inputs often pin the answer down further than its output model can (a rating per
numbered memory: exactly `count` of them; a place: one of the options offered). `with_items`,
`with_enum`, `with_range` and `with_length` narrow a strict schema at a path ("uses[].object":
the `object` of every item of `uses`) and return the narrowed copy, never touching their
argument; a `$ref` on the way is inlined in the copy, so one use of a shared definition never
changes another.
Servers that constrain decoding to the schema then answer in exactly that shape.

A string's `maxLength` (`with_length`) is what bounds a constrained answer: llama.cpp's grammar
for a string without one is `char*`, and a small model sampling at the server's default
temperature may never close the quote — it writes until `max_tokens` and the answer is cut,
invalid. OpenAI's strict mode does not list the length keywords among those it accepts:
`without_lengths` takes them out for it.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from pydantic import BaseModel

__all__ = [
    "schema_name",
    "schema_text",
    "strict_json_schema",
    "with_enum",
    "with_items",
    "with_length",
    "with_range",
    "without_lengths",
]

LENGTH_KEYWORDS = ("minLength", "maxLength")

Scalar = str | int | float | bool


def strict_json_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema made acceptable to strict structured-output mode (a fresh
    copy: the caller may change it)."""
    return copy.deepcopy(_strict_schema(model))


@cache
def _strict_schema(model: type[BaseModel]) -> dict[str, Any]:
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


def with_items(
    schema: dict[str, Any],
    path: str,
    *,
    exactly: int | None = None,
    at_least: int | None = None,
    at_most: int | None = None,
) -> dict[str, Any]:
    """A copy of `schema` whose array at `path` holds `exactly` items (or `at_least` /
    `at_most`; None leaves that bound as it was)."""
    if exactly is not None:
        at_least = at_most = exactly
    low = None if at_least is None else max(0, at_least)
    high = None if at_most is None else max(0, at_most)
    if low is not None and high is not None and low > high:
        raise ValueError(f"at least {low} and at most {high} items at {path!r}")
    return _narrowed(schema, path, {"minItems": low, "maxItems": high})


def with_enum(schema: dict[str, Any], path: str, values: Iterable[Scalar]) -> dict[str, Any]:
    """A copy of `schema` whose value at `path` is one of `values` (repeats dropped); with no
    values the value stays unconstrained (an empty `enum` would be an invalid schema)."""
    distinct = list(dict.fromkeys(values))
    if not distinct:
        return copy.deepcopy(schema)
    return _narrowed(schema, path, {"enum": distinct})


def with_range(
    schema: dict[str, Any],
    path: str,
    *,
    minimum: int | float | None = None,
    maximum: int | float | None = None,
) -> dict[str, Any]:
    """A copy of `schema` whose number at `path` lies in [`minimum`, `maximum`] (None leaves
    that bound as it was)."""
    if minimum is not None and maximum is not None and minimum > maximum:
        raise ValueError(f"minimum {minimum} above maximum {maximum} at {path!r}")
    return _narrowed(schema, path, {"minimum": minimum, "maximum": maximum})


def with_length(schema: dict[str, Any], path: str, *, at_most: int) -> dict[str, Any]:
    """A copy of `schema` whose string at `path` has at most `at_most` characters."""
    if at_most < 1:
        raise ValueError(f"at most {at_most} characters at {path!r}")
    return _narrowed(schema, path, {"maxLength": at_most})


def without_lengths(node: Any) -> Any:
    """A copy of `node` with every string length bound (`minLength`, `maxLength`) removed."""
    if isinstance(node, list):
        return [without_lengths(item) for item in node]
    if not isinstance(node, dict):
        return node
    return {
        key: without_lengths(value) if key not in ("enum", "const") else copy.deepcopy(value)
        for key, value in node.items()
        if key not in LENGTH_KEYWORDS or not isinstance(value, int)
    }


def _narrowed(schema: dict[str, Any], path: str, keywords: dict[str, Any]) -> dict[str, Any]:
    narrowed = copy.deepcopy(schema)
    node = _node_at(narrowed, path)
    node.update({key: value for key, value in keywords.items() if value is not None})
    _drop_unused_defs(narrowed)
    return narrowed


def _node_at(root: dict[str, Any], path: str) -> dict[str, Any]:
    """The node at `path` inside `root` ("a.b[]": the items of property `b` of property `a`;
    "" is the root), with every `$ref` on the way inlined in place."""
    node = _inlined(root, root)
    for step in _steps(path):
        if step == "[]":
            child = node.get("items") if node.get("type") == "array" else None
        else:
            child = node.get("properties", {}).get(step)
        if not isinstance(child, dict):
            raise ValueError(f"no {path!r} in the schema (stuck at {step!r})")
        node = _inlined(child, root)
    return node


def _steps(path: str) -> list[str]:
    """ "a.b[]" → ["a", "b", "[]"]."""
    steps: list[str] = []
    for part in path.split(".") if path else []:
        name, depth = part, 0
        while name.endswith("[]"):
            name, depth = name.removesuffix("[]"), depth + 1
        steps += ([name] if name else []) + ["[]"] * depth
    return steps


def _inlined(node: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    """`node` itself, its `$ref` replaced in place by (a copy of) what it points at, and a
    nullable `anyOf` by its one non-null branch."""
    while "$ref" in node:
        siblings = {key: value for key, value in node.items() if key != "$ref"}
        resolved = _resolve(root, node["$ref"])
        node.clear()
        node.update({**resolved, **siblings})
    branches = node.get("anyOf")
    if isinstance(branches, list):
        solid = [b for b in branches if isinstance(b, dict) and b.get("type") != "null"]
        if len(solid) == 1:
            return _inlined(solid[0], root)
    return node


def _drop_unused_defs(root: dict[str, Any]) -> None:
    """Remove the `$defs` entries nothing refers to any more (after inlining)."""
    definitions = root.get("$defs")
    if not isinstance(definitions, dict):
        return
    used: set[str] = set()
    pending = _refs({key: value for key, value in root.items() if key != "$defs"})
    while pending:
        name = pending.pop()
        if name not in used and name in definitions:
            used.add(name)
            pending |= _refs(definitions[name])
    for name in list(definitions):
        if name not in used:
            del definitions[name]
    if not definitions:
        del root["$defs"]


def _refs(node: Any) -> set[str]:
    """The `$defs` names referred to anywhere in `node`."""
    if isinstance(node, list):
        return {name for item in node for name in _refs(item)}
    if not isinstance(node, dict):
        return set()
    found = {name for value in node.values() for name in _refs(value)}
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        found.add(ref.removeprefix("#/$defs/"))
    return found
