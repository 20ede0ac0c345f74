"""The group chat manager (after AutoGen): from the transcript and the members' one-line
descriptions, choose who speaks next in a group conversation.

An answer naming someone who is not in the group (or who just spoke, or has left) is not
obeyed: the step returns None and the strategy takes the next member by turn-taking,
counting a fallback.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from cognition.llm.task import Task


class NextSpeakerInput(BaseModel):
    members: list[str] = Field(description='"Name: who they are", one per member still here')
    transcript: list[str]
    last_speaker: str = ""
    topic: str = ""
    now: str = ""


class NextSpeaker(BaseModel):
    name: str
    reason: str = ""


def nobody(inputs: NextSpeakerInput) -> NextSpeaker:
    return NextSpeaker(name="", reason="no usable answer")


NEXT_SPEAKER = Task(
    name="next_speaker",
    template="next_speaker.txt",
    input_model=NextSpeakerInput,
    output_model=NextSpeaker,
    fallback=nobody,
    max_tokens=80,
)


def valid_choice(answer: str, members: Sequence[str], last_speaker: str) -> str | None:
    """The member `answer` names (full or first name, any case), if it may speak next:
    in the group and not the one who just spoke; else None."""
    chosen = answer.strip().strip(".").lower()
    allowed = [name for name in members if name != last_speaker]
    exact = [name for name in allowed if name.lower() == chosen]
    by_first = [name for name in allowed if name.split()[0].lower() == chosen]
    found = exact or by_first
    return found[0] if len(found) == 1 else None
