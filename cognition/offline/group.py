"""Offline group talk: a member's line, the manager's choice of the next speaker, and the
summaries of a round and of the whole talk.

A member's line is the pair rule's (`talk.line`) said to one member — whoever spoke last,
or, for the opener, the person it came to talk to — with the speaker's view of that member
worked out from what it remembers about them (`relations.view_of`, no model). What
the group has said is the history, so nothing said is told again. A member whose turn
finds nothing to say passes (an empty line) until it has spoken twice; then it says
goodbye to everyone and leaves. A member whose plan calls it away says goodbye at once.

The manager picks a member who has not spoken yet (after the first two lines), else the
member just addressed (the line's `to`, as its writer gave it: a greeting by name is said
to that member; never the names in its words), else the one
whose description shares the most words with the last line, ties to the one who has
spoken least recently (turn-taking and relevance).
"""

from __future__ import annotations

import random
import re
from typing import TypeVar

import cognition.offline.phrases as say
from cognition.contract import ConversationLine
from cognition.memory.fields import News
from cognition.memory.texts import read_about_line, read_told
from cognition.offline.event_times import today
from cognition.offline.meeting import meeting_line, views_said
from cognition.offline.moment import next_up
from cognition.offline.relations import View
from cognition.offline.relations import view_of as relations_view
from cognition.offline.talk import line as pair_line
from cognition.offline.talk_summary import summarise_lines
from cognition.offline.text import SENTENCE_END
from cognition.phrasing import listed
from cognition.steps.dialogue import ConversationSummary, DialogueLine, LineInput
from cognition.steps.group_line import GroupLine, GroupLineInput, heard
from cognition.steps.group_manager import NextSpeaker, NextSpeakerInput
from cognition.steps.group_summary import GroupSummaryInput, RoundSummary, RoundSummaryInput
from cognition.steps.relationship import RelationshipInput

T = TypeVar("T")
WORD = re.compile(r"[a-z]{4,}")
SUMMARY_MARK = "(summary of the talk so far) "


def pick(options: tuple[str, ...], rng: random.Random, first: str = "") -> str:
    return options[rng.randrange(len(options))].format(first=first or "everyone")


def history_of(context: list[str]) -> list[tuple[str, str, str]]:
    """(speaker, to, text) of each line in the shared context; a round summary reads as the
    tellings it reports (so what was told counts as said), then a line by nobody (what was
    said was answered in its round)."""
    found: list[tuple[str, str, str]] = []
    for text in context:
        if text.startswith(SUMMARY_MARK):
            summary = text.removeprefix(SUMMARY_MARK)
            for sentence in SENTENCE_END.split(summary):  # what was told counts as said
                if told := read_told(sentence):
                    found.append((told.teller, told.listener, told.statement + "."))
            found.append(("", "", "(the talk goes on)"))  # answered already: nothing to answer
        elif (line := heard(text)) is not None:
            found.append((line.speaker, line.to, line.text))
    return found


def addressee(inputs: GroupLineInput, history: list[tuple[str, str, str]]) -> str:
    """Whom the speaker answers: whoever spoke last (when it was not the speaker), else
    the first member (for the opener: the person it came to talk to)."""
    spoken = [(who, to) for who, to, _ in history if who and who in inputs.members]
    if spoken:
        return spoken[-1][0]
    return inputs.members[0]


def leaving(inputs: GroupLineInput, rng: random.Random) -> GroupLine:
    """A goodbye to the whole group (no one named): where the speaker's plan takes it
    next, when it has somewhere to be; never a goodbye the talk has heard already (members
    leaving for the same place would otherwise say the same words)."""
    said = {" ".join(text.casefold().split()) for _, _, text in history_of(inputs.context)}
    after = next_up(inputs.speaker, inputs.plan, inputs.now)
    plain = [o.format(first="everyone") for o in say.GROUP_CLOSERS]
    going = [o.format(next=after) for o in say.GROUP_CLOSERS_NEXT] if after else []
    for closers in [going, plain] if going and rng.random() < 0.75 else [plain, going]:
        fresh = [c for c in closers if " ".join(c.casefold().split()) not in said]
        if fresh:
            return GroupLine(text=fresh[rng.randrange(len(fresh))], leaves=True)
    return GroupLine(text=plain[rng.randrange(len(plain))], leaves=True)


def view_of(inputs: GroupLineInput, other: str, rng: random.Random) -> View:
    """How the speaker sees `other`, from its lines about them read with their kinds and
    fields (`about_recalled`; by their words alone when the input gave none)."""
    lines = inputs.about_members
    typed = len(inputs.about_recalled) == len(lines)
    kinds = inputs.about_recalled if typed else [None] * len(lines)
    read = [(read_about_line(a) or ("", a), r) for a, r in zip(lines, kinds, strict=True)]
    mine = [(memory, r) for (whom, memory), r in read if whom == other]
    recalled = [r for _, r in mine if r is not None]
    view = RelationshipInput(
        agent=inputs.speaker, other=other, memories=[a for a, _ in mine], recalled=recalled
    )
    return relations_view(view, rng)


def group_line(inputs: GroupLineInput, rng: random.Random) -> GroupLine:
    """The member's next line, with its answer to an invitation as data (every line says
    whether it answers one: "" when it does not)."""
    said = member_line(inputs, rng)
    return said if said.answer is not None else said.model_copy(update={"answer": ""})


def member_line(inputs: GroupLineInput, rng: random.Random) -> GroupLine:
    if not inputs.members:
        return GroupLine(text="", leaves=True)
    if inputs.must_leave:
        return leaving(inputs, rng)
    if inputs.topic and (on_topic := meeting_line(inputs, rng)) is not None:
        return on_topic
    history = history_of(inputs.context)
    if history and history[-1][0] == inputs.speaker:
        return GroupLine(text="")  # nobody has answered its last line yet: it waits
    to = addressee(inputs, history)
    mine = sum(1 for who, _, _ in history if who == inputs.speaker)
    if history and not history[0][0]:  # a round's summary: the speaker spoke in each round
        mine = max(mine, inputs.round - 1)
    if not history and len(inputs.members) > 1 and rng.random() < 0.5:
        # the opener greets the group and whom it came to talk to by name: a nameless
        # hello, said by every opener of a busy day, would be one stock line over and over
        greetings = tuple(o for o in say.GROUP_GREETINGS if "{first}" in o)
        return GroupLine(text=pick(greetings, rng, to.split()[0]), to=to)
    turn = 1 if not history else (2 if mine == 0 else max(3, len(history) + 1))
    room = inputs.round < inputs.max_rounds
    seen = view_of(inputs, to, rng)  # in words, and whether the two met as data
    pair = LineInput(
        speaker=inputs.speaker,
        listener=to,
        summary=inputs.summary,
        view_of_listener=seen.summary,
        met=seen.met,
        named=inputs.named,
        memories=inputs.memories,
        untyped=inputs.untyped,
        history=[f"{who or 'Someone'}: {text}" for who, _, text in history],
        now=inputs.now,
        turn=turn,
        max_turns=turn + 2 if room else turn + 1,
        plan=inputs.plan,
        place=inputs.place,
        news=inputs.news,
        heard=inputs.heard,
        introduced=inputs.introduced,
        shared=inputs.shared.get(to, []),
        told_here=inputs.told_here,
        going=inputs.going,
        clock=inputs.clock,
        retold=inputs.retold,
        said_today=inputs.said_today,
    )
    answer = pair_line(pair, rng)
    opening = SENTENCE_END.split(answer.text)[0]
    again = any(who == inputs.speaker and opening in text for who, _, text in history)
    if not answer.ends and not again:  # never the same thing twice in one talk
        return said_to(answer, to)
    if mine < 2 and room:
        return GroupLine(text="")  # nothing to add: pass this turn
    if len(inputs.members) > 1:
        return leaving(inputs, rng)
    return GroupLine(text=answer.text, to=to, leaves=True)


def said_to(answer: DialogueLine, to: str) -> GroupLine:
    """The pair rule's line as a group line said to `to`, with what it carries as data."""
    return GroupLine(
        text=answer.text,
        to=to,
        told=answer.told,
        answer=answer.answer,
        echoes=answer.echoes,
        introduces=answer.introduces,
    )


def next_speaker(inputs: NextSpeakerInput, rng: random.Random) -> NextSpeaker:
    members = [m.split(": ", 1) for m in inputs.members]
    names = [m[0] for m in members]
    allowed = [m for m in members if m[0] != inputs.last_speaker] or members
    lines = [line for text in inputs.transcript if (line := heard(text)) is not None]
    if not lines:
        return NextSpeaker(name=allowed[0][0], reason="nobody has spoken yet")
    last = lines[-1]
    spoken = {line.speaker for line in lines}
    quiet = [name for name, _ in allowed if name not in spoken]
    if quiet and len(lines) >= 2:  # turn-taking first: nobody is left out of the talk
        return NextSpeaker(name=quiet[0], reason="has not spoken yet")
    for name, _ in allowed:
        if last.to == name:  # whom the line turns to, as its writer said (never its words)
            return NextSpeaker(name=name, reason=f"{last.speaker} spoke to them")
    words = set(WORD.findall(last.text.lower()))
    spoke = {line.speaker: index for index, line in enumerate(lines)}

    def score(member: list[str]) -> tuple[int, int]:
        about = set(WORD.findall(member[-1].lower()))
        return (
            2 * len(words & about) + len(lines) - spoke.get(member[0], -1),
            -names.index(member[0]),
        )

    chosen = max(allowed, key=score)
    return NextSpeaker(name=chosen[0], reason="has something to add, or has been quiet")


def padded(values: list[T], length: int, empty: T) -> list[T]:
    """`values` cut or filled with `empty` to `length` (one per line)."""
    return [*values, *[empty] * length][:length]


def lines_said(
    texts: list[str], told: list[News | None], views: list[str], answers: list[str | None]
) -> list[tuple[ConversationLine, News | None, str, str | None]]:
    """Each context line read back (what is no line left out) with its news, view and
    answer as data, aligned by position (missing: none, or unknown for an answer)."""
    count = len(texts)
    rows = zip(
        texts,
        padded(told, count, None),
        padded(views, count, ""),
        padded(answers, count, None),
        strict=True,
    )
    return [
        (line, news, view, answer) for text, news, view, answer in rows if (line := heard(text))
    ]


def round_summary(inputs: RoundSummaryInput, rng: random.Random) -> RoundSummary:
    kept = lines_said(inputs.lines, [], inputs.views, inputs.answers)
    said = [(line.speaker, line.to or "the group", line.text) for line, *_ in kept]
    opening = inputs.earlier or f"{listed(inputs.members)} are talking."
    answers = [answer for *_, answer in kept]
    day = today(inputs.clock, inputs.now)
    summary = summarise_lines(opening, said, day, answers=answers).summary
    views = views_said([who for who, _, _ in said], [view for _, _, view, _ in kept])
    return RoundSummary(summary=" ".join([summary, *views]))


def group_summary(inputs: GroupSummaryInput, rng: random.Random) -> ConversationSummary:
    names = listed(inputs.members)
    opening = rng.choice((f"{names} talked together.", f"{names} had a chat as a group."))
    if inputs.topic:
        opening = f"{names} met to talk about: {inputs.topic}"
    kept = lines_said(inputs.lines, inputs.told, inputs.views, inputs.answers)
    said = [(line.speaker, line.to or "the group", line.text) for line, *_ in kept]
    news = [told for _, told, _, _ in kept]
    answers = [answer for *_, answer in kept]
    found = summarise_lines(opening, said, today(inputs.clock, inputs.now), news, answers)
    views = views_said([who for who, _, _ in said], [view for _, _, view, _ in kept])
    return found.model_copy(update={"summary": " ".join([found.summary, *views])})
