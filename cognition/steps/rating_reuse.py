"""Rating reuse: a memory like one already rated — in its very words, or by its typed fields —
keeps that rating.

The same sight again ("The coffee machine (cafe, Hobbs Cafe) is in use by Isabella
Rodriguez"), a routine seen every morning, is as poignant as it was: a resident keeps the
importance of the memories it rated (`steps.importance`) in a `RatingBook`, part of its
`AgentState` (the latest `RATED_KEPT`), by their words and by their fields' key
(`rating_key`), and asks the model only about memories it has rated neither way. A batch of
only known memories costs no call. The book counts the memories rated from it and by a call,
and the batches rated by a call and wholly from it (a call saved).
Off (`plan_reuse` false), every memory is rated by a call.

The fields' key (after Affordable Generative Agents' lifestyle policies: a routine is
recognised by what it is, not how it is worded) is the memory's kind and its fields without
the moment (`time`, a plan's `day`). A routine sighting — a person seen at a place, carrying
no news, no intention, no topic — is keyed by whom and where only: a regular seen at the pub
again, whatever the activity is called this time. Anything it told or meant is in its
fields, and gives it a key of its own. Fields that say only who or when (a line heard, with
nothing typed of what it said) give no key: such a memory is rated by its words.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence

from pydantic import BaseModel, Field

from cognition.memory.fields import MemoryFields
from cognition.memory.records import MemoryKind
from cognition.steps.importance import NEUTRAL
from cognition.steps.plan_reuse import reuse_key

RATED_KEPT = 512  # the importance ratings a mind keeps, by the memory's words (and by fields)
MOMENT = frozenset({"time", "day"})  # fields that say when, not what: left out of the key
# fields that say what a memory is (without one of them, the fields say only who/where/when)
CONTENT = ("doing", "thing", "news", "told", "intentions", "plan", "items", "item", "topic")


def rating_key(kind: MemoryKind, about: MemoryFields | None) -> str | None:
    """The key a memory's rating is kept and found by, from its kind and typed fields;
    None (rated by its words) when it has no fields or they say nothing of what it is."""
    if about is None or not any(getattr(about, name) for name in CONTENT):
        return None
    routine = not (about.thing or about.news or about.told or about.intentions or about.topic)
    if kind is MemoryKind.OBSERVATION and about.subject and routine:
        return reuse_key([kind.value, "seen", about.subject, about.place])
    typed = about.model_dump(mode="json", exclude=set(MOMENT), exclude_defaults=True)
    return reuse_key([kind.value, json.dumps(typed, sort_keys=True)])


def kept(items: dict[str, int], rated: Iterable[tuple[str, int]]) -> dict[str, int]:
    """`items` with `rated` added (the newest last), the oldest dropped beyond `RATED_KEPT`."""
    merged = dict(items)
    merged.update(rated)
    return dict(list(merged.items())[-RATED_KEPT:])


class RatingBook(BaseModel):
    """A resident's importance ratings by the memory's words and by its fields' key (latest
    last), with counts."""

    ratings: dict[str, int] = Field(default_factory=dict)  # by the memory's words
    by_fields: dict[str, int] = Field(default_factory=dict)  # by `rating_key`
    reused: int = Field(default=0, ge=0)  # memories rated from the book, no call
    rated: int = Field(default=0, ge=0)  # memories rated by a call
    spared: int = Field(default=0, ge=0)  # batches rated wholly from the book: calls saved
    calls: int = Field(default=0, ge=0)  # batches that asked for a call

    def known(self, text: str, key: str | None) -> int | None:
        """The kept rating of a memory in these words, else of one with these fields."""
        by_words = self.ratings.get(text)
        if by_words is not None:
            return by_words
        return self.by_fields.get(key) if key is not None else None

    def unknown(self, texts: Sequence[str], keys: Sequence[str | None]) -> list[int]:
        """The positions in `texts` of those rated neither way, each memory once (the first
        of those sharing words or a key), in order."""
        fresh: list[int] = []
        asked: set[str] = set()
        for at, (text, key) in enumerate(zip(texts, keys, strict=True)):
            if self.known(text, key) is None and text not in asked and key not in asked:
                fresh.append(at)
                asked |= {text} | ({key} if key is not None else set())
        return fresh

    def keep(self, rated: Iterable[tuple[str, str | None, int]]) -> None:
        """Keep the `rated` (text, key, rating) triples. The dicts are replaced, never
        changed in place, so a reader never sees half of one."""
        triples = list(rated)
        self.ratings = kept(self.ratings, ((text, rating) for text, _, rating in triples))
        keyed = ((key, rating) for _, key, rating in triples if key is not None)
        self.by_fields = kept(self.by_fields, keyed)

    def rate(
        self, texts: list[str], keys: list[str | None], ask: Callable[[list[str]], list[int]]
    ) -> tuple[list[int], int]:
        """The rating of each of `texts` (with its `keys`): kept, or `ask`ed in one call for
        those rated neither way (kept then); and how many were asked."""
        fresh = self.unknown(texts, keys)
        if fresh:
            ratings = ask([texts[at] for at in fresh])
            self.keep((texts[at], keys[at], r) for at, r in zip(fresh, ratings, strict=True))
        known = (self.known(text, key) for text, key in zip(texts, keys, strict=True))
        return [NEUTRAL if rating is None else rating for rating in known], len(fresh)

    def count(self, *, reused: int, rated: int) -> None:
        """Count a batch's memories reused and rated, and the batch as a call or one saved."""
        self.reused += reused
        self.rated += rated
        if rated:
            self.calls += 1
        elif reused:
            self.spared += 1
