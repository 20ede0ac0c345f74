"""Conclusions reflection draws about people and days, each citing the memories behind it.

A `Conclusion` is something a set of memories supports, with the question it answers. Here:
who the agent keeps talking with (getting closer), what its days go to, whom it keeps seeing
where, who it is, and who keeps coming up; conclusions about events are in
`event_conclusions`. No resident, place or event is named here.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cognition.memory.fields import known_news
from cognition.offline.notes import (
    Note,
    first_name,
    own_fact,
    partners,
    people,
    summaries_with,
    talks_with,
    ties,
)
from cognition.offline.relations import ROMANCE, main_topic, usable_sighting
from cognition.offline.text import sentences
from cognition.offline.wording import clean, gerund, place_phrase, times

KIND_ORDER = ("talk", "news", "intention", "habit", "seen", "trait", "person")
KIND_WEIGHT = {
    "talk": 3, "news": 3, "intention": 3, "habit": 2, "seen": 1, "trait": 1, "person": 0,
}  # fmt: skip
ROUTINE_WORDS = (
    "sleep", "wake", "bed", "breakfast", "lunch", "dinner", "get ready", "evening", "relax",
    "shower", "toilet", "bathroom", "dress", "eat", "meal", "dishes", "idle", "commute",
)  # fmt: skip


@dataclass(frozen=True)
class Conclusion:
    """Something a set of memories supports, the question it answers and its evidence."""

    kind: str  # one of KIND_ORDER
    text: str
    question: str
    evidence: tuple[int, ...]
    topic: str  # words a question about it would use
    strength: int


def talk_conclusions(agent: str, notes: Sequence[Note], rng: random.Random) -> list[Conclusion]:
    """Who the agent has been talking with, how often, about what: getting closer."""
    found = []
    a = first_name(agent)
    for partner in partners(notes, agent):
        p = first_name(partner)
        talks = talks_with(notes, agent, partner)
        fond = [n for n in ties(notes, agent, partner) if any(w in n.text.lower() for w in ROMANCE)]
        earlier = ties(notes, agent, partner, "reflection")
        used = {n.number for n in [*talks, *summaries_with(notes, agent, partner), *fond, *earlier]}
        topic = main_topic(notes, agent, partner, talks)
        n = len(talks)
        about = (f", mostly about {topic}" if n > 1 else f" about {topic}") if topic else ""
        if n >= 2:
            text = rng.choice(
                (
                    f"{agent} has talked with {partner} {times(n)} lately{about}; "
                    "they are getting closer",
                    f"{agent} and {partner} keep finding time to talk, {times(n)} lately{about}; "
                    "a friendship is growing",
                    f"{agent} enjoys {p}'s company: they have talked {times(n)} lately{about}",
                )
            )
        else:
            text = rng.choice(
                (
                    f"{agent} has had a good talk with {partner}{about} "
                    f"and would like to see more of {p}",
                    f"{agent} and {partner} have talked{about}; {p} seems easy to get along with",
                )
            )
        if fond:
            text += (
                f", and {a} would like them to be closer still"
                if ";" in text
                else rng.choice((f"; {a}'s feelings for {p} keep growing", f"; {a} hopes for more"))
            )
        question = rng.choice(
            (
                f"How close is {agent} getting to {partner}?",
                f"What have {agent} and {partner} been talking about?",
                f"How does {agent} feel about {partner} after their talks?",
            )
        )
        found.append(
            Conclusion(
                "talk",
                text,
                question,
                tuple(sorted(used)),
                f"{partner} talk talked conversation chat friend close feel {topic}",
                2 * n + len(fond),
            )
        )
    return found


def habit_conclusions(agent: str, notes: Sequence[Note], rng: random.Random) -> list[Conclusion]:
    """What the agent spends its days on: its plans' working hours (their items as data,
    `Note.steps`; an item going to an event says so, `PlanEntry.item`) and its own doings
    seen, routine aside."""
    places: Counter[str] = Counter()
    doings: Counter[str] = Counter()
    used: set[int] = set()
    for note in notes:
        if note.kind == "plan" and note.subject == agent:
            for step in note.steps:
                activity = step.activity.split(", then ")[0]
                if step.item or routine(activity):
                    continue
                doing, _, where = activity.rpartition(" at ")
                doing = doing or activity
                if where and where != "home":
                    places[place_phrase(where, arena_last=False)] += step.end - step.start
                doings[doing] += step.end - step.start
                used.add(note.number)
        elif note.kind == "seen" and note.subject == agent and not note.detail.startswith('"'):
            if routine(note.detail):
                continue
            places[place_phrase(note.where)] += 30
            doings[note.detail] += 30
            used.add(note.number)
    if not places:
        return []
    place = f" {places.most_common(1)[0][0]}"
    busy = gerund(doings.most_common(1)[0][0])  # places come with doings
    text = rng.choice(
        (
            f"{agent} spends most days {busy}{place}",
            f"Most of {agent}'s time goes to {busy}{place}",
            f"{agent}'s days revolve around {busy}{place}",
        )
    )
    question = rng.choice(
        (f"What does {agent} spend most days on?", f"What keeps {agent} busy these days?")
    )
    topic = f"work days busy time spend occupation {busy}{place}"
    return [Conclusion("habit", text, question, tuple(sorted(used)), topic, 2)]


def routine(activity: str) -> bool:
    """Whether an activity is part of the day's routine (sleep, meals, washing)."""
    return any(word in activity.lower() for word in ROUTINE_WORDS)


def seen_conclusions(agent: str, notes: Sequence[Note], rng: random.Random) -> list[Conclusion]:
    """Where and doing what the agent keeps seeing other people."""
    by_person: dict[str, list[Note]] = {}
    for note in notes:
        if note.kind == "seen" and note.subject != agent and usable_sighting(note, agent):
            by_person.setdefault(note.subject, []).append(note)
    found = []
    for person, seen in by_person.items():
        doing = gerund(Counter(n.detail for n in reversed(seen)).most_common(1)[0][0])
        where = place_phrase(Counter(n.where for n in reversed(seen)).most_common(1)[0][0])
        n = len(seen)
        if n >= 2:
            text = rng.choice(
                (
                    f"{agent} often sees {person} {where}, usually {doing}",
                    f"{person} seems to spend a lot of time {where}; "
                    f"{agent} has seen {first_name(person)} there {times(n)}",
                )
            )
        else:
            text = f"{agent} has noticed {person} {doing} {where}"
        question = rng.choice(
            (f"What is {person} busy with these days?", f"Where does {agent} run into {person}?")
        )
        topic = f"{person} seen see busy {doing} {where}"
        found.append(
            Conclusion("seen", text, question, tuple(n.number for n in seen), topic, n - 1)
        )
    return found


def trait_conclusions(agent: str, notes: Sequence[Note], rng: random.Random) -> list[Conclusion]:
    """Who the agent is, from the persona's facts about itself: "X is someone who … and
    …" — only its plain facts (`own_fact`: never news, an intention or a relationship as
    data, of any kind), nor a fact saved without fields that tells news the notes know as
    data (an old save's persona fact whose news was seeded since: its statement is that
    news's)."""
    traits: list[tuple[int, str]] = []
    news = {clean(n.statement) for n in known_news((note.about for note in notes), agent)}
    for note in notes:
        if not own_fact(note):
            continue
        for sentence in sentences(note.text):
            rest = clean(sentence).removeprefix(agent + " ")
            first = rest.split(" ", 1)[0]
            if (
                sentence.startswith(agent + " ")
                and clean(sentence) not in news  # news, not character
                and first.islower()
                and first not in ("and", "or")
                and len(rest.split()) >= 3
            ):
                traits.append((note.number, rest))
    found = []
    for index in range(0, len(traits), 2):
        pair = traits[index : index + 2]
        said = " and ".join(rest for _, rest in pair)
        text = rng.choice(
            (f"{agent} is someone who {said}", f"At heart, {agent} is someone who {said}")
        )
        question = rng.choice(
            (f"What kind of person is {agent}?", f"What matters most to {agent}?")
        )
        topic = f"{said} person kind matters care character"
        found.append(Conclusion("trait", text, question, tuple(n for n, _ in pair), topic, 1))
    return found


def person_conclusions(
    agent: str, notes: Sequence[Note], rng: random.Random, covered: set[str]
) -> list[Conclusion]:
    """People who keep coming up in the agent's memories, talked with or not."""
    found = []
    for person, count in people(notes, agent).most_common():
        if count < 2 or person in covered:
            continue
        evidence = tuple(n.number for n in notes if n.mentions(person))
        p = first_name(person)
        text = rng.choice(
            (
                f"{person} keeps coming up in {agent}'s days; {p} clearly matters to "
                f"{first_name(agent)}",
                f"{agent} has been thinking about {person} a lot lately",
            )
        )
        question = f"What does {person} mean to {agent}?"
        found.append(
            Conclusion("person", text, question, evidence, f"{person} mean matter", count // 2)
        )
    return found
