"""A one-by-one round in calls of several lines (`GroupRules.lines_per_call` k > 1).

The round's speakers, in the order one-by-one asks them, are cut into runs of up to k
residents (`chunks`); the player always speaks alone, by the per-line path. One
`group_round` call (the run's first speaker's mind) writes a run's lines (`speak_round`):
each member's input is built by `member_input` at the call's start, as its own line's
call would build it then (its own retrieval; `called` as if the lines before it in the run
were said). The lines are handed to the talk in order, each as the talk keeps a line
(`group_line.settled`), one by one as a model that streams writes them (as a pair's turn's
are: `partial_answers`), else when the call returns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextvars import copy_context
from typing import TYPE_CHECKING

from cognition.group.human import Human
from cognition.group.line_input import member_input
from cognition.group.rules import Anyone, Member
from cognition.llm.partial_answers import listening
from cognition.steps.common import when
from cognition.steps.group_line import GroupLine, GroupLineInput, settled
from cognition.steps.group_round import GROUP_ROUND, GroupRound, GroupRoundInput, round_lines
from cognition.steps.turn_teller import HandedOn

if TYPE_CHECKING:
    # lazy: the talk imports this module; its type only, for the checker
    from cognition.group.talk import GroupTalk


def chunks(present: Sequence[Anyone], k: int) -> list[list[Anyone]]:
    """The round's speakers in order, in runs of up to `k` residents; a player alone."""
    found: list[list[Anyone]] = []
    for member in present:
        run = found[-1] if found else []
        alone = isinstance(member, Human) or any(isinstance(m, Human) for m in run)
        if not found or alone or len(run) >= max(k, 1):
            found.append([member])
        else:
            run.append(member)
    return found


def called_away(talk: GroupTalk, member: Member, before: int) -> bool:
    """Whether `member`'s plan calls it away when it speaks after `before` more lines."""
    elapsed = (len(talk.lines) + before) * talk.rules.line_minutes
    return member.free_minutes is not None and elapsed >= member.free_minutes


def inputs_of(talk: GroupTalk, run: Sequence[Member], number: int) -> list[GroupLineInput]:
    """Each member's own input at the call's start (retrieving at once, on threads)."""
    context, host = talk.shared(), talk.members[0].name

    def one(index: int) -> GroupLineInput:
        member = run[index]
        others = [name for name in talk.here if name != member.name]
        called = called_away(talk, member, index)
        return member_input(
            member,
            others,
            context,
            number,
            rules=talk.rules,
            host=host,
            lines=talk.lines,
            called=called,
        )

    with ThreadPoolExecutor(max_workers=len(run), thread_name_prefix="member") as pool:
        asked = [pool.submit(copy_context().run, one, index) for index in range(len(run))]
        return [answer.result() for answer in asked]


def speak_round(
    talk: GroupTalk,
    run: Sequence[Member],
    number: int,
    add: Callable[[Member, GroupLine], bool],
) -> None:
    """The run's lines from one call, in order, each handed to `add` with its member as
    soon as it is known — while a model that streams writes it, else when the call returns
    — until `add` says the talk ended (False: the call's later lines are dropped). A member
    the answer has no line for (skipped, or after a line out of order) passes. A retry of
    the call whose answer does not begin with the lines already handed on adds no more."""
    inputs = inputs_of(talk, run, number)
    first = run[0].speaker
    asked = GroupRoundInput(
        speaker=first.name,
        now=when(first.context.now),
        clock=first.context.now,
        round=number,
        max_rounds=talk.rules.max_rounds,
        lines=len(run),
        context=talk.shared(),
        place=talk.host.speaker.place,
        topic=talk.rules.topic,
        host=talk.host.name,
        everyone=list(talk.here),
        members=inputs,
    )
    handed: HandedOn[GroupLine] = HandedOn()

    def hand_on(answer: GroupRound) -> None:
        said = [
            settled(line, one.members, one.news, bool(one.must_leave))
            for one, line in zip(inputs, round_lines(answer, asked), strict=False)
        ]
        members = run[len(handed.items) :]
        for member, line in zip(members, handed.new(said), strict=False):
            if not add(member, line):
                handed.closed = True  # the talk ended: the call's later lines are dropped
                return
            handed.items.append(line)

    with listening(GROUP_ROUND, "lines", hand_on):
        answer = talk.ask(first.context.model, GROUP_ROUND, asked, first.name, "round").output
    hand_on(answer)
