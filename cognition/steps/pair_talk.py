"""A pair's whole talk: its turns, then its summary.

`converse` plays a talk — its first turn by `steps.talk_opening` when a side's view of the
other is still to ask (one call for the views and the first lines), the others by
`dialogue_turn.next_turn` (`talk_lines_per_call` lines a call; the paper's one call per line,
`dialogue.next_line`, when it is 1: the views are then asked first), the last turn by the
turn limit by `steps.talk_closing` (one call for its lines and the talk's summary) — then,
when no summary came with the lines, asks for it (`CONVERSATION_SUMMARY`) as soon as the
last line is known, while each side's transcript memory, the longest text the talk leaves,
is embedded (`transcripts_embedded`), so keeping the talk after the summary finds it
embedded (a cached embedder's: the same vector) rather than embedding it then. A talk's
first call runs in each side's `Speaker.meanwhile` (its waiting observations rated
meanwhile: `cognition.rating_aside`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, ExitStack, contextmanager, nullcontext
from dataclasses import replace

from cognition.contract import ConversationLine, LineHeard
from cognition.memory.texts import transcript_text
from cognition.steps.dialogue import (
    CONVERSATION_SUMMARY,
    DialogueLine,
    Speaker,
    SummaryInput,
    TalkSummary,
    next_line,
)
from cognition.steps.dialogue_turn import DialogueTurn, next_turn, said_lines, turn_input
from cognition.steps.relationship import finish_view, kept_view
from cognition.steps.talk_closing import closing_turn, summary_input, summed_if_whole
from cognition.steps.talk_opening import (
    OpeningInput,
    OpeningTurn,
    answered_views,
    ask_opening,
    with_views,
)
from cognition.steps.talk_whole import WholeTalk, ask_whole, whole_inputs
from cognition.steps.turn_teller import TurnTeller, spoken


def converse(
    first: Speaker,
    second: Speaker,
    heard: LineHeard | None = None,
    said_all: Callable[[], None] | None = None,
) -> tuple[list[ConversationLine], TalkSummary]:
    """The lines (at most the opener's turn limit, `first` opening; `talk_lines_per_call` of
    them per call) and a summary with the commitments made and the talk's importance to each
    (the last turn's call, or else the opener's own; none when nobody said a line:
    `unspoken`). `heard` hears each line as soon as it is known: when its call returns, or
    as a streaming model writes it (a turn's lines one by one); `said_all` is told once the
    last line is known, before the summary is asked."""
    settings = first.context.settings
    max_turns, per_call = settings.dialogue_max_turns, settings.talk_lines_per_call
    lines: list[ConversationLine] = []
    speakers = (first, second)
    summary: TalkSummary | None = None
    if per_call <= 1:  # the paper's talk: the views first (the sides' ratings meanwhile)
        with sides_meanwhile(speakers):
            speakers = (viewed(first), viewed(second))
    while len(lines) < max_turns:
        speaker, listener = speakers[len(lines) % 2], speakers[(len(lines) + 1) % 2]
        told = TurnTeller(heard)
        early = told.so_far if heard is not None else None
        count = min(per_call, max_turns - len(lines))
        if per_call <= 1:
            said = [(speaker.name, next_line(speaker, listener.name, lines))]
        elif not lines:  # the first turn: with the views still asked, the ratings meanwhile
            talk = summary_input(*speakers, lines) if count >= max_turns else None
            opened = first_turn(speaker, listener, lines, count, early, meanwhile(speakers), talk)
            said, speakers = opened[0], (quiet(opened[1]), quiet(opened[2]))
            summary = opened[3]
        elif len(lines) + count >= max_turns:  # the last turn: the talk summed up in its call
            talk = summary_input(*speakers, lines)
            said, summary = closing_turn(speaker, listener, lines, count, talk, early)
        else:
            said = next_turn(speaker, listener, lines, count, early)
        said = told.kept(said)
        if told.diverged:  # a retry wrote other lines than those shown: the shown are said
            summary = None  # and the summary, of the others, is asked apart
        turn, ended = spoken(said)
        lines.extend(turn)
        if ended:
            break
    if said_all is not None:
        said_all()
    if not lines:  # nobody said a line (a model that wrote none): nothing to sum up
        return lines, unspoken(first.name, second.name)
    if summary is not None:
        return lines, summary
    first, second = speakers
    with transcripts_embedded(first, second, lines):  # kept next: embedded meanwhile
        return lines, summarise(first, second, lines)


Lines = list[tuple[str, DialogueLine]]


def first_turn(
    speaker: Speaker,
    listener: Speaker,
    history: Sequence[ConversationLine],
    lines: int,
    early: Callable[[Lines], None] | None = None,
    meanwhile: Callable[[], AbstractContextManager[None]] = nullcontext,
    talk: SummaryInput | None = None,
) -> tuple[Lines, Speaker, Speaker, TalkSummary | None]:
    """The first up-to-`lines` lines, `speaker` first, in one call (`speaker`'s, made in the
    block `meanwhile` gives once the sides have retrieved) that also writes the views still
    asked (`Speaker.view_asked`; a plain `dialogue_turn.next_turn` when none is); the two
    speakers with their views (kept in their books). When it is the talk's only turn
    (`talk`: the summary's inputs, no lines yet) the call sums the talk up too
    (`steps.talk_whole`, or `steps.talk_closing` with the views known); the summary None
    when none came. `early` hears the lines as `next_turn`'s does."""
    pair = (speaker, listener)
    if all(side.view_asked is None for side in pair):
        if talk is None:
            return next_turn(speaker, listener, history, lines, early, meanwhile), *pair, None
        said, summary = closing_turn(speaker, listener, history, lines, talk, early, meanwhile)
        return said, speaker, listener, summary
    plain = turn_input(speaker, listener, history, lines)
    asked = [side.view_asked.inputs if side.view_asked else None for side in pair]
    inputs = OpeningInput.model_validate({**plain.model_dump(), "views": asked})
    with meanwhile():
        if talk is None:
            answer: OpeningTurn = ask_opening(speaker, inputs, early)
        else:
            answer = ask_whole(speaker, whole_inputs(inputs, talk), early)
    views = answered_views(answer, inputs)
    viewed = [
        side
        if side.view_asked is None
        else replace(side, view_of_other=kept_view(side.context, side.view_asked, view).summary)
        for side, view in zip(pair, views, strict=True)
    ]
    said = said_lines(DialogueTurn(lines=answer.lines, ends=answer.ends), with_views(inputs, views))
    summed = answer.summary if isinstance(answer, WholeTalk) else None
    summary = summed_if_whole(summed, answer.lines, said, inputs.lines)
    return said, replace(viewed[0], view_asked=None), replace(viewed[1], view_asked=None), summary


@contextmanager
def sides_meanwhile(speakers: Sequence[Speaker]) -> Iterator[None]:
    """Each side's `Speaker.meanwhile` block at once (its waiting observations rated)."""
    with ExitStack() as blocks:
        for side in speakers:
            if side.meanwhile is not None:
                blocks.enter_context(side.meanwhile())
        yield


def meanwhile(speakers: Sequence[Speaker]) -> Callable[[], AbstractContextManager[None]]:
    """The block a talk's first call runs in (`sides_meanwhile`)."""
    return lambda: sides_meanwhile(speakers)


def quiet(side: Speaker) -> Speaker:
    """`side` once its first call is made: no block to run its calls in any more."""
    return replace(side, meanwhile=None)


def viewed(side: Speaker) -> Speaker:
    """`side` with its view of the other asked, if it was still to ask (`finish_view`)."""
    if side.view_asked is None:
        return quiet(side)
    view = finish_view(side.context, side.view_asked).summary
    return replace(side, view_of_other=view, view_asked=None, meanwhile=None)


@contextmanager
def transcripts_embedded(
    first: Speaker, second: Speaker, lines: Sequence[ConversationLine]
) -> Iterator[None]:
    """While the block runs (the summary call), each side's transcript, as `Talker.keep`
    remembers it, is embedded on a thread of its own (a failure is left for the keeping)."""
    said = [(line.speaker, line.text) for line in lines]
    with ExitStack() as meanwhile:
        for me, other in ((first, second), (second, first)):
            text = transcript_text((other.name,), said)
            meanwhile.enter_context(me.context.memory.embedding([text]))
        yield


def unspoken(first: str, second: str) -> TalkSummary:
    """A talk in which nobody said a line: kept as a meeting of no weight to either (rated
    1, the least), without a call that could only make up what was said."""
    summary = f"{first} and {second} met but did not talk."
    return TalkSummary(summary=summary, importance_first=1, importance_second=1)


def summarise(first: Speaker, second: Speaker, lines: list[ConversationLine]) -> TalkSummary:
    """The talk's summary, commitments and importance to each: the opener's call."""
    return first.context.ask(CONVERSATION_SUMMARY, summary_input(first, second, lines))
