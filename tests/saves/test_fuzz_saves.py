"""A seeded fuzz of save slots: truncated, nested, huge, mistyped, symlinked, missing and extra
parts. Listing and reading a slot raise nothing but `SaveError`, and a good slot beside the bad
one always lists and reads. (Loading whole towns from fuzzed saves: tests/bridge.)"""

from __future__ import annotations

import json
import os
import random
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from town_saves import fake_memory, rich_save

from game.saves import SaveError, SaveSlots

CASES = 600
SEED = 20261127
SAVE_TEXT = rich_save().model_dump_json(indent=2)
NASTY_VALUES: list[Any] = [
    None, True, -1, 0, 2**70, 1.5, -0.0, "", "x" * 10_000, "\u0000", [], {}, [[[]]],
    {"format_version": 1}, "9" * 40,
]  # fmt: skip

Mutation = Callable[[random.Random, Path], str]


def paths_in(data: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, as a path of keys and indices."""
    found = [here]
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths_in(value, (*here, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += paths_in(value, (*here, index))
    return found


def replaced(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    parent[path[-1]] = value
    return data


def with_json(change: Callable[[random.Random, Any, tuple[Any, ...]], Any]) -> Mutation:
    """A mutation of one random place of the parsed save, written back as JSON."""

    def mutate(rng: random.Random, slot: Path) -> str:
        data = json.loads(SAVE_TEXT)
        where = rng.choice(paths_in(data))
        data = change(rng, data, where)
        (slot / "town.json").write_text(json.dumps(data), encoding="utf-8")
        return f"{change.__name__} at {where!r:.80}"

    return mutate


def wrong_type(rng: random.Random, data: Any, where: tuple[Any, ...]) -> Any:
    return replaced(data, where, rng.choice(NASTY_VALUES))


def dropped_key(rng: random.Random, data: Any, where: tuple[Any, ...]) -> Any:
    if where:
        parent = data
        for part in where[:-1]:
            parent = parent[part]
        del parent[where[-1]]
    return data


def extra_key(rng: random.Random, data: Any, where: tuple[Any, ...]) -> Any:
    target = data
    for part in where:
        target = target[part]
    if isinstance(target, dict):
        target[f"extra{rng.randrange(9)}"] = rng.choice(NASTY_VALUES)
    return data


def text_mutation(rng: random.Random, slot: Path) -> str:
    text = SAVE_TEXT
    kind = rng.choice(["truncate", "nest", "huge number", "flip bytes", "bad utf-8", "empty"])
    at = rng.randrange(len(text))
    if kind == "truncate":
        data = text[:at].encode()
    elif kind == "nest":
        depth = rng.choice([50, 1_000, 200_000])
        data = (text[:at] + "[" * depth + "1" + "]" * depth + text[at:]).encode()
    elif kind == "huge number":
        number = rng.choice(["9" * 5_000, "1e999", "-1e999", "1" + "0" * 400 + ".5"])
        data = text.replace("1234", number, 1).replace("37.5", number, 1).encode()
    elif kind == "flip bytes":
        raw = bytearray(text.encode())
        for _ in range(rng.randrange(1, 20)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        data = bytes(raw)
    elif kind == "bad utf-8":
        data = text[:at].encode() + b"\xff\xfe" + text[at:].encode()
    else:
        data = b""
    (slot / "town.json").write_bytes(data)
    return f"{kind} at {at}"


def file_mutation(rng: random.Random, slot: Path) -> str:
    town, memory = slot / "town.json", slot / "memory"
    kind = rng.choice([
        "no town", "town is a folder", "town links nowhere", "town links to a folder",
        "town links to itself", "no memory", "memory is a file", "memory links nowhere",
        "empty memory", "garbage memory", "extra files", "town links to /dev/null",
    ])  # fmt: skip
    if kind.startswith("town"):
        town.unlink()
        if kind == "town is a folder":
            town.mkdir()
        elif kind == "town links nowhere":
            town.symlink_to(slot / "gone.json")
        elif kind == "town links to a folder":
            town.symlink_to(memory, target_is_directory=True)
        elif kind == "town links to itself":
            town.symlink_to(town)
        elif kind == "town links to /dev/null":
            town.symlink_to(os.devnull)
    elif kind.startswith("memory") or kind in ("no memory", "empty memory", "garbage memory"):
        database = memory / "chroma.sqlite3"
        if kind == "empty memory":
            database.unlink()
        elif kind == "garbage memory":
            database.write_bytes(rng.randbytes(rng.randrange(0, 64)))
        else:
            shutil.rmtree(memory)
            if kind == "memory is a file":
                memory.write_text("memories")
            elif kind == "memory links nowhere":
                memory.symlink_to(slot / "gone", target_is_directory=True)
    else:
        (slot / "notes.txt").write_text("hello")
        (memory / "extra.bin").write_bytes(rng.randbytes(32))
    return kind


MUTATIONS: list[Mutation] = [
    text_mutation,
    file_mutation,
    with_json(wrong_type),
    with_json(dropped_key),
    with_json(extra_key),
]


def test_listing_and_reading_fuzzed_slots_raise_only_save_errors(tmp_path: Path) -> None:
    slots = SaveSlots(tmp_path / "saves")
    slots.write("good", rich_save(), fake_memory())
    rng = random.Random(SEED)
    outcomes = {"refused": 0, "read": 0}
    for case in range(CASES):
        shutil.copytree(slots.path("good"), slots.path("bad"), symlinks=True)
        mutation = MUTATIONS[case % len(MUTATIONS)]
        what = mutation(rng, slots.path("bad"))
        try:
            listed = {info.name: info.ok for info in slots.list()}
            try:
                slots.read("bad")
                outcomes["read"] += 1
            except SaveError as exc:
                assert len(str(exc)) < 2_000, f"case {case} ({what}) echoed a long value"
                outcomes["refused"] += 1
        except Exception as exc:  # the point: anything but SaveError fails
            raise AssertionError(f"case {case} ({what}) raised {type(exc).__name__}") from exc
        assert listed["good"] is True, f"case {case} ({what}) broke the good slot"
        assert slots.read("good").save == rich_save()
        shutil.rmtree(slots.path("bad"))
    assert outcomes["refused"] > CASES // 2  # the fuzz really breaks saves
    assert outcomes["read"] > 0  # and some mutations (extra files, say) are harmless
