"""Offline judgement: importance, summaries, emoji, object states and the debate referee.

Importance is rated by keyword or by the weightiest fact a memory states; the summary
description takes a fact about the agent, its occupation and a feeling grounded in what
reflection concludes of its recent memories (never an object state). Reflection's questions
and insights are in `reflection`.
"""

from __future__ import annotations

import functools
import random
import re

from cognition.offline.conclusions import KIND_WEIGHT
from cognition.offline.facts import facts_in_text
from cognition.offline.notes import read_notes
from cognition.offline.reflection import conclusions
from cognition.offline.tables import EMOJI, IMPORTANCE, OBJECT_STATES
from cognition.offline.text import first_match, has_word, words
from cognition.offline.wording import capital, clean
from cognition.steps.emoji import ActionEmoji, EmojiInput
from cognition.steps.importance import NEUTRAL, ImportanceInput, ImportanceRatings
from cognition.steps.referee import (
    DebateSummary,
    DebateSummaryInput,
    RefereeInput,
    RefereeStatement,
    first_sentences,
)
from cognition.steps.summary import SummaryDescription, SummaryInput

MOODS = ("hopeful", "content", "a little restless", "energised", "thoughtful")


@functools.lru_cache(maxsize=8192)
def rate_one(memory: str) -> int:
    """By keyword, or by the weightiest fact the memory states (an event someone plans is
    as important whatever the event is called), whichever is higher."""
    lowered = memory.lower()
    by_word = next((r for keys, r in IMPORTANCE if any(matches(k, lowered) for k in keys)), NEUTRAL)
    return max([by_word, *(fact.weight for fact in facts_in_text(memory))])


def matches(key: str, text: str) -> bool:
    """A key occurs in `text`: a key ending in "$" as a whole word (plural allowed), any
    other as a word's start ("invit" matches "invited")."""
    return key_pattern(key).search(text) is not None


@functools.cache
def key_pattern(key: str) -> re.Pattern[str]:
    """`matches`'s pattern for `key`, compiled once."""
    if key.endswith("$"):
        return re.compile(rf"\b{re.escape(key[:-1])}s?\b")
    return re.compile(rf"\b{re.escape(key)}")


def rate(inputs: ImportanceInput, rng: random.Random) -> ImportanceRatings:
    return ImportanceRatings(ratings=[rate_one(line) for line in inputs.memories])


# --- the summary description ---------------------------------------------------------------

FEELINGS = {
    "talk": ("happy", "warm", "hopeful"),
    "news": ("curious", "excited", "intrigued"),
    "intention": ("excited", "hopeful", "eager"),
    "habit": ("focused", "busy but content", "determined"),
    "seen": MOODS,
}


def summary(inputs: SummaryInput, rng: random.Random) -> SummaryDescription:
    """Core characteristics from a fact about the agent itself, the persona's occupation,
    and a feeling grounded in what lately went on (never an object state)."""
    agent = inputs.agent
    # each memory is shown once: what the other headings found counts for progress too
    shown = inputs.core_memories + inputs.occupation_memories + inputs.progress_memories
    progress = read_notes(shown, recalled=inputs.recalled)  # by their kinds and fields
    core_notes = progress[: len(inputs.core_memories)]
    facts = [n.text for n in core_notes if n.kind == "fact"]
    own = [text for text in facts if text.startswith(agent + " ")]
    core = next(iter(own + facts), inputs.identity)
    lately = [c for c in conclusions(agent, progress, rng) if c.kind in FEELINGS]
    best = max(lately, key=lambda c: KIND_WEIGHT[c.kind] + c.strength, default=None)
    mood = rng.choice(FEELINGS[best.kind] if best else MOODS)
    feeling = f"{agent} feels {mood} about how things are going."
    if best is not None:
        feeling += f" {capital(clean(best.text))}."
    return SummaryDescription(
        core_characteristics=core,
        occupation=f"{inputs.learned} {inputs.currently}",
        feeling=feeling,
    )


@functools.lru_cache(maxsize=4096)
def emoji_for(activity: str) -> str:
    """Up to two emoji of the table's rows whose keywords the activity has (kept by text:
    the same activities come back all day)."""
    lowered = activity.lower()
    found = [e for keys, e in EMOJI if any(has_word(lowered, k) for k in keys)]
    return "".join(dict.fromkeys(found[:2])) or "🙂"


def emoji(inputs: EmojiInput, rng: random.Random) -> ActionEmoji:
    return ActionEmoji(emoji=emoji_for(inputs.activity))


def object_state(agent: str, activity: str) -> str:
    return state_for(activity) or f"in use by {agent}"


@functools.lru_cache(maxsize=4096)
def state_for(activity: str) -> str | None:
    """The object state the table gives an activity (kept by text: activities recur)."""
    return first_match(activity, OBJECT_STATES)


def referee(inputs: RefereeInput, rng: random.Random) -> RefereeStatement:
    """By rule, the more specific answer: more of its words are not the question's, and
    those the referee's role looks for count twice (a crude, role-aware stand-in for a
    referee, so the panel and its same-role ablation run offline)."""
    looks_for = words(inputs.role)
    details = [
        len(words(answer) - words(inputs.question)) + len(words(answer) & looks_for)
        for answer in (inputs.answer_a, inputs.answer_b)
    ]
    if details[0] == details[1]:
        return RefereeStatement(reasoning="Both answers are about as specific.", verdict="tie")
    better = "A" if details[0] > details[1] else "B"
    return RefereeStatement(
        reasoning=f"Answer {better} is more specific "
        f"({max(details)} details against {min(details)}).",
        verdict=better,
    )


def debate_summary(inputs: DebateSummaryInput, rng: random.Random) -> DebateSummary:
    return first_sentences(inputs)
