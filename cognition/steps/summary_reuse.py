"""Summary reuse: a summary description recalled from nothing new is the one made before.

The summary description (`steps.summary`) is rebuilt once a game day and after each
reflection, from three retrievals. A resident keeps the last one made by a call in a
`SummaryBook`, part of its `AgentState`, with the typed keys of the memories it was made
from (`recalled_keys`: each memory's kind and fields without the moment, as its rating is
kept, `steps.rating_reuse.rating_key`; one without such fields by its id). When every memory
the three retrievals recall now has one of those keys, nothing new bears on who the resident
is: the kept description is used without a call. A new reflection (by its fields or id), a
new person or news item recalled makes it anew. The book counts the summaries reused and
made by a call. Off (`plan_reuse` false), every rebuild calls.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel, Field

from cognition.memory.records import MemoryRecord
from cognition.steps.rating_reuse import rating_key


def recalled_keys(records: Iterable[MemoryRecord]) -> list[str]:
    """Each recalled record's typed key (its kind and fields, the moment left out), else
    its id."""
    return [rating_key(r.kind, r.about) or f"id:{r.id}" for r in records]


class SummaryBook(BaseModel):
    """The last summary description made by a call (its three parts), the keys of what it
    was recalled from, and the counts."""

    parts: tuple[str, str, str] | None = None  # core characteristics, occupation, feeling
    keys: list[str] = Field(default_factory=list)
    reused: int = Field(default=0, ge=0)  # summaries kept, no call
    asked: int = Field(default=0, ge=0)  # summaries made by a call

    def kept_for(self, keys: list[str]) -> tuple[str, str, str] | None:
        """The kept parts when no key in `keys` is new to them (counted); else None."""
        if self.parts is None or not set(keys) <= set(self.keys):
            return None
        self.reused += 1
        return self.parts

    def keep(self, parts: tuple[str, str, str], keys: list[str]) -> None:
        """Keep `parts`, made by a call from memories with `keys` (counted)."""
        self.parts, self.keys = parts, list(dict.fromkeys(keys))
        self.asked += 1
