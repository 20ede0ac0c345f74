"""Whether a memory carries a news item: read from the memory's typed fields, and from its
text only where the fields are unknown — counted, so a report says how much prose decided.

A memory's fields (`memories.fields` in the run record) name the scenario items it concerns
(`game.records.items_named`): its `item`, its `items` (a reflection's: every item its
evidence concerns; a day plan's: the events it takes its person to) and the `item` of each
news it carries (a scenario item's id). A memory *carries* an item when its fields name it.
Where the fields are unknown — a record of schema 1 (made before memories had fields), a
memory loaded from such a save — the item's `carried_by` phrases decide on the memory's
text, as before fields existed.

Fields that name no item say "no news here" only when the run's talk writes the news of each
line as data — when some dialogue memory's fields carry news (`talk_states_news`): the offline
brain's talk does. A model's conversation lines carry no news fields (the model is not asked
which news a line tells), so in a run whose talk came from a model such a memory is read by
its text too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from game.evaluation.scenario import NewsItem
from game.evaluation.stream import remembered
from game.records import RunRecord

__all__ = ["JUDGING_RULE", "Judge", "Judged", "Memory", "states_news", "talk_states_news"]

JUDGING_RULE = (
    "a memory carries an item when its typed fields name the item; by its text (the item's "
    "carried_by phrases) only where its fields are unknown (a record made before fields, a "
    "memory written without them, or fields naming no item in a run whose talk does not "
    "state its news as data, as a model's does not)"
)


@dataclass(frozen=True)
class Judged:
    """How many memories were read by their fields, and how many by their text."""

    by_fields: int = 0
    by_text: int = 0

    @property
    def total(self) -> int:
        return self.by_fields + self.by_text

    @property
    def text_share(self) -> float:
        return self.by_text / self.total if self.total else 0.0


class Memory(Protocol):
    """A memory as the judge reads it: a run record's (`stream.Remembered`) or a living
    resident's (`game.bridge.MemoryFacts`, for the interviews)."""

    @property
    def kind(self) -> str: ...  # observation, dialogue, plan, reflection

    @property
    def text(self) -> str: ...

    @property
    def items(self) -> frozenset[str] | None: ...  # the items its fields name; None: unknown


def states_news(memories: Iterable[Memory]) -> bool:
    """True when the talk behind `memories` writes each line's news as data — some dialogue
    memory's fields carry news — so fields naming no item mean no news (the offline brain's)."""
    return any(memory.kind == "dialogue" and memory.items for memory in memories)


def talk_states_news(record: RunRecord, start: datetime, until: datetime) -> bool:
    """`states_news` of the run's memories written by `until`."""
    return states_news(remembered(record, start, until))


class Judge:
    """Decides which of `items` each memory carries, counting how each was decided."""

    def __init__(self, items: Sequence[NewsItem], fields_complete: bool) -> None:
        self.items = tuple(items)
        self.fields_complete = fields_complete
        self._by_fields = 0
        self._by_text = 0

    def carried(self, memory: Memory) -> frozenset[str]:
        """The ids of the items `memory` carries (see the module's doc)."""
        named = memory.items
        if named is not None and (named or self.fields_complete):
            self._by_fields += 1
            return frozenset(item.id for item in self.items if item.id in named)
        self._by_text += 1
        return frozenset(item.id for item in self.items if item.carried_in(memory.text))

    def carried_by_any(self, memories: Iterable[Memory]) -> frozenset[str]:
        """The ids of the items one of `memories` carries (what a resident knows)."""
        return frozenset(item for memory in memories for item in self.carried(memory))

    @property
    def judged(self) -> Judged:
        return Judged(self._by_fields, self._by_text)
