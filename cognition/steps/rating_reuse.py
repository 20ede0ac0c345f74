"""Rating reuse: a memory in the very words of one already rated keeps that rating.

The same sight again ("The coffee machine (cafe, Hobbs Cafe) is in use by Isabella
Rodriguez"), a routine seen every morning, is as poignant as it was: a resident keeps the
importance of the memories it rated (`steps.importance`) by their words in a `RatingBook`,
part of its `AgentState` (the latest `RATED_KEPT`), and asks the model only about memories
in words it has not rated. A batch of only known memories costs no call. The book counts the
memories rated from it and by a call. Off (`plan_reuse` false), every memory is rated by a
call.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel, Field

RATED_KEPT = 512  # the importance ratings a mind keeps, by the memory's words


class RatingBook(BaseModel):
    """A resident's importance ratings by the memory's words (latest last), with counts."""

    ratings: dict[str, int] = Field(default_factory=dict)
    reused: int = Field(default=0, ge=0)  # memories rated from the book, no call
    rated: int = Field(default=0, ge=0)  # memories rated by a call

    def unknown(self, texts: Iterable[str]) -> list[str]:
        """Those of `texts` not rated yet, each once, in order."""
        return list(dict.fromkeys(text for text in texts if text not in self.ratings))

    def keep(self, rated: Iterable[tuple[str, int]]) -> None:
        """Keep the `rated` (text, rating) pairs; the oldest dropped beyond `RATED_KEPT`.
        The dict is replaced, never changed in place, so a reader never sees half of it."""
        ratings = dict(self.ratings)
        ratings.update(rated)
        self.ratings = dict(list(ratings.items())[-RATED_KEPT:])

    def count(self, *, reused: int, rated: int) -> None:
        self.reused += reused
        self.rated += rated
