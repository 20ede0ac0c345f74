"""View reuse: what a resident makes of another is asked again only when it knows more.

After Affordable Generative Agents' social memory (Yu et al. 2024), which summarises what an
agent recalls of another once and updates the summary only when something new about them
comes: a resident keeps its last view of each person (`steps.relationship`) in a
`ViewBook`, part of its `AgentState`, with the ids of the recalled memories that concern
that person (`concerns`: their name in the memory's fields, or in its words) and the facts
they told (`view_facts`). Before a talk the memories are recalled as always; the view is
reused without a call when every memory concerning the person that is new since it was
made tells nothing new of them (`tells_nothing_new`): a sighting or a talk whose facts —
the news about them and the intentions its fields carry, and for a talk that the two have
talked (`view_facts`) — were all known when the view was made. The first talk with them,
news about them, an intention, a reflection about them, a memory without fields makes it
asked afresh; so does a new memory when the view was kept by an older save (no facts). What
they said of others (other people named, others' news passed on) is not news of them. The
book counts views reused and asked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import BaseModel, Field

from cognition.memory.fields import MemoryFields
from cognition.memory.records import MemoryKind, MemoryRecord
from cognition.steps.plan_reuse import INTENDS, facts_of

MAX_VIEWS = 64  # people a resident keeps its last view of


class KeptView(BaseModel):
    """A view of someone and the memories concerning them it was made from."""

    view: str
    memories: tuple[str, ...] = ()  # ids
    facts: tuple[str, ...] = ()  # what they told (`view_facts`); none in older saves


class ViewBook(BaseModel):
    """A resident's last view of each person, with the reuse counts."""

    views: dict[str, KeptView] = Field(default_factory=dict)
    reused: int = Field(default=0, ge=0)  # views taken from the book, no call
    asked: int = Field(default=0, ge=0)  # views asked of the model

    def unchanged(self, person: str, memories: Iterable[MemoryRecord], agent: str) -> str | None:
        """The kept view of `person` if every one of `memories` (those recalled concerning
        them) was known when it was made or tells nothing new of them (`tells_nothing_new`);
        None otherwise."""
        kept = self.views.get(person)
        if kept is None:
            return None
        made_from, known = set(kept.memories), set(kept.facts)
        new = [record for record in memories if record.id not in made_from]
        if not all(tells_nothing_new(record, agent, person, known) for record in new):
            return None
        return kept.view

    def keep(self, person: str, view: str, memories: Iterable[MemoryRecord], agent: str) -> None:
        """Keep `view` of `person` made from `memories`, with their ids and facts (the newest
        last; the oldest dropped beyond `MAX_VIEWS`). The dict is replaced, never changed in
        place, so a reader never sees half of it."""
        records = list(memories)
        facts = set().union(*(view_facts(record, agent, person) for record in records))
        ids = tuple(sorted(record.id for record in records))
        views = {k: v for k, v in self.views.items() if k != person}
        views[person] = KeptView(view=view, memories=ids, facts=tuple(sorted(facts)))
        self.views = dict(list(views.items())[-MAX_VIEWS:])

    def count(self, *, reused: bool) -> None:
        if reused:
            self.reused += 1
        else:
            self.asked += 1


def concerns(record: MemoryRecord, person: str) -> bool:
    """Whether `record` is about `person`: named in its fields (speaker, subject, partners,
    the people of a reflection or relationship line, the subject of news it carries) — the
    memories the relationship prompt shows (`relationship.about_other`); only a record
    whose fields are unknown (saved before them) by its words."""
    if record.about is not None:
        return named_in_fields(record.about, person)
    return person in record.text


def named_counts(records: Iterable[MemoryRecord]) -> dict[str, int]:
    """How many of `records` name each person by their fields (`names_of_fields`): whom a
    speaker's memories of the moment concern, as data (`LineInput.named`); a record
    saved before fields names no one here."""
    counts: Counter[str] = Counter()
    for record in records:
        if record.about is not None:
            counts.update(names_of_fields(record.about))
    return dict(counts)


def names_of_fields(about: MemoryFields) -> set[str]:
    """Everyone a memory's fields name (see `named_in_fields`)."""
    named = {about.speaker, about.subject, *about.partners, *about.people, *about.named}
    return {name for name in named | {news.subject for news in about.news} if name}


def named_in_fields(about: MemoryFields, person: str) -> bool:
    """Whether a memory's fields name `person`: its speaker, subject, partners, the people
    of a reflection or relationship line, those a persona's fact names, or the subject of
    news it carries."""
    named = {about.speaker, about.subject, *about.partners, *about.people, *about.named}
    return person in named or any(news.subject == person for news in about.news)


TALKED = "talked"  # the fact that the two have talked (a talk's `view_facts`)


def view_facts(record: MemoryRecord, agent: str, person: str) -> set[str]:
    """What a memory tells of `person`, as facts (after `plan_reuse.facts_of`): the news
    about them it carries, every intention it records (theirs, the agent's, anyone's: an
    appointment may be with them), and for a talk that the two have talked. Other people it
    names and others' news it passes on tell nothing of them. A memory without fields is its
    own fact, by id."""
    if record.about is None:
        return {f"memory:{record.id}"}
    told = {news.item for news in record.about.news if news.subject == person}
    told |= {record.about.item} if record.about.item and record.about.subject == person else set()
    facts = {f"news:{item}" for item in told}
    facts |= {fact for fact in facts_of(record, agent) if fact.startswith(INTENDS)}
    return facts | ({TALKED} if record.kind is MemoryKind.DIALOGUE else set())


def tells_nothing_new(record: MemoryRecord, agent: str, person: str, known: set[str]) -> bool:
    """Whether `record` — a new memory concerning `person` — leaves a view of them as it
    was: a sighting or a talk with fields whose facts (`view_facts`) are all `known`. Any
    other kind (a reflection, a plan) may change how they are seen."""
    if record.kind not in (MemoryKind.OBSERVATION, MemoryKind.DIALOGUE) or record.about is None:
        return False
    return view_facts(record, agent, person) <= known
