"""Emoji: one to three emoji that show an action in a bubble.

Decomposed actions come with their emoji (`steps.decompose` asks for them); this task
serves the steps that were not decomposed (sleep) or whose emoji was unusable.
"""

from __future__ import annotations

from pydantic import BaseModel, Field, field_validator

from cognition.llm.task import Task
from cognition.steps.context import StepContext

MAX_EMOJI = 3
THOUGHT_BUBBLE = "💭"


class EmojiInput(BaseModel):
    agent: str
    activity: str


def is_pictograph(character: str) -> bool:
    """Emoji, or the joiners and variation selectors that build them."""
    code = ord(character)
    return code >= 0x2190 or code == 0x200D


def count_emoji(text: str) -> int:
    """Visible emoji in `text` (joined sequences count once)."""
    count, joined = 0, False
    for character in text:
        code = ord(character)
        if code == 0x200D:
            joined = True
        elif 0xFE00 <= code <= 0xFE0F or 0x1F3FB <= code <= 0x1F3FF:
            continue
        else:
            count += 0 if joined else 1
            joined = False
    return count


# the schema's pattern for the emoji: characters of the emoji blocks only (Miscellaneous
# Symbols and Dingbats, U+2600–27BF; the pictographs, U+1F000–1FAFF; the joiner and the emoji
# variation selector), at most six, so a server that constrains decoding cannot let a small
# model copy words ("one to three") or punctuation into it. Measured with Gemma 3 270M on
# llama.cpp: without it every answer was words; with "no ASCII" it was block characters and
# fullwidth commas; with this, emoji. Validation stays as tolerant as before (spaces, …).
_EMOJI_CHARACTERS = "".join(
    (chr(0x2600), "-", chr(0x27BF), chr(0x1F000), "-", chr(0x1FAFF), chr(0x200D), chr(0xFE0F))
)
EMOJI_PATTERN = f"^[{_EMOJI_CHARACTERS}]{{1,6}}$"


class ActionEmoji(BaseModel):
    emoji: str = Field(
        description="one to three emoji, nothing else",
        json_schema_extra={"pattern": EMOJI_PATTERN},
    )

    @field_validator("emoji")
    @classmethod
    def _only_emoji(cls, value: str) -> str:
        cleaned = "".join(value.split())
        if not cleaned or not all(is_pictograph(c) for c in cleaned):
            raise ValueError("emoji only, please")
        if count_emoji(cleaned) > MAX_EMOJI:
            raise ValueError(f"at most {MAX_EMOJI} emoji")
        return cleaned


def clean_emoji(text: str) -> str | None:
    """`text` as a valid emoji string, or None when it is not one."""
    try:
        return ActionEmoji(emoji=text).emoji
    except ValueError:
        return None


def thought_bubble(_: EmojiInput) -> ActionEmoji:
    return ActionEmoji(emoji=THOUGHT_BUBBLE)


EMOJI = Task(
    name="emoji",
    template="emoji.txt",
    input_model=EmojiInput,
    output_model=ActionEmoji,
    fallback=thought_bubble,
    max_tokens=32,
)


def choose_emoji(ctx: StepContext, activity: str) -> str:
    """One to three emoji showing `activity` (a thought bubble if the model has none)."""
    return ctx.ask(EMOJI, EmojiInput(agent=ctx.agent, activity=activity)).emoji
