"""The player's chats with residents: who the player is to the mind, and the worker job.

A chat runs as a director errand (so no decision of the resident runs meanwhile): the
resident answers (`Agent.chat`: a visitor's or persona's exchange is remembered as a
dialogue memory and counted as a talk; an inner voice is adopted as an intention), and one
`Answered` goes into the desk's queue — a failure as a line for the player, never as data
for the mind.
"""

from __future__ import annotations

import logging
import queue
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from cognition import Agent, Asker, BudgetReached, InnerVoice, PersonaAsker, VisitorAsker
from game.town.views import Asking, ChatLine

log = logging.getLogger(__name__)

CHAT_MAX_CHARS = 500  # longer lines are refused with a message
PLAYER_NAME_MAX_CHARS = 60  # a persona's or the visitor's name (the chat panel's field)
PLAYER_DESCRIPTION_MAX_CHARS = 200  # a persona's or the visitor's one line
INNER_VOICE = "inner voice"  # the speaker of a directive in the chat
ERROR_DETAIL_CHARS = 120


@dataclass(frozen=True)
class Answered:
    """A finished chat job: the line for the player; `adopted` when an inner voice was taken
    up as an intention (the resident should re-plan now)."""

    line: ChatLine
    adopted: bool = False


def one_line(text: str) -> str:
    """`text` with control characters turned into spaces and runs of spaces collapsed."""
    kept = "".join(" " if unicodedata.category(ch)[0] == "C" else ch for ch in text)
    return " ".join(kept.split())


def capped(text: str, limit: int) -> str:
    """`one_line(text)` cut to at most `limit` characters (with "…" when cut)."""
    line = one_line(text[: limit * 4])  # a 100 KB paste is not even scanned whole
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"


def asking_problem(asking: Asking) -> str | None:
    """Why the player's persona cannot be sent (too long), None when it can."""
    if len(one_line(asking.name[: PLAYER_NAME_MAX_CHARS * 4])) > PLAYER_NAME_MAX_CHARS:
        return f"Who you are is too long: say it in at most {PLAYER_NAME_MAX_CHARS} characters."
    description = one_line(asking.description[: PLAYER_DESCRIPTION_MAX_CHARS * 4])
    if len(description) > PLAYER_DESCRIPTION_MAX_CHARS:
        return f"Describe yourself in at most {PLAYER_DESCRIPTION_MAX_CHARS} characters."
    return None


def mind_asker(asking: Asking, visitor: str | None) -> Asker:
    """The cognition asker for the player's `asking` (the visitor's own name by default);
    names and descriptions capped (`PLAYER_NAME_MAX_CHARS`, `PLAYER_DESCRIPTION_MAX_CHARS`)."""
    name = capped(asking.name, PLAYER_NAME_MAX_CHARS)
    if asking.kind == "inner_voice":
        return InnerVoice()
    if asking.kind == "persona":
        description = capped(asking.description, PLAYER_DESCRIPTION_MAX_CHARS)
        return PersonaAsker(name=name or "a stranger", description=description)
    return VisitorAsker(name=name or capped(visitor or "", PLAYER_NAME_MAX_CHARS) or "a visitor")


def speaker_of(asker: Asker) -> str:
    """Who said the player's line, as the chat shows it."""
    return INNER_VOICE if isinstance(asker, InnerVoice) else asker.name


def failure_text(agent: Agent, error: Exception) -> str:
    """What the player reads when the resident could not answer."""
    detail = one_line(f"{type(error).__name__}: {error}")
    if len(detail) > ERROR_DETAIL_CHARS:
        detail = detail[: ERROR_DETAIL_CHARS - 1] + "…"
    if isinstance(error, BudgetReached):
        return f"{agent.persona.first_name} could not answer: the model budget is spent ({detail})"
    return f"{agent.persona.first_name} could not answer: the model failed ({detail})"


def chat_job(
    agent: Agent, question: str, asker: Asker, now: datetime, results: queue.Queue[Answered]
) -> Callable[[], None]:
    """The worker's part of a chat: exactly one `Answered` goes into `results`."""

    def work() -> None:
        try:
            reply = agent.talker.chat(question, asker, now).strip()
        except Exception as error:  # a mind's failure must never reach the game loop
            log.exception("%s could not answer the player", agent.name)
            text = failure_text(agent, error)
            results.put(Answered(ChatLine(agent.name, agent.name, text, now, error=True)))
            return
        line = ChatLine(agent.name, agent.name, reply or "…", now)
        results.put(Answered(line, adopted=isinstance(asker, InnerVoice)))

    return work
