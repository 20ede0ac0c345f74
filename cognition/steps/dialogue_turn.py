"""A talk's turn: one call writes the next few lines of a pair's conversation.

A pair talk said one line per model call, and line k+1 needs line k, so a talk advanced one
line per call latency. With `talk_lines_per_call` k > 1, one call writes the next up-to-k
lines, the two speakers alternating. Each line is still conditioned on its own speaker's
retrieval: the prompt carries both speakers' summaries, views of each other, plans, places,
numbered news and each one's memories retrieved for this moment (the query `next_line` uses:
the other's name, the place and the last line so far, refreshed every call). A line's `tells`
numbers the news of ITS speaker. With k = 1 the talk is the paper's: one call per line
(`dialogue.next_line`).

`steps.pair_talk.converse` plays a whole talk either way (its first turn with the views
still asked: `steps.talk_opening`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, nullcontext
from contextvars import copy_context
from datetime import datetime
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, Field
from pydantic.json_schema import SkipJsonSchema

from cognition.contract import ConversationLine
from cognition.llm.partial_answers import listening
from cognition.llm.schema import strict_json_schema, with_items
from cognition.llm.task import Task
from cognition.memory.fields import News
from cognition.plan import plan_title
from cognition.steps.common import memory_lines, news_going, news_known, news_shared, when
from cognition.steps.common import news_told as told_items
from cognition.steps.compact import by_starts, described, once, recalled
from cognition.steps.dialogue import (
    ANSWER_HELP,
    PLAN_SHOWN,
    DialogueLine,
    InvitationAnswer,
    LineInput,
    Speaker,
    is_plan_memory,
    lines_said_today,
    news_retold,
    numbered_news,
    numbers,
    untyped_lines,
)
from cognition.steps.view_reuse import named_counts

TurnT = TypeVar("TurnT", bound="TurnInput")  # a turn's inputs (an opening's, a closing's, …)
AnswerT = TypeVar("AnswerT", bound=BaseModel)  # its answer: `lines`, and maybe more

__all__ = [
    "DIALOGUE_TURN",
    "ENDS_HELP",
    "DialogueTurn",
    "TurnInput",
    "TurnLine",
    "TurnSide",
    "ask_turn",
    "ending",
    "line_input",
    "next_turn",
    "said_lines",
]


class TurnSide(BaseModel):
    """One of the two speakers as a turn's prompt shows it, with its news as data."""

    name: str
    summary: str
    view_of_other: str
    plan: list[str] = Field(default_factory=list)
    place: str = "home"
    memories: list[str] = Field(default_factory=list)  # retrieved for this moment
    untyped: list[str] = Field(default_factory=list)  # those of them whose fields are unknown
    news: list[News] = Field(default_factory=list)  # what it knows, as `known_news` numbers it
    known_news: list[str] = Field(default_factory=list)
    shared: list[str] = Field(default_factory=list)  # items it talked of with the other before
    going: list[str] = Field(default_factory=list)  # events it means to go to
    retold: dict[str, int] = Field(default_factory=dict)  # item → people it told it to
    said_today: list[str] = Field(default_factory=list)  # its lines in today's talks
    met: bool | None = None  # whether it has met the other, as data (`Speaker.met`)
    named: dict[str, int] = Field(default_factory=dict)  # person → memories naming them


class TurnInput(BaseModel):
    """The next `lines` lines of a talk: `speaker` says the first, `listener` the second, …"""

    speaker: str
    listener: str
    now: str
    turn: int  # the number of the turn's first line in the talk
    max_turns: int
    lines: int  # how many lines to write (at most)
    history: list[str]
    heard: News | None = None  # what the last line so far told
    told_here: list[str] = Field(default_factory=list)  # items this talk told so far
    clock: datetime | None = None  # the game time `now` says, as data (None: unknown)
    asked: bool | None = None  # the last line so far asked about the listener (None: unknown)
    introduced: bool | None = None  # the last line so far introduced its speaker (None: unknown)
    sides: list[TurnSide] = Field(min_length=2, max_length=2)  # speaker's, then listener's
    # the prompt's view of the sides (filled from `sides`)
    speaker_summary: str = ""
    speaker_view: str = ""
    speaker_plan: list[str] = Field(default_factory=list)
    speaker_place: str = "home"
    speaker_memories: list[str] = Field(default_factory=list)
    speaker_news: list[str] = Field(default_factory=list)
    listener_summary: str = ""
    listener_view: str = ""
    listener_plan: list[str] = Field(default_factory=list)
    listener_place: str = "home"
    listener_memories: list[str] = Field(default_factory=list)
    listener_news: list[str] = Field(default_factory=list)


class TurnLine(BaseModel):
    """One line of a turn. A model writes its words, news and answer; who says it is its
    place in the turn (the two speakers taking turns), and whether the talk ends there is
    the turn's `ends` — both set here by rules that know them (the offline brain), or by
    `said_lines` from the answer."""

    speaker: SkipJsonSchema[str] = ""  # a model's line: its place in the turn says whose
    text: str
    tells: Annotated[list[int], BeforeValidator(numbers)] = Field(
        default_factory=list,
        description="the numbers of the speaker's listed news this line tells; usually none",
    )
    answer: InvitationAnswer = Field(default=None, description=ANSWER_HELP)
    ends: SkipJsonSchema[bool] = False  # the talk ends with this line (rules; `said_lines`)
    told: SkipJsonSchema[News | None] = None  # set by rules that know it, or from `tells`
    asks: SkipJsonSchema[bool | None] = None  # asks the listener about themselves (rules)
    introduces: SkipJsonSchema[bool | None] = None  # introduces its speaker by name (rules)
    echoes: SkipJsonSchema[News | None] = None  # news said back, heard by anyone near (rules)


ENDS_HELP = "true when the talk closes with the last of these lines, else false"


class DialogueTurn(BaseModel):
    lines: list[TurnLine] = Field(default_factory=list)
    ends: bool = Field(default=False, description=ENDS_HELP)


def ending(lines: list[TurnLine]) -> bool:
    """Whether a rule's lines end the talk (their last one does)."""
    return bool(lines) and lines[-1].ends


def excuse_turn(inputs: TurnInput) -> DialogueTurn:
    """The speaker excuses itself (the typed fallback, as `dialogue.excuse_oneself`)."""
    text = f"Sorry, {inputs.listener.split()[0]}, I need to go."
    return DialogueTurn(lines=[TurnLine(speaker=inputs.speaker, text=text, ends=True)], ends=True)


def turn_prompt(inputs: TurnInput) -> dict[str, str]:
    """Each side's summary and memories, compacted (`steps.compact`: sentences once, news
    words by their numbers), and its plan's next `PLAN_SHOWN` stretches by their starts."""
    speaker_said, listener_said = once(inputs.speaker_summary), once(inputs.listener_summary)
    return {
        "speaker_summary": described(speaker_said, inputs.speaker_news),
        "speaker_memories": recalled(inputs.speaker_memories, inputs.speaker_news, speaker_said),
        "speaker_plan": by_starts(inputs.speaker_plan[:PLAN_SHOWN]),
        "listener_summary": described(listener_said, inputs.listener_news),
        "listener_memories": recalled(
            inputs.listener_memories, inputs.listener_news, listener_said
        ),
        "listener_plan": by_starts(inputs.listener_plan[:PLAN_SHOWN]),
    }


def lines_schema(output: type[BaseModel]) -> Callable[[TurnInput], dict[str, Any]]:
    """A turn's answer schema (`output`'s): at least one line, at most the lines asked. A
    server that constrains decoding then writes a line (the tiny model wrote none, so a
    talk said nothing) and no more than are kept (`said_lines` drops the rest)."""

    def schema(inputs: TurnInput) -> dict[str, Any]:
        most = max(1, inputs.lines)
        return with_items(strict_json_schema(output), "lines", at_least=1, at_most=most)

    return schema


DIALOGUE_TURN = Task(
    name="dialogue_turn",
    template="dialogue_turn.txt",
    input_model=TurnInput,
    output_model=DialogueTurn,
    fallback=excuse_turn,
    max_tokens=800,
    render=turn_prompt,
    schema_for=lines_schema(DialogueTurn),
)


def side_of(speaker: Speaker, other: str, history: Sequence[ConversationLine]) -> TurnSide:
    """`speaker` for a turn: its memories retrieved as `next_line` retrieves them (the other's
    name, the place, the last line so far), its news as data."""
    ctx = speaker.context
    last = history[-1].text if history else ""
    where = speaker.place if speaker.place != "home" else ""
    hits = ctx.recall(" ".join(part for part in (other, where, last) if part))
    if speaker.plan:  # today's plan is shown as such: its memory is not shown again
        title = plan_title(speaker.name, ctx.now.date())
        hits = [h for h in hits if not is_plan_memory(h.record, title)]
    known = news_known(ctx.memory, ctx.agent)
    return TurnSide(
        name=speaker.name,
        summary=speaker.summary,
        view_of_other=speaker.view_of_other,
        met=speaker.met,
        plan=list(speaker.plan),
        place=speaker.place,
        memories=memory_lines(hits, transcripts=True),
        untyped=untyped_lines(hits),
        named=named_counts(h.record for h in hits),
        news=known,
        known_news=numbered_news(known),
        shared=news_shared(ctx.memory, other),
        going=news_going(ctx.memory, ctx.agent),
        retold=news_retold(ctx.memory),
        said_today=lines_said_today(ctx.memory, ctx.agent, ctx.now.date()),
    )


def turn_input(
    speaker: Speaker, listener: Speaker, history: Sequence[ConversationLine], lines: int
) -> TurnInput:
    """The inputs of the turn `speaker` opens, `lines` lines long at most. The two sides
    retrieve at once (two minds, no shared state: their queries share an embedding pass)."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="side") as other_side:
        listening = other_side.submit(copy_context().run, side_of, listener, speaker.name, history)
        mine = side_of(speaker, listener.name, history)
        theirs = listening.result()
    return TurnInput(
        speaker=speaker.name,
        listener=listener.name,
        now=when(speaker.context.now),
        clock=speaker.context.now,
        turn=len(history) + 1,
        max_turns=speaker.context.settings.dialogue_max_turns,
        lines=lines,
        history=[f"{line.speaker}: {line.text}" for line in history],
        heard=history[-1].told if history else None,
        asked=history[-1].asks if history else None,
        introduced=history[-1].introduces if history else None,
        told_here=told_items(history),
        sides=[mine, theirs],
        speaker_summary=mine.summary,
        speaker_view=mine.view_of_other,
        speaker_plan=mine.plan,
        speaker_place=mine.place,
        speaker_memories=mine.memories,
        speaker_news=mine.known_news,
        listener_summary=theirs.summary,
        listener_view=theirs.view_of_other,
        listener_plan=theirs.plan,
        listener_place=theirs.place,
        listener_memories=theirs.memories,
        listener_news=theirs.known_news,
    )


def same_person(said: str, name: str) -> bool:
    """Whether a line's `speaker` names `name` (the full name or the first, any case)."""
    said = said.strip().casefold()
    return bool(said) and said in (name.casefold(), name.split()[0].casefold())


def unlabelled(text: str, name: str, other: str) -> str | None:
    """A line's words without a "Name:" its model wrote before them (its speaker's full or
    first name); None when they begin with the other speaker's instead (a line out of turn)."""
    label, colon, words = text.partition(":")
    if colon and same_person(label, name):
        return words.strip()
    return None if colon and same_person(label, other) else text


def said_lines(turn: DialogueTurn, inputs: TurnInput) -> list[tuple[str, DialogueLine]]:
    """The turn's usable lines, each with its speaker: at most `inputs.lines`, the speakers
    alternating from `inputs.speaker` (a line's place in the turn says whose it is), up to
    an empty line, a line out of turn (one its model labelled with the other speaker) or
    the line that ends the talk (kept: a rule's, or the last written of a turn that
    `ends`). A line's `tells` numbers its speaker's news."""
    kept: list[tuple[str, DialogueLine]] = []
    last = len(turn.lines) - 1
    for index, line in enumerate(turn.lines[: max(inputs.lines, 0)]):
        side, other = inputs.sides[index % 2], inputs.sides[(index + 1) % 2]
        text = unlabelled(line.text.strip(), side.name, other.name)
        if line.speaker and not same_person(line.speaker, side.name):
            text = None
        if not text:
            break
        ends = line.ends or (turn.ends and index == last)
        said = DialogueLine(
            text=text,
            ends=ends,
            tells=line.tells,
            told=line.told,
            answer=line.answer,
            asks=line.asks,
            introduces=line.introduces,
        )
        kept.append((side.name, said.telling(side.news)))
        if ends:
            break
    return kept


def next_turn(
    speaker: Speaker,
    listener: Speaker,
    history: Sequence[ConversationLine],
    lines: int,
    early: Callable[[list[tuple[str, DialogueLine]]], None] | None = None,
    meanwhile: Callable[[], AbstractContextManager[None]] = nullcontext,
) -> list[tuple[str, DialogueLine]]:
    """The next up-to-`lines` lines after `history`, `speaker` first: one call (`speaker`'s,
    made in the block `meanwhile` gives, once the sides have retrieved). `early` hears the
    turn's usable lines so far each time a model that streams has written one more (the
    same lines the call returns, begun; `partial_answers`)."""
    inputs = turn_input(speaker, listener, history, lines)
    with meanwhile():
        return said_lines(ask_turn(speaker, DIALOGUE_TURN, inputs, early), inputs)


def ask_turn(
    speaker: Speaker,
    task: Task[TurnT, AnswerT],
    inputs: TurnT,
    early: Callable[[list[tuple[str, DialogueLine]]], None] | None,
) -> AnswerT:
    """`speaker`'s call of `task` for a turn's `inputs` (an answer with `lines`, and maybe
    views or a summary); `early` hears its usable lines as a streaming model writes them."""
    if early is None:
        return speaker.context.ask(task, inputs)

    def heard(answer: AnswerT) -> None:
        turn = DialogueTurn.model_validate(answer.model_dump(include={"lines", "ends"}))
        early(said_lines(turn, inputs))

    with listening(task, "lines", heard):
        return speaker.context.ask(task, inputs)


def line_input(
    inputs: TurnInput,
    index: int,
    history: Sequence[str],
    heard: News | None,
    told: list[str],
    asked: bool | None = None,
    introduced: bool | None = None,
) -> LineInput:
    """The inputs of the turn's line `index` as `next_line` would give them (its speaker's
    side, `history`, what was `heard` and `told` so far, and whether the last line `asked`
    about the speaker and `introduced` its own — the turn's own for its first line): how a
    rule says one line."""
    side, other = inputs.sides[index % 2], inputs.sides[(index + 1) % 2]
    return LineInput(
        speaker=side.name,
        listener=other.name,
        summary=side.summary,
        view_of_listener=side.view_of_other,
        met=side.met,
        named=side.named,
        memories=side.memories,
        untyped=side.untyped,
        history=list(history),
        now=inputs.now,
        clock=inputs.clock,
        turn=inputs.turn + index,
        max_turns=inputs.max_turns,
        plan=side.plan,
        place=side.place,
        news=side.news,
        heard=heard,
        asked=inputs.asked if index == 0 else asked,
        introduced=inputs.introduced if index == 0 else introduced,
        shared=side.shared,
        told_here=told,
        going=side.going,
        retold=side.retold,
        known_news=side.known_news,
        said_today=side.said_today,
    )
