"""Offline group rounds: the next few lines of a one-by-one group talk, as the per-line rule
says them.

A `group_round` call asks for the lines of the next up-to-k members of the round. The
offline brain says each with `group.group_line`, as if each line were its own `group_line`
call by its speaker: that speaker's input from the call (`GroupRoundInput.members`) with the
talk as it would stand then (`as_then`: the lines said earlier in the call in its context,
what the last of them told and whether it introduced its speaker, the news and views the
talk gave so far, and without whoever left), each with the random a `group_line` call would
get for those inputs (`line_random`). So the lines are those the per-line rule would say,
but for the memories: a round's are retrieved once per call, a line's before each line.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cognition.contract import ConversationLine
from cognition.memory.texts import read_about_line
from cognition.offline.group import group_line
from cognition.steps.group_line import GroupLineInput, said, settled, spoken
from cognition.steps.group_round import GroupRound, GroupRoundInput, RoundLine
from cognition.steps.reflect import Recalled

GroupLineRandom = Callable[[GroupLineInput], random.Random]  # one line's own call's random


def about_only(member: GroupLineInput, others: Sequence[str]) -> tuple[list[str], list[Recalled]]:
    """`member`'s lines about the others (and their kinds and fields, when it has them) but
    those about anyone not in `others`."""
    kept = [(read_about_line(line) or ("", ""))[0] in others for line in member.about_members]
    about = [line for line, keep in zip(member.about_members, kept, strict=True) if keep]
    if len(member.about_recalled) != len(kept):
        return about, list(member.about_recalled)
    rows = zip(member.about_recalled, kept, strict=True)
    return about, [recalled for recalled, keep in rows if keep]


def as_then(
    member: GroupLineInput, lines: Sequence[ConversationLine], left: Sequence[str]
) -> GroupLineInput:
    """`member`'s input once `lines` more were said and those in `left` have left, as
    `group.line_input.member_input` would build it then (its memories as they were)."""
    if not lines and not left:
        return member
    others = [name for name in member.members if name not in left]
    about, recalled = about_only(member, others)
    last = lines[-1] if lines else None
    told = [line.told.item for line in lines if line.told is not None]
    views = dict(member.views)
    for line in lines:  # each member's latest view, who gave one last at the end
        if line.view:
            views.pop(line.speaker, None)
            views[line.speaker] = line.view
    return member.model_copy(
        update={
            "members": others,
            "about_members": about,
            "about_recalled": recalled,
            "shared": {name: items for name, items in member.shared.items() if name in others},
            "context": [*member.context, *(said(line) for line in lines)],
            "heard": member.heard if last is None else last.told,
            "introduced": member.introduced if last is None else last.introduces,
            "told_here": list(dict.fromkeys([*member.told_here, *told])),
            "views": views,
        }
    )


def group_round(inputs: GroupRoundInput, line_random: GroupLineRandom) -> GroupRound:
    """The round's lines, each by the per-line rule with its own call's random, the talk
    as it would stand before each (lines said, who left) — all of them: the talk drops
    those after a line that ends it."""
    lines: list[ConversationLine] = []
    left: list[str] = []
    found: list[RoundLine] = []
    for member in inputs.members[: max(inputs.lines, 0)]:
        one = as_then(member, lines, left)
        answer = group_line(one, line_random(one))
        kept = settled(answer, one.members, one.news, bool(one.must_leave))
        found.append(
            RoundLine(
                speaker=one.speaker,
                text=answer.text,
                to=answer.to,
                leaves=answer.leaves,
                tells=answer.tells,
                told=answer.told,
                view=answer.view,
                answer=answer.answer,
                echoes=answer.echoes,
                introduces=answer.introduces,
            )
        )
        if kept.text:
            lines.append(spoken(one.speaker, kept))
        if kept.leaves:
            left.append(one.speaker)
    return GroupRound(lines=found)
