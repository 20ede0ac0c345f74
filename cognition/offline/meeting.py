"""Offline meetings: a member's lines on a meeting's question, and its stance after.

The host (the member who opens) puts the question. Each member's first line states its
view — for, against or undecided — with a reason from its own life (what it is busy with),
agreeing or disagreeing with the last member who gave a view (ChatEval's diverse roles:
each argues from its own persona). The leaning comes from the persona's traits (hopeful
people lean for, critical ones against; neither: a seeded draw per person and question).
After its first line a member talks as in any group (news, replies, goodbyes). Its stance
after the meeting is the view it gave, or its leaning if it said none. A view given is data:
the line carries it (`GroupLine.view`, `ConversationLine.view`), the next lines, the
stance and the summaries read it from there (`GroupLineInput.views`, `StanceInput.views`,
`views_said` of the summaries' `views`), not from words.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import cognition.offline.phrases as say
from cognition.offline.seeded import once
from cognition.offline.talk import busy_with, traits
from cognition.steps.dialogue import LineInput
from cognition.steps.group_line import GroupLine, GroupLineInput, heard
from cognition.steps.stance import Stance, StanceInput


def leaning(summary: str, person: str, topic: str, rng: random.Random) -> str:
    """How `person` leans on `topic`: by its traits, else a draw of the brain's seed, the
    same at each of its calls on the topic (`seeded.once`: two seeds may differ)."""
    mood = traits(summary)
    score = sum(w in mood for w in say.HOPEFUL) - sum(w in mood for w in say.CRITICAL)
    if score:
        return "for" if score > 0 else "against"
    draw = once(rng, f"{person}|{topic}")
    return "for" if draw < 0.45 else "against" if draw < 0.8 else "undecided"


VIEW_WORDS = {"for": "spoke for it", "against": "spoke against it", "undecided": "was undecided"}


def views_said(speakers: Sequence[str], views: Sequence[str]) -> list[str]:
    """The views given, as a summary says them ("Ann Lee spoke for it."): each line's
    speaker with its `view` as data (`views[i]` for line i; "" or missing: it gave none)."""
    given = zip(speakers, [*views, *[""] * len(speakers)], strict=False)
    return [f"{who} {VIEW_WORDS[view]}." for who, view in given if view in VIEW_WORDS]


def about_me(person: str, summary: str, rng: random.Random) -> str:
    """What the person is busy with, in the first person, without its full stop."""
    inputs = LineInput(
        speaker=person,
        listener="",
        summary=summary,
        view_of_listener="",
        memories=[],
        history=[],
        now="",
        turn=1,
        max_turns=2,
    )
    return busy_with(inputs, rng).rstrip(".")


def meeting_line(inputs: GroupLineInput, rng: random.Random) -> GroupLine | None:
    """The member's line on the question; None when it has given its view already (it then
    talks as in any group)."""
    said = [line for text in inputs.context if (line := heard(text)) is not None]
    question = inputs.topic.strip()
    hosting = inputs.host in ("", inputs.speaker)
    if hosting and inputs.round == 1 and not said:
        text = rng.choice(say.MEETING_OPEN).format(topic=question)
        return GroupLine(text=text)
    spoke = any(line.speaker == inputs.speaker for line in said)
    if spoke or (inputs.round > 1 and not said):  # a summary stands for the rounds before
        return None
    view = leaning(inputs.summary, inputs.speaker, question, rng)
    mine = about_me(inputs.speaker, inputs.summary, rng)
    options = {"for": say.FOR_IT, "against": say.AGAINST_IT, "undecided": say.UNDECIDED}[view]
    lower = mine if re.match(r"I\b", mine) else mine[:1].lower() + mine[1:]
    text = rng.choice(options).format(mine=mine, mine_lower=lower)
    # the views given so far, as data (the lines' `view`), the latest last
    given = [(who, theirs) for who, theirs in inputs.views.items() if who != inputs.speaker]
    if given:
        who, theirs = given[-1]
        side = say.AGREE_WITH if theirs == view else say.DISAGREE_WITH
        text = f"{rng.choice(side).format(first=who.split()[0])} {text}"
        return GroupLine(text=text, to=who, view=view)
    return GroupLine(text=text, view=view)


def stance(inputs: StanceInput, rng: random.Random) -> Stance:
    given = [view for view in inputs.views if view in VIEW_WORDS]
    position = given[-1] if given else leaning(inputs.summary, inputs.person, inputs.topic, rng)
    reason = about_me(inputs.person, inputs.summary, rng)
    return Stance(position=position, reason=reason)
