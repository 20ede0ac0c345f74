"""Dialogue: one line of a pair's talk (`next_line`, the paper's one call per line) and the
talk's summary; `dialogue_turn` writes several lines per call and plays the whole talk
(`converse`).

Each line is conditioned on the speaker's summary, their view of the listener, the rest of
their plan for today, memories retrieved for the moment (the day plan's own memory left out:
the plan is shown as such), and the history so far. Either speaker may end
it; a hard turn limit (the opener's setting) ends it in any case. Each speaker's lines are
its own model calls, through its own context. The summary also lists the commitments made
(who will be where, when: an accepted invitation), which each mind fits into its plan.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import date, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, Field
from pydantic.json_schema import SkipJsonSchema

from cognition.contract import ConversationLine
from cognition.llm.task import Task
from cognition.memory.fields import Intention, News
from cognition.memory.records import MemoryKind, MemoryRecord, RetrievalHit
from cognition.memory.texts import read_transcript
from cognition.persona import without_lifestyle
from cognition.plan import parse_clock, plan_title
from cognition.steps.bounds import lax_int
from cognition.steps.common import (
    MemoryStreamLike,
    memory_lines,
    news_going,
    news_known,
    news_shared,
    news_told,
    when,
)
from cognition.steps.compact import by_starts, described, once, recalled
from cognition.steps.context import StepContext
from cognition.steps.importance import UNRATED, MaybeRating
from cognition.steps.relationship import RecalledView
from cognition.steps.view_reuse import named_counts


@dataclass(frozen=True)
class Speaker:
    """One side of a conversation: the speaker's mind now, its summary description and its
    view of the other."""

    context: StepContext
    summary: str
    view_of_other: str
    plan: tuple[str, ...] = ()  # today's plan in broad strokes, "17:00–19:00 go to …"
    place: str = "home"  # where the speaker is: a sector's name, or "home"
    # whether the speaker has met the other, as data (`relationship.have_met`; None: unknown)
    met: bool | None = None
    view_asked: RecalledView | None = None  # its view still to ask (`steps.talk_opening`)
    # the block a talk's first call runs in: the side's observations rated meanwhile
    meanwhile: Callable[[], AbstractContextManager[None]] | None = None

    @property
    def name(self) -> str:
        return self.context.agent


class LineInput(BaseModel):
    speaker: str
    listener: str
    summary: str
    view_of_listener: str
    memories: list[str]
    history: list[str]
    now: str
    turn: int
    max_turns: int
    plan: list[str] = Field(default_factory=list, description="the speaker's plan for today")
    place: str = Field(default="home", description='where they talk: a place, or "home"')
    # news as data (memory fields), for rules that read fields rather than prose: what the
    # speaker knows, what the last line told, the items the two talked of before, and
    # those told in this talk so far
    news: list[News] = Field(default_factory=list)
    heard: News | None = None
    shared: list[str] = Field(default_factory=list)
    told_here: list[str] = Field(default_factory=list)
    # the items of `news` (events) the speaker means to go to, by its own intentions
    going: list[str] = Field(default_factory=list)
    # the game time `now` says, as data (None: unknown, e.g. an input recorded before it)
    clock: datetime | None = None
    # whether the last line asked the speaker about itself, as data (None: unknown)
    asked: bool | None = None
    # whether the last line introduced its speaker by name, as data (None: unknown)
    introduced: bool | None = None
    # `news` as the prompt lists it, numbered ("1. Ann Lee is hosting a lantern walk …"): a
    # model's line names what it tells by these numbers
    known_news: list[str] = Field(default_factory=list)
    # the memories of `memories` whose fields are unknown (saved before fields): the only
    # ones rules may read news from by their text
    untyped: list[str] = Field(default_factory=list)
    # item → how many people the speaker has told it to, by its talks' memory fields
    retold: dict[str, int] = Field(default_factory=dict)
    # the lines the speaker has said in its talks today (`lines_said_today`): a rule never
    # says one of them again, to anyone
    said_today: list[str] = Field(default_factory=list)
    # whether the speaker has met the listener, as data (`Speaker.met`: the memories'
    # fields, `relationship.have_met`); None: unknown (an input recorded before it), read
    # as met — the rules never read it from `view_of_listener`'s words
    met: bool | None = None
    # person → how many of `memories` name them by their fields (`view_reuse.named_counts`)
    named: dict[str, int] = Field(default_factory=dict)


def lines_said_today(memory: MemoryStreamLike, speaker: str, today: date) -> list[str]:
    """The lines `speaker` said in its talks remembered today, read from their transcript
    memories (`texts.read_transcript`), oldest first, each once."""
    said: dict[str, None] = {}
    for record in memory.all():
        if record.kind is not MemoryKind.DIALOGUE or record.created.date() != today:
            continue
        transcript = read_transcript(record.text)
        if transcript is not None:
            said.update((text, None) for who, text in transcript.lines if who == speaker)
    return list(said)


def news_retold(memory: MemoryStreamLike) -> dict[str, int]:
    """Item → how many people the rememberer has told it to: the partners of its talks
    whose memory fields say it told the item (`MemoryFields.told`)."""
    told_to: dict[str, set[str]] = {}
    for record in memory.all():
        if record.about is not None:
            for item in record.about.told:
                told_to.setdefault(item, set()).update(record.about.partners)
    return {item: len(people) for item, people in sorted(told_to.items())}


def untyped_lines(hits: Sequence[RetrievalHit]) -> list[str]:
    """The retrieved memories whose fields are unknown, as `memory_lines` shows them (a
    talk's transcript by its heading and first line): `LineInput.untyped`."""
    return memory_lines([h for h in hits if h.record.about is None], transcripts=True)


def numbers(value: Any) -> Any:
    """A list's items that read as whole numbers (anything else is no citation)."""
    if not isinstance(value, list | tuple):
        return value
    return [number for item in value if (number := lax_int(item)) is not None]


def numbered_news(known: Sequence[News]) -> list[str]:
    """News as a line's prompt lists it: "1. Ann Lee is hosting a lantern walk …" (`known_news`)."""
    return [f"{n}. {news.statement}" for n, news in enumerate(known, start=1)]


def named_news(tells: Sequence[int], known: Sequence[News]) -> News | None:
    """The first of `known` (numbered from 1, as `numbered_news` lists them) `tells` names."""
    return next((known[n - 1] for n in tells if 1 <= n <= len(known)), None)


def answer_word(value: Any) -> Any:
    """A line's answer to an invitation as given: "accept", "decline", or "" for none (any
    other word too); None stays None (unknown: a person's own words, an older record)."""
    if value is None:
        return None
    word = value.strip().lower() if isinstance(value, str) else ""
    return word if word in ("accept", "decline") else ""


# whether a line accepts or turns down an invitation, as data ("": it answers none; None:
# unknown, e.g. a player's typed line, read by its words as before)
InvitationAnswer = Annotated[Literal["accept", "decline", ""] | None, BeforeValidator(answer_word)]
# a talk's prompt shows the speaker's plan from the stretch under way to the next two: where
# each is off to next and what they do later on is what a talk turns on (the rules read the
# whole plan, `plan`); the rest of the day, stretch by stretch, would be most of the prompt
PLAN_SHOWN = 3

ANSWER_HELP = 'whether this line answers an invitation: "accept", "decline", or "" (most lines)'


class DialogueLine(BaseModel):
    text: str
    ends: bool = False
    tells: Annotated[list[int], BeforeValidator(numbers)] = Field(
        default_factory=list,
        description="the numbers of the listed news this line tells; usually none",
    )
    answer: InvitationAnswer = Field(default=None, description=ANSWER_HELP)
    # the news the line tells, as data: set by rules that know it, or from `tells`
    told: SkipJsonSchema[News | None] = None
    # whether it asks the listener about themselves: set by rules (None: unknown)
    asks: SkipJsonSchema[bool | None] = None
    # whether it introduces its speaker by name: set by rules (None: unknown)
    introduces: SkipJsonSchema[bool | None] = None
    # news its words say back (an echo of news just heard, "Ann, teaching a pottery class?"): told
    # to nobody (the listener told it), but heard by anyone near; set by rules
    echoes: SkipJsonSchema[News | None] = None

    def telling(self, known: Sequence[News]) -> DialogueLine:
        """The line with `told` read from the numbers it gave (`tells`, numbering `known`
        from 1): the first that names one; unchanged when it says already or names none."""
        chosen = named_news(self.tells, known) if self.told is None else None
        return self if chosen is None else self.model_copy(update={"told": chosen})


def excuse_oneself(inputs: LineInput) -> DialogueLine:
    return DialogueLine(text=f"Sorry, {inputs.listener.split()[0]}, I need to go.", ends=True)


def line_prompt(inputs: LineInput) -> dict[str, str]:
    """The summary's sentences once; the memories by their times, the day once, one said
    in the summary left out, the numbered news items' words by their numbers, the plan's
    next `PLAN_SHOWN` stretches by their starts (`steps.compact`)."""
    said = once(inputs.summary)
    return {
        "summary": described(said, inputs.known_news),
        "memories": recalled(inputs.memories, inputs.known_news, said),
        "plan": by_starts(inputs.plan[:PLAN_SHOWN]),
    }


DIALOGUE_LINE = Task(
    name="dialogue_line",
    template="dialogue_line.txt",
    input_model=LineInput,
    output_model=DialogueLine,
    fallback=excuse_oneself,
    max_tokens=200,
    render=line_prompt,
)


class SummaryInput(BaseModel):
    first: str
    second: str
    lines: list[str]
    now: str = ""
    told: list[News | None] = Field(default_factory=list, description="each line's news, as data")
    # each line's answer to an invitation, as data (`DialogueLine.answer`; None: unknown)
    answers: list[str | None] = Field(default_factory=list)
    clock: datetime | None = None  # the game time `now` says, as data (None: unknown)
    # who the two are (`StepContext.identity`), for rating how poignant the talk is to each
    first_identity: str = ""
    second_identity: str = ""


class Commitment(BaseModel):
    """Someone said they will be somewhere at a set time ("I'll be there!")."""

    person: str
    activity: str = Field(description='what and where, e.g. "go to the party at the cafe"')
    day: str = Field(description='"YYYY-MM-DD"')
    start: str = Field(description='"HH:MM", 24-hour')
    end: str = Field(description='"HH:MM", 24-hour')
    going: bool = Field(default=True, description="false when they said they will not come")
    # the news item (an event) it is for: set by rules that know it, never asked of a model
    item: SkipJsonSchema[str] = ""

    def intention(self) -> Intention | None:
        """The commitment as data (`MemoryFields.intentions`); None when it names no one or
        nothing to do. Times that do not read are left unknown."""
        person, deed = self.person.strip(), self.activity.strip()
        if not person or not deed:
            return None
        when = self.when()
        day, start, end = when if when is not None else (None, None, None)
        return Intention(
            person=person,
            deed=deed,
            item=self.item,
            day=day,
            start=start,
            end=end,
            going=self.going,
        )

    def when(self) -> tuple[date, int, int] | None:
        """(day, start minute, end minute), or None when the times do not read."""
        try:
            day = datetime.strptime(self.day.strip(), "%Y-%m-%d").date()
        except ValueError:
            return None
        start, end = parse_clock(self.start), parse_clock(self.end)
        if start is None or end is None or end <= start or not self.activity.strip():
            return None
        return day, start, end


class ConversationSummary(BaseModel):
    summary: str
    commitments: list[Commitment] = Field(
        default_factory=list, description="who committed to be where and when; often none"
    )
    # what the talk was about as data, kept in its memory's fields (`MemoryFields.talked_about`)
    topic: str = Field(default="", description="what they talked about, in a few words")


class TalkSummary(ConversationSummary):
    """A pair's talk summed up, with how poignant it was to each of the two (1–10), so the
    talk's end is one call: the summary, the commitments and both importances (the paper
    rates the memory of the talk for each; here in the same call)."""

    importance_first: MaybeRating = Field(
        default=UNRATED, description="1-10: how poignant this talk is for the first person"
    )
    importance_second: MaybeRating = Field(
        default=UNRATED, description="1-10: how poignant this talk is for the second person"
    )

    def importance_for(self, first: bool) -> int | None:
        """The rating for the first (or second) person, None when unrated."""
        rating = self.importance_first if first else self.importance_second
        return rating if rating != UNRATED else None


def plain_summary(inputs: SummaryInput) -> TalkSummary:
    return TalkSummary(summary=f"{inputs.first} and {inputs.second} had a conversation.")


def summary_prompt(inputs: SummaryInput) -> dict[str, str]:
    """Each speaker's identity without its lifestyle: who they are makes the talk poignant
    to them (as for any memory's rating: `importance.importance_prompt`)."""
    return {
        "first_identity": without_lifestyle(inputs.first_identity),
        "second_identity": without_lifestyle(inputs.second_identity),
    }


CONVERSATION_SUMMARY = Task(
    name="conversation_summary",
    template="conversation_summary.txt",
    input_model=SummaryInput,
    output_model=TalkSummary,
    fallback=plain_summary,
    max_tokens=200,
    render=summary_prompt,
)


def is_plan_memory(record: MemoryRecord, title: str) -> bool:
    """Whether `record` is the memory of the day plan `title` names (not an intention or
    an appointment, which are plan memories too)."""
    return record.kind is MemoryKind.PLAN and record.text.startswith(f"{title}:")


def next_line(speaker: Speaker, listener: str, history: list[ConversationLine]) -> DialogueLine:
    """`speaker`'s next line to `listener` after `history`, from memories retrieved for it."""
    ctx = speaker.context
    last = history[-1].text if history else ""
    where = speaker.place if speaker.place != "home" else ""
    hits = ctx.recall(" ".join(part for part in (listener, where, last) if part))
    if speaker.plan:  # today's plan is shown as such: its memory is not shown again
        title = plan_title(speaker.name, ctx.now.date())
        hits = [h for h in hits if not is_plan_memory(h.record, title)]
    inputs = LineInput(
        speaker=speaker.name,
        listener=listener,
        summary=speaker.summary,
        view_of_listener=speaker.view_of_other,
        memories=memory_lines(hits, transcripts=True),
        history=[f"{line.speaker}: {line.text}" for line in history],
        now=when(ctx.now),
        clock=ctx.now,
        turn=len(history) + 1,
        max_turns=ctx.settings.dialogue_max_turns,
        plan=list(speaker.plan),
        place=speaker.place,
        untyped=untyped_lines(hits),
        met=speaker.met,
        named=named_counts(h.record for h in hits),
        **news_inputs(ctx, listener, history),
    )
    return ctx.ask(DIALOGUE_LINE, inputs).telling(inputs.news)


def news_inputs(
    ctx: StepContext, listener: str, history: list[ConversationLine]
) -> dict[str, object]:
    """The news fields of a line's input, read from memory fields: what the speaker knows,
    what the last line told, which items it talked of with `listener` before, which
    this talk has told so far, and which events the speaker means to go to."""
    known = news_known(ctx.memory, ctx.agent)
    return {
        "news": known,
        "known_news": numbered_news(known),
        "heard": history[-1].told if history else None,
        "asked": history[-1].asks if history else None,
        "introduced": history[-1].introduces if history else None,
        "shared": news_shared(ctx.memory, listener),
        "told_here": news_told(history),
        "going": news_going(ctx.memory, ctx.agent),
        "retold": news_retold(ctx.memory),
        "said_today": lines_said_today(ctx.memory, ctx.agent, ctx.now.date()),
    }
