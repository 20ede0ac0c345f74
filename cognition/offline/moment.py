"""Offline talk's words of the moment: a line filled from a phrasing, today's plan as the
talk sees it ("12:15–13:05 have lunch at the cafe"), and the openings and goodbyes made from
it — a greeting that says what the speaker is doing, a goodbye that says where its plan
takes it next — so a town's talk is not half stock phrases."""

from __future__ import annotations

import random
import re

import cognition.offline.phrases as say
from cognition.offline.text import first_person
from cognition.offline.wording import clean, gerund
from cognition.plan import STEP_LINE, read_step_line
from cognition.steps.dialogue import LineInput

PLAN_LINE = STEP_LINE  # a plan line as the talk's input shows it (`cognition.plan.step_line`)


def fill(template: str, inputs: LineInput, **values: str) -> str:
    first = inputs.listener.split()[0]
    return template.format(first=first, me=inputs.speaker, **values)


def pick(options: tuple[str, ...], rng: random.Random, inputs: LineInput, **values: str) -> str:
    return fill(rng.choice(options), inputs, **values)


def plan_items(plan: list[str]) -> list[tuple[int, int, str]]:
    """Today's plan lines ("12:15–13:05 have lunch at the cafe") as (start, end, activity)
    in minutes, the activity's first part only ("work at the shop, counter, then read" →
    "work at the shop")."""
    items = []
    for text in plan:
        entry = read_step_line(text)
        if entry is None:
            continue
        activity = re.split(r", then |, |; ", entry.activity)[0].strip()
        if activity:
            items.append((entry.start, entry.end, activity))
    return items


def minute_of(now: str) -> int | None:
    """The minute of the day in a prompt's "Monday February 13, 2023, 12:17"."""
    found = re.search(r"(\d{1,2}):(\d{2})$", now.strip())
    return int(found[1]) * 60 + int(found[2]) if found else None


def own(speaker: str, activity: str) -> str:
    """An activity of the plan as its person says it ("read in Ann's room" → "read in my
    room"), not capitalised as a sentence."""
    said = first_person(speaker, activity)
    return said if said.startswith(("I ", "I'")) else said[:1].lower() + said[1:]


def doing_now(inputs: LineInput) -> str:
    """What the speaker's plan has it doing now, as a gerund ("having lunch at the cafe")."""
    minute = minute_of(inputs.now)
    if minute is None:
        return ""
    now_on = [a for start, end, a in plan_items(inputs.plan) if start <= minute < end]
    return gerund(own(inputs.speaker, now_on[0])) if now_on else ""


def next_up(speaker: str, plan: list[str], now: str) -> str:
    """What `speaker`'s plan has it do after `now` ("work at the shop"), or ""."""
    minute = minute_of(now)
    if minute is None:
        return ""
    later = [a for start, _, a in plan_items(plan) if start > minute]
    return clean(own(speaker, later[0])) if later else ""


def greeting(inputs: LineInput, rng: random.Random, about_me: str) -> str:
    """A stranger is met with an introduction and a word on oneself (`about_me`); someone
    known with a greeting that says what the speaker is busy with, the place, or the hour."""
    if inputs.met is False:  # a stranger, as data (`LineInput.met`), not the view's words
        return f"{pick(say.STRANGER, rng, inputs)} {about_me}"
    doing = doing_now(inputs)
    if doing and rng.random() < 0.6:
        return pick(say.GREETINGS_DOING, rng, inputs, doing=doing)
    if inputs.place != "home" and rng.random() < 0.4:
        return pick(say.AT_PLACE, rng, inputs, place=inputs.place)
    hour = int(inputs.now[-5:-3]) if inputs.now[-3:-2] == ":" else 12
    options: tuple[str, ...] = say.EVENING_GREETINGS if hour >= 17 else say.GREETINGS
    if hour >= 12:
        options = tuple(o for o in options if not o.startswith("Morning"))
    return pick(options, rng, inputs)


def introduced(inputs: LineInput, last_speaker: str, last_text: str) -> bool:
    """Whether the last line introduced its speaker by name: its field as data
    (`LineInput.introduced`, from the line's `introduces`: `talk.next_line` writes it with
    the greeting); only a line whose field is unknown — a player's typed line (the user's
    input), a line recorded before the field — by its words ("I'm <name>")."""
    if inputs.introduced is not None:
        return inputs.introduced
    return f"I'm {last_speaker}" in last_text


def goodbye(inputs: LineInput, rng: random.Random) -> str:
    """A closing line: where the speaker's plan takes it next, when it has somewhere to be."""
    after = next_up(inputs.speaker, inputs.plan, inputs.now)
    if after and rng.random() < 0.75:
        return pick(say.CLOSERS_NEXT, rng, inputs, next=after)
    return pick(say.CLOSERS, rng, inputs)
