"""What a member sees when it speaks in a group talk: its `GroupLineInput`, from its own
retrieval (the query: the others, the place, the topic and the last line) and the talk so
far (`GroupTalk.speak` asks the member's model with it); what it remembers about the others
(`remembered_about`: retrieved once, each memory with whom it is about and its kind and
fields, `Remembered`)."""

from __future__ import annotations

from collections.abc import Sequence

from cognition.contract import ConversationLine
from cognition.group.rules import GroupRules, Member, Remembered
from cognition.steps.common import (
    memory_lines,
    news_going,
    news_known,
    news_shared,
    news_told,
    when,
)
from cognition.steps.context import StepContext
from cognition.steps.dialogue import (
    lines_said_today,
    news_retold,
    numbered_news,
    untyped_lines,
)
from cognition.steps.group_line import GroupLineInput, about_members_lines, views_given
from cognition.steps.reflect import Recalled
from cognition.steps.view_reuse import named_counts


def remembered_about(ctx: StepContext, others: Sequence[str], k: int) -> tuple[Remembered, ...]:
    """What a member remembers about each of `others` (its `k` best memories of each, oldest
    first): whom each is about, its line, its kind and fields."""
    remembered: list[Remembered] = []
    for other in others:
        records = sorted((hit.record for hit in ctx.recall(other, k=k)), key=lambda r: r.created)
        lines = memory_lines(records, transcripts=True)
        pairs = zip(lines, records, strict=True)
        remembered += [Remembered(other, line, Recalled.of(record)) for line, record in pairs]
    return tuple(remembered)


def member_input(
    member: Member,
    others: list[str],
    context: list[str],
    number: int,
    *,
    rules: GroupRules,
    host: str,
    lines: Sequence[ConversationLine],
    called: bool,
) -> GroupLineInput:
    """Member `member`'s input for its line of round `number`, with `others` present and
    `context` said so far (`called`: its plan calls it away now, so it must leave)."""
    ctx = member.speaker.context
    last = context[-1] if context else ""
    where = member.speaker.place if member.speaker.place != "home" else ""
    query = " ".join(part for part in (*others, where, rules.topic, last) if part)
    hits = ctx.recall(query)
    known = news_known(ctx.memory, member.name)
    about = [memory for memory in member.remembered if memory.other in others]
    return GroupLineInput(
        speaker=member.name,
        members=others,
        summary=member.speaker.summary,
        about_members=about_members_lines([(memory.other, memory.line) for memory in about]),
        about_recalled=[memory.recalled for memory in about],
        memories=memory_lines(hits, transcripts=True),
        untyped=untyped_lines(hits),
        named=named_counts(h.record for h in hits),
        context=context,
        now=when(ctx.now),
        clock=ctx.now,
        round=number,
        max_rounds=rules.max_rounds,
        plan=list(member.speaker.plan),
        place=member.speaker.place,
        topic=rules.topic,
        host=host,
        must_leave=f"{member.name} must leave now: {member.called_to or 'the plan calls'}."
        if called
        else "",
        news=known,
        known_news=numbered_news(known),
        heard=lines[-1].told if lines else None,
        introduced=lines[-1].introduces if lines else None,
        shared={name: news_shared(ctx.memory, name) for name in others},
        told_here=news_told(lines),
        going=news_going(ctx.memory, member.name),
        retold=news_retold(ctx.memory),
        said_today=lines_said_today(ctx.memory, member.name, ctx.now.date()),
        views=views_given(lines),
    )
