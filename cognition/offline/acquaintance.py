"""Offline answers about a person: "Do you know Ada Park?", "Who is Ada Park?", "What do you
think of Ada Park?".

The answer comes from the memories retrieved for the question, by the relationship rule
(`relations.relationship`: a bond from the persona, what is known of them, the talks, what
they told, a warmth), said in the first person. Someone only seen is someone one "has not
met yet" (still a claim to know of them: a memory names them); someone no memory names is
not known, and the answer says so in words the knows rule reads as a denial. No name is
written here: the person is read from the question's capitalised words.

`ASKING` reads the interviewer's question ("Do you know Ada Park?"), never a memory: a
question a researcher or player types is input the offline brain must answer, and no
field names whom it asks about. The memories about that person are read by their fields
(`relations`, `notes`).
"""

from __future__ import annotations

import random
import re

from cognition.offline.notes import first_name, named_by, read_notes
from cognition.offline.relations import known_about, view_of
from cognition.offline.text import first_person
from cognition.offline.wording import sentence_of
from cognition.steps.interview import InterviewInput
from cognition.steps.relationship import RelationshipInput

NAME = r"(?P<name>[A-Z][\w'-]*(?: (?:[A-Z][\w'-]*|de|van|von|da|di|del|la|le)){0,3})"
ASKING = re.compile(
    r"\b(?i:do you know|have you met|who is|who's|what do you think (?:of|about)|"
    r"how do you feel about|what do you know about|tell me about|have you heard of)\s+" + NAME
)
OBJECT_WORDS = r"told|asked|invited|with|to|for|about|see|saw|met|meet|likes|like|thanked"
NO_ONE = (
    "No, I don't know {name}.",
    "I don't know {name}, I'm afraid.",
    "{first}? No, I don't know anyone by that name.",
)
NOT_MET = ("I haven't met {name} yet.", "We haven't actually met yet.")


def person_asked(inputs: InterviewInput) -> str | None:
    """The person the question asks about: a name of one or more capitalised words after
    "do you know", "who is" …, not the agent; None for any other question. A one-word name
    is taken as the full name of the one person with that first name whom the memories
    name by their fields (`notes.named_by`), never by their words."""
    found = ASKING.search(inputs.question)
    if found is None:
        return None
    name = re.sub(r"'s$", "", found.group("name")).strip()
    if name in (inputs.agent, first_name(inputs.agent)) or "'" in name:
        return None
    if " " in name:
        return name
    notes = read_notes(inputs.memories, recalled=inputs.recalled)
    named = {who for note in notes for who in named_by(note) if first_name(who) == name}
    return next(iter(named)) if len(named) == 1 else name


def in_first_person(text: str, agent: str) -> str:
    """The relationship rule's third-person summary as the agent says it."""
    said = []
    for sentence in re.split(r"(?<=[.!?])\s+", text.strip()):
        if not sentence:
            continue
        surname = agent.partition(" ")[2]
        rest = rf"(?! {re.escape(surname)})" if surname else ""
        for name in (agent, first_name(agent)):
            whole = rf"{re.escape(name)}\b(?!'s){rest}"
            sentence = re.sub(rf"\b({OBJECT_WORDS}) {whole}", r"\1 me", sentence)
        sentence = re.sub(r"^They (have|had|are|were)\b", r"We \1", sentence)
        sentence = re.sub(r"\bhas not met\b", "haven't met", sentence)
        sentence = sentence.replace("through their talks", "through our talks")
        said.append(first_person(agent, sentence))
    return " ".join(said)


def about_person(inputs: InterviewInput, rng: random.Random) -> str | None:
    """The answer to a question about a person (None: the question is about something
    else)."""
    name = person_asked(inputs)
    if name is None:
        return None
    first = first_name(name)
    if not any(name in line for line in inputs.memories):
        return rng.choice(NO_ONE).format(name=name, first=first)
    asked = RelationshipInput(
        agent=inputs.agent, other=name, memories=inputs.memories, recalled=inputs.recalled
    )
    seen = view_of(asked, rng)  # whether the two met, as data: never read from its words
    view = seen.summary
    if not seen.met:
        opening = rng.choice(NOT_MET).format(name=name)
        said = in_first_person(seen.known_of, inputs.agent)
        return f"{opening} {said}".strip() if said else f"{opening} I only know the name."
    if re.match(r"(?i)who", inputs.question):  # who they are first, then how one knows them
        facts = known_about(read_notes(inputs.memories, recalled=inputs.recalled), name, set())
        if facts:
            fact = sentence_of(facts[0])
            view = f"{fact} {' '.join(view.replace(fact, '').split())}"
    yes = "Yes. " if re.match(r"(?i)(do|have) you", inputs.question) else ""
    return yes + in_first_person(view, inputs.agent)
