"""Offline relations: how one agent sees another, by rule from the memories about them.

`view_of`: whether the two have met, as data (`View.met`), and the view in words: a
stranger "has not met" them yet; otherwise what the agent knows of them, how often and
when they last talked, about what (`main_topic`), what the other told, and a warmth that
grows with the talks. Memories are read by `notes`, the news they carry by their fields.
No resident, place or event is named here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from cognition.memory.fields import News
from cognition.offline.notes import (
    SUBJECT,
    Note,
    fields_name,
    first_name,
    pronoun,
    read_notes,
    summaries_with,
    talks_with,
    ties,
    told_in,
)
from cognition.offline.text import sentences
from cognition.offline.wording import clean, gerund, place_phrase, sentence_of, times, when
from cognition.steps.relationship import RelationshipInput, RelationshipSummary

PRIVATE = ("bathroom", "shower", "toilet", "bath", "sleep", "bed", "dress", "teeth", "undress")
ROMANCE = ("crush", "love", "fond", "adore")
AFFECTION = (*ROMANCE, "admire", "close friend", "closest friend")
WARMTH = {
    1: (
        "{a} found {o} friendly and would happily talk again.",
        "It was a pleasant first talk; {a} would like to get to know {o}.",
    ),
    2: (
        "{a} and {o} are warming to each other.",
        "{a} enjoys talking with {o} more each time.",
    ),
    3: (
        "{a} and {o} are getting closer.",
        "{a} feels at ease with {o} now.",
        "{a} looks forward to running into {o}.",
    ),
    5: (
        "{a} counts {o} as a good friend.",
        "{a} and {o} have become close.",
    ),
}


CLOSE = {  # for those the persona already ties together (family, friends, colleagues)
    1: ("{a} enjoyed catching up with {o}.", "{a} was glad to see {o}."),
    3: ("{a} and {o} are closer than ever.", "{a} feels lucky to have {o} around."),
}
FOND = {  # for a crush or a love
    1: ("{a} treasures every moment with {o}.", "{a} came away from the talk smiling."),
    3: ("{a} feels more and more drawn to {o}.", "{a} can hardly stop thinking about {o}."),
}


def warmth(talks: int, rng: random.Random, agent: str, other: str, bond: str = "") -> str:
    """A sentence of feeling that grows with the talks; for a known tie, catching up."""
    fond = any(word in bond.lower() for word in ROMANCE)
    table = FOND if fond else CLOSE if bond else WARMTH
    level = max(k for k in table if k <= talks)
    return rng.choice(table[level]).format(a=first_name(agent), o=first_name(other))


def talk_topic(note: Note, agent: str) -> tuple[int, str]:
    """What one talk (its transcript or summary) was about, and how telling that is (3
    best, 0 nothing): its topic as data (`MemoryFields.topic`: a meeting's question; or
    `talked_about`: what a model's summary answered the talk was about), else the news its
    fields carry (`news_topic`), else, by its words (a talk without fields, or a model's,
    whose lines carry no news as data), whose news it was."""
    if note.about is not None and note.about.topic:
        return 3, f'"{note.about.topic}"'
    if note.about is not None and note.about.talked_about:
        return 3, clean(note.about.talked_about)
    if note.about is not None and (typed := news_topic(note.about.news)) is not None:
        return typed
    said = [t.statement for t in told_in([note], agent)]
    subjects = [m.group(1) for s in said if (m := SUBJECT.match(s))]
    if subjects:
        return 1, f"what {first_name(subjects[0])} is up to"
    return 0, ""


def news_topic(news: Sequence[News]) -> tuple[int, str] | None:
    """What talk carrying `news` was about, by its fields: the first named event told in
    it ("the lantern festival"), else whose news it was ("what Ada is up to"); None
    when it carried no news."""
    named = [n for n in news if n.name]
    if named:
        name = named[0].name
        return 2, name if name.lower().startswith("the ") else f"the {name}"
    if news:
        return 1, f"what {first_name(news[0].subject)} is up to"
    return None


def last_topic(notes: Sequence[Note], agent: str, other: str, last: Note) -> str:
    """What the last talk was about: its summary's topic (the summary made with it), else
    its transcript's."""
    same_time = [n for n in summaries_with(notes, agent, other) if n.stamp == last.stamp]
    found = [talk_topic(n, agent) for n in [*same_time[-1:], last]]
    return max(found)[1] if found else ""


def main_topic(notes: Sequence[Note], agent: str, other: str, talks: Sequence[Note]) -> str:
    """The most telling topic of the talks and their summaries, the latest among equals."""
    everything = {n.number: n for n in [*talks, *summaries_with(notes, agent, other)]}
    found = [(*talk_topic(n, agent), number) for number, n in everything.items()]
    return max(found, default=(0, "", 0))[1]


def known_about(notes: Sequence[Note], other: str, skip: set[int]) -> list[str]:
    """The facts that name `other` by their fields (a persona's: `MemoryFields.named`,
    which `Persona.named` wrote once from the persona file; news about them: its subject),
    in the memories' order (as the description gives them: no word list decides which says
    the most) — of each, the sentences that start with `other`, said back (the user's
    words). A fact whose fields are unknown (an input of lines alone) is taken as the
    persona's words say it."""
    return [
        s
        for n in notes
        if n.kind == "fact" and n.number not in skip
        if n.about is None or other in fields_name(n.about)
        for s in sentences(n.text)
        if s.startswith(other + " ") and "\n" not in s
    ]


def usable_sighting(note: Note, agent: str) -> bool:
    """A sighting worth retelling: a doing, not words, not idling, not something private,
    not about the agent."""
    detail = note.detail
    lowered = f"{detail} {note.where}".lower()
    return (
        bool(detail)
        and not detail.startswith(('"', "'"))
        and detail != "idle"
        and not any(word in lowered for word in PRIVATE)
        and (agent not in detail and first_name(agent) not in detail.split())
    )


def last_seen(notes: Sequence[Note], other: str, agent: str = "") -> str:
    seen = [n for n in notes if n.kind == "seen" and n.subject == other]
    usable = [n for n in seen if usable_sighting(n, agent)]
    if not usable:
        return ""
    note = usable[-1]
    return f"{gerund(note.detail)} {place_phrase(note.where)}".strip()


@dataclass(frozen=True)
class View:
    """How one agent sees another, as data beside its words: whether the two have met (a
    talk, a tie, something the other told, a reflection on talks with them, by the
    memories' fields), what is known of a stranger (`known_of`: the sentences after "has
    not met … yet", what it saw and heard of them; "" for someone met) and the view in
    words (`summary`: the relationship step's answer). The interview's answer about a
    person (`acquaintance.about_person`) reads `met` and `known_of`, never the words."""

    met: bool
    summary: str
    known_of: str = ""


def relationship(inputs: RelationshipInput, rng: random.Random) -> RelationshipSummary:
    """How `agent` sees `other` in words (the relationship step's rule: `view_of`)."""
    return RelationshipSummary(summary=view_of(inputs, rng).summary)


def stranger_view(notes: Sequence[Note], agent: str, other: str, seen: str) -> View:
    """The view of someone not met: what the agent saw them doing, what it heard of them."""
    a, o = first_name(agent), first_name(other)
    heard = known_about(notes, other, set())
    heard += [t.statement for t in told_in(notes, agent) if t.statement.startswith(other)]
    known = [f"{a} has seen {o} {seen}."] if seen else []
    known += [f"{a} has heard that {clean(heard[0])}."] if heard else []
    known_of = " ".join(known)
    return View(False, f"{agent} has not met {other} yet. {known_of}".strip(), known_of)


def view_of(inputs: RelationshipInput, rng: random.Random) -> View:
    """How `agent` sees `other`, from memories retrieved about them (oldest first)."""
    agent, other = inputs.agent, inputs.other
    a, o = first_name(agent), first_name(other)
    read = read_notes(inputs.memories, recalled=inputs.recalled)
    notes = [n for n in read if n.kind != "object"]
    talks = talks_with(notes, agent, other)
    bonds = ties(notes, agent, other)
    told = [t for t in told_in(notes, agent) if t.teller == other and t.hearer == agent]
    seen = last_seen(notes, other, agent)
    # concluded from talks with `other`: its fields' people (a reflection without fields,
    # saved before them, is not known to rest on talks: left out)
    reflected = [n for n in ties(notes, agent, other, "reflection") if n.about is not None]
    if not talks and not bonds and not told and not reflected:
        return stranger_view(notes, agent, other, seen)
    parts: list[str] = []
    bond = sorted(bonds, key=lambda n: (not n.text.startswith(agent), n.number))[:1]
    if bond:
        parts.append(sentence_of(bond[0].text))
    else:
        parts.append(f"{agent} has got to know {other} through their talks.")
    facts = known_about(notes, other, {n.number for n in bond})
    if facts:
        parts.append(sentence_of(facts[0]))
    elif seen:
        parts.append(f"{a} last saw {o} {seen}.")
    if talks:
        last = talks[-1]
        about = last_topic(notes, agent, other, last)
        about = f", about {about}" if about else ""
        parts.append(f"They have talked {times(len(talks))}, last {when(last.stamp)}{about}.")
    elif reflected:  # the talks themselves not retrieved: what was concluded from them
        parts.append(sentence_of(reflected[-1].text))
    if told:
        statement = told[-1].statement
        said = pronoun(other, notes)  # as data: "they" would need the verb changed
        if statement.startswith(other + " "):
            statement = (said if said in ("he", "she") else o) + statement[len(other) :]
        parts.append(f"{o} told {a} that {statement}.")
    talked = len(talks)
    if talked:
        parts.append(warmth(talked, rng, agent, other, bond[0].text if bond else ""))
    elif bond and any(word in bond[0].text.lower() for word in AFFECTION):
        parts.append(f"{a} would love to spend more time with {o}.")
    elif not reflected:
        parts.append(rng.choice((f"{a} has not talked with {o} lately.", "")))
    return View(True, " ".join(p for p in parts if p))
