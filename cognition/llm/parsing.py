"""Tolerant reading of a JSON object out of a model's free-text reply.

Servers without structured output answer in many shapes: the bare object, the object inside a
```json code fence, after a line of prose ("Sure! Here it is:"), followed by an explanation,
or with trailing commas and Python literals (`True`, `None`). `parse_json_object` finds the
first JSON object in any of these; it never invents content (a truncated object stays an
error). Both readers take a raw control character (a newline, a tab) inside a string as
written: strict JSON forbids it unescaped, but a small model under a llama.cpp grammar
writes one (measured on the tiny Gemma: an hour plan lost to "Invalid control character").
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

__all__ = ["UnparseableReply", "parse_json_object", "parse_strict_json_object"]

_FENCE = re.compile(r"```[ \t]*(?:json|JSON|javascript|js)?[ \t]*\n?(.*?)```", re.DOTALL)
_TRAILING_COMMA = re.compile(r",(\s*[}\]])")
_PYTHON_LITERALS = {"True": "true", "False": "false", "None": "null"}
_BARE_WORD = re.compile(r"\b(True|False|None)\b")
_MAX_START_POSITIONS = 20


class UnparseableReply(ValueError):
    """The reply holds no JSON object that could be read."""


def parse_strict_json_object(text: str) -> dict[str, Any]:
    """The reply as exactly one JSON object, nothing around it (structured-output modes)."""
    try:
        value = json.loads(text, strict=False)
    except json.JSONDecodeError as error:
        raise UnparseableReply(f"not a JSON document: {error}") from None
    if not isinstance(value, dict):
        raise UnparseableReply(f"expected a JSON object, got {type(value).__name__}")
    return value


def parse_json_object(text: str) -> dict[str, Any]:
    """The first JSON object found in `text`, tolerating fences, prose and trailing commas."""
    if not text or not text.strip():
        raise UnparseableReply("empty reply")
    for candidate in _candidates(text):
        for attempt in (candidate, _repair(candidate)):
            value = _decode_prefix(attempt)
            if isinstance(value, dict):
                return value
    raise UnparseableReply(f"no JSON object in reply: {_preview(text)}")


def _candidates(text: str) -> Iterator[str]:
    """Places where the object may start: the whole text, fenced blocks, each `{`."""
    yield text.strip()
    for match in _FENCE.finditer(text):
        yield match.group(1).strip()
    starts = [index for index, char in enumerate(text) if char == "{"]
    for index in starts[:_MAX_START_POSITIONS]:
        yield text[index:]


def _decode_prefix(text: str) -> Any:
    """The JSON value at the start of `text` (anything after it is ignored), or None."""
    stripped = text.lstrip()
    if not stripped.startswith("{"):
        return None
    try:
        value, _ = json.JSONDecoder(strict=False).raw_decode(stripped)
    except json.JSONDecodeError:
        return None
    return value


def _repair(text: str) -> str:
    """Drop trailing commas and turn Python literals into JSON, outside string literals."""
    pieces = []
    for is_string, piece in _split_strings(text):
        if not is_string:
            piece = _TRAILING_COMMA.sub(r"\1", piece)
            piece = _BARE_WORD.sub(lambda m: _PYTHON_LITERALS[m.group(1)], piece)
        pieces.append(piece)
    return "".join(pieces)


def _split_strings(text: str) -> Iterator[tuple[bool, str]]:
    """`text` cut into (is_inside_a_double_quoted_string, piece) runs."""
    start = 0
    inside = False
    index = 0
    while index < len(text):
        char = text[index]
        if inside and char == "\\":
            index += 2
            continue
        if char == '"':
            if inside:
                yield True, text[start : index + 1]
                start = index + 1
            else:
                yield False, text[start:index]
                start = index
            inside = not inside
        index += 1
    yield inside, text[start:]


def _preview(text: str, limit: int = 80) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
