"""Tolerant reading of JSON objects out of free-text replies."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cognition.llm.parsing import UnparseableReply, parse_json_object, parse_strict_json_object


@pytest.mark.parametrize(
    "reply",
    [
        '{"emoji": "☕", "minutes": 15}',
        '```json\n{"emoji": "☕", "minutes": 15}\n```',
        '```\n{"emoji": "☕", "minutes": 15}\n```',
        'Sure! Here is the plan:\n{"emoji": "☕", "minutes": 15}\nHope that helps.',
        '{"emoji": "☕", "minutes": 15,}',
        'Answer: ```json\n{\n  "emoji": "☕",\n  "minutes": 15,\n}\n```',
        '  \n{"emoji": "☕", "minutes": 15} {"another": "object"}',
    ],
)
def test_finds_the_object(reply: str) -> None:
    assert parse_json_object(reply) == {"emoji": "☕", "minutes": 15}


def test_trailing_commas_in_nested_arrays_and_python_literals() -> None:
    reply = '{"items": [1, 2, 3,], "done": True, "note": None, "inner": {"a": [],},}'
    assert parse_json_object(reply) == {
        "items": [1, 2, 3],
        "done": True,
        "note": None,
        "inner": {"a": []},
    }


def test_strings_are_left_alone() -> None:
    reply = 'Here: {"text": "commas,} and True stay, as written", "braces": "{not json}"}'
    assert parse_json_object(reply) == {
        "text": "commas,} and True stay, as written",
        "braces": "{not json}",
    }


def test_escaped_quotes_inside_strings() -> None:
    assert parse_json_object(r'{"said": "she said \"hi,\" then left",}') == {
        "said": 'she said "hi," then left'
    }


@pytest.mark.parametrize(
    "reply",
    ["", "   ", "I cannot help with that.", '{"emoji": "☕", "minu', "[1, 2, 3]"],
)
def test_no_object_is_an_error(reply: str) -> None:
    with pytest.raises(UnparseableReply):
        parse_json_object(reply)


def test_strict_parsing_wants_exactly_one_object() -> None:
    assert parse_strict_json_object('{"a": 1}') == {"a": 1}
    for reply in ('```json\n{"a": 1}\n```', "[1]", '{"a": 1,}'):
        with pytest.raises(UnparseableReply):
            parse_strict_json_object(reply)


@pytest.mark.parametrize("parse", [parse_json_object, parse_strict_json_object])
def test_a_raw_control_character_inside_a_string_is_read_as_written(
    parse: Callable[[str], dict[str, Any]],
) -> None:
    """A small model under a llama.cpp grammar writes a raw newline or tab inside a string
    (strict JSON wants it escaped): the answer is read, the character kept as written."""
    reply = '{"activity": "wash the dishes\nand dry them", "object": "sink\t"}'
    assert parse(reply) == {"activity": "wash the dishes\nand dry them", "object": "sink\t"}
