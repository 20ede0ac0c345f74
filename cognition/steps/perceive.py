"""Perception filter: what an agent notices, nearest first, within its attention bandwidth.

Vision radius and attention bandwidth bound what is noticed; the retention window keeps the
same observation from being recorded twice in a row. No model call here except importance.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from cognition.contract import Perception, SeenAgent, SeenObject
from cognition.memory.fields import MemoryFields, News
from cognition.memory.texts import object_state_text, said_text, seen_text
from cognition.settings import MindSettings
from cognition.steps.talk_fields import heard_fields

IDLE_STATES = frozenset({"", "idle"})


@dataclass(frozen=True)
class Observation:
    """One noticed event: its text, and the person it is about (if any)."""

    text: str
    subject: str | None = None
    activity: str = ""
    is_visitor: bool = False
    thing: str | None = None  # the object it is about, for object states
    # an object state someone out of sight set (worth a reaction); an object in its usual
    # state (the map's default, set by nobody: a flower bed blooming) is not
    unexplained: bool = False
    told: News | None = None  # the news an overheard line told, as its speaker knew it
    about: MemoryFields | None = None  # its memory's fields (None: written without them)


def sighting_fields(
    person: str, activity: str, where: str, now: datetime | None, told: News | None = None
) -> MemoryFields:
    """A person seen as fields: whom, doing what (`doing`), where, when, and the news a
    line overheard told, as the seer has it (heard from the person)."""
    return heard_fields(person, now, told).model_copy(update={"doing": activity, "place": where})


def object_fields(thing: str, state: str, where: str, now: datetime | None) -> MemoryFields:
    """An object's state seen as fields: the `thing`, its state (`doing`), where, when —
    no person (the subject is left empty)."""
    return MemoryFields(thing=thing, doing=state, place=where, time=now)


def agent_event(seen: SeenAgent, now: datetime | None = None) -> Observation:
    activity = seen.activity.strip() or "idle"
    where = seen.address.describe()
    saying = activity.startswith(('"', "“"))  # a line overheard: it tells what the line told
    told = seen.told if saying else None
    return Observation(
        text=seen_text(seen.name, activity, where),
        subject=seen.name,
        activity=activity,
        is_visitor=seen.is_visitor,
        told=told,
        about=sighting_fields(seen.name, activity, where, now, told),
    )


def object_event(
    seen: SeenObject, people_in_sight: frozenset[str], now: datetime | None = None
) -> Observation:
    name = seen.address.object or seen.address.arena or seen.address.describe()
    where = ", ".join(p for p in (seen.address.arena, seen.address.sector) if p)
    return Observation(
        text=object_state_text(name, where, seen.state),
        thing=name,
        activity=seen.state.strip(),
        unexplained=seen.changed_by is not None and seen.changed_by not in people_in_sight,
        about=object_fields(name, seen.state.strip(), where, now),
    )


def perceive(
    perception: Perception, settings: MindSettings, retained: Sequence[str]
) -> list[Observation]:
    """New observations in `perception`: in sight, nearest first, not among `retained`.

    Utterances addressed to the agent are always noticed.
    """
    sights: list[tuple[int, Observation]] = []
    people_in_sight = frozenset(a.name for a in perception.seen_agents) | {perception.agent}
    for agent in perception.seen_agents:
        if agent.name != perception.agent and agent.distance <= settings.vision_radius:
            sights.append((agent.distance, agent_event(agent, perception.time)))
    for thing in perception.seen_objects:
        if thing.distance <= settings.vision_radius and thing.state.strip() not in IDLE_STATES:
            sights.append((thing.distance, object_event(thing, people_in_sight, perception.time)))
    sights.sort(key=lambda pair: (pair[0], pair[1].text))
    noticed = [event for _, event in sights[: settings.attention_bandwidth]]
    for utterance in perception.utterances:
        noticed.append(
            Observation(
                text=said_text(utterance.speaker, perception.agent, utterance.text),
                subject=utterance.speaker,
                activity=f"talking to {perception.agent}",
                about=heard_fields(utterance.speaker, perception.time),
            )
        )
    seen_before = set(retained)
    fresh: list[Observation] = []
    for event in noticed:
        if event.text not in seen_before:
            seen_before.add(event.text)
            fresh.append(event)
    return fresh
