"""A rich town to save and a stand-in memory writer (this folder is put on sys.path by
conftest.py, so tests can `from town_saves import rich_save`)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from game.saves import ActivitySave, MapRef, ResidentSave, TownSave, VisitorSave


def rich_save(
    town: str = "the_ville_n3", hour: int = 9, note: str = "first", **changes: object
) -> TownSave:
    mind = {
        "name": "Isabella Rodriguez",
        "traits": ["friendly", "outgoing"],
        "day_plan": {
            "day": "2023-02-13",
            "steps": [{"description": "open the cafe", "minutes": 60, "emoji": "☕"}],
        },
        "currently": f"planning the Valentine's party ({note})",
        "importance_since_reflection": 37.5,
        "last_reflection": None,
        "flags": {"asleep": False, "talking": True},
    }
    fields: dict[str, object] = {
        "town": town,
        "saved_at": datetime(2024, 5, 1, 12, 30, 15, 123456, tzinfo=UTC),
        "game_time": datetime(2023, 2, 13, hour, 15, 30),
        "map": MapRef(path="maps/the_ville.tmx", sha256="ab" * 32),
        "clock": {"now": f"2023-02-13T{hour:02d}:15:30", "paused": False},
        "residents": [
            ResidentSave(
                name="Isabella Rodriguez",
                tile=(72, 14),
                facing="left",
                activity=ActivitySave(
                    description="serving coffee to Klaus",
                    emoji="☕🧁",
                    destination=(70, 15),
                    address=["Hobbs Cafe", "cafe", "cafe customer seating"],
                    pose="work",
                    started=datetime(2023, 2, 13, 9, 0),
                    ends_at=datetime(2023, 2, 13, 10, 0),
                    key="work@cafe",
                    rest_at=None,
                ),
                mind=mind,
                spatial_memory={"sectors": {"Hobbs Cafe": {"cafe": ["cafe customer seating"]}}},
                relationships={"Klaus Mueller": {"closeness": 0.4, "last_talk": None}},
            ),
            ResidentSave(name="Klaus Mueller", tile=(70, 15), facing="up"),
            ResidentSave(
                name="Maria Lopez",
                tile=(0, 0),
                activity=ActivitySave(description="sleeping", emoji="😴", pose="sleep"),
            ),
        ],
        "object_states": {
            "changed": [
                {
                    "address": {"sector": "Hobbs Cafe", "arena": "cafe", "object": "stove"},
                    "state": "burning",
                    "changed_by": "Klaus Mueller",
                    "changed_at": "2023-02-13T09:10:00",
                }
            ]
        },
        "visitor": VisitorSave(
            name="Ada", description="a traveller", tile=(10, 11), controls="Klaus Mueller"
        ),
        "settings": {"model": "gpt-4o-mini", "api_key_set": True, "max_concurrency": 4},
        "stats": {"llm_calls": 1234, "tokens": {"prompt": 10, "completion": 5}, "usd": 0.0123},
    }
    fields.update(changes)
    return TownSave.model_validate(fields)


SQLITE_HEADER = b"SQLite format 3\x00"


def fake_memory(content: str = "memories") -> Callable[[Path], None]:
    """A `write_memory` that writes one small file, standing in for MemoryStore.copy_to: it
    begins like a SQLite database (as a slot's memory must) and then holds `content`."""

    def write(directory: Path) -> None:
        (directory / "chroma.sqlite3").write_bytes(SQLITE_HEADER + content.encode())

    return write


def memory_text(directory: Path) -> str:
    """The `content` `fake_memory` wrote into `directory`."""
    return (directory / "chroma.sqlite3").read_bytes().removeprefix(SQLITE_HEADER).decode()
