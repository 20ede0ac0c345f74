"""Offline judgement: importance, reflection, summaries, emoji and object states.

Reflection concludes by rule: from the memories (read by `relations`) it draws conclusions
of a few kinds — who the agent keeps talking with (getting closer), what it heard and from
how many (the talk of the town), what it means to do (events it said it would go to or
planned for), what its days go to, whom it keeps seeing where, who it is — each citing the
memories it rests on. Salient questions are the questions those conclusions answer;
insights are the conclusions most relevant to a question. Object states never count.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cognition.offline.relations import (
    DECLINES,
    GOING_TO,
    INTENDS,
    PLAN,
    PLAN_ITEM,
    ROMANCE,
    ROUTINE_WORDS,
    TOLD,
    WOULD_GO,
    Event,
    Note,
    Told,
    clean,
    event_in,
    first_name,
    gerund,
    how_many,
    main_topic,
    names_in,
    partners,
    people,
    place_phrase,
    pronoun,
    read_notes,
    summaries_with,
    talks_with,
    ties,
    times,
    told_in,
    usable_sighting,
)
from cognition.offline.tables import EMOJI, IMPORTANCE, OBJECT_STATES
from cognition.offline.text import first_match, has_word, sentences, words
from cognition.steps.emoji import ActionEmoji, EmojiInput
from cognition.steps.importance import NEUTRAL, ImportanceInput, ImportanceRatings
from cognition.steps.referee import (
    DebateSummary,
    DebateSummaryInput,
    RefereeInput,
    RefereeStatement,
    first_sentences,
)
from cognition.steps.reflect import (
    Insight,
    Insights,
    InsightsInput,
    QuestionsInput,
    SalientQuestions,
)
from cognition.steps.summary import SummaryDescription, SummaryInput

MOODS = ("hopeful", "content", "a little restless", "energised", "thoughtful")


def rate_one(memory: str) -> int:
    lowered = memory.lower()
    return next((r for keys, r in IMPORTANCE if any(k in lowered for k in keys)), NEUTRAL)


def rate(inputs: ImportanceInput, rng: random.Random) -> ImportanceRatings:
    return ImportanceRatings(ratings=[rate_one(line) for line in inputs.memories])


# --- reflection: conclusions drawn from memories, each citing the memories behind it ---------

KIND_ORDER = ("talk", "news", "intention", "habit", "seen", "trait", "person")
KIND_WEIGHT = {
    "talk": 3, "news": 3, "intention": 3, "habit": 2, "seen": 1, "trait": 1, "person": 0,
}  # fmt: skip
PROJECT = re.compile(
    r"\b((?:his|her|their|a|an|the) (?:[a-z-]+ ){0,2}(?:paper|thesis|dissertation|project|"
    r"novel|book|paintings?|film|animation|album|songs?|campaign|collection|business|"
    r"exhibition|show|article|play|sculptures?|photographs|photos|recipes|research|"
    r"music|compositions?|poems?|poetry|garden|lessons|classes|homework|problem sets?|"
    r"streams?|experiments?))\b"
)
WORKING_ON = re.compile(
    r"\b(?:writing|working on|preparing|painting|composing|building|drafting|animating|"
    r"finishing|putting together|researching|recording|editing|designing|directing)\s+"
    r"((?:his|her|their|a|an|the) [a-z-]+(?: [a-z-]+){0,2}?)"
    r"(?= for\b| to\b| about\b| on\b| at\b| with\b| in\b|,|\.|$)"
)
GENERIC_QUESTIONS = (
    "Who has {a} been spending time with lately?",
    "What is {a} looking forward to?",
    "What has {a} been busy with lately?",
    "What matters most to {a} right now?",
)


@dataclass(frozen=True)
class Conclusion:
    """Something a set of memories supports, the question it answers and its evidence."""

    kind: str  # one of KIND_ORDER
    text: str
    question: str
    evidence: tuple[int, ...]
    topic: str  # words a question about it would use
    strength: int


def joined(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


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


def events_known(
    agent: str, notes: Sequence[Note]
) -> dict[str, list[tuple[int, Event, Told | None]]]:
    """Every event the notes speak of, by kind: (note number, event, who told whom)."""
    found: dict[str, list[tuple[int, Event, Told | None]]] = {}
    for told in told_in(notes, agent):
        if event := event_in(told.statement):
            found.setdefault(event.key, []).append((told.number, event, told))
    for note in notes:
        if note.kind != "fact":
            continue
        for sentence in sentences(note.text):
            if event := event_in(sentence):
                found.setdefault(event.key, []).append((note.number, event, None))
    return found


def best_event(events: Iterable[Event]) -> Event:
    """The fullest description among mentions of one event (organiser, place, longest)."""
    ranked = sorted(
        events,
        key=lambda e: (
            not e.organiser,
            len(names_in(e.core)) > 1,  # "A made sure B knows about …" is no plain statement
            not e.place,
            -len(e.phrase),
            len(e.core),
        ),
    )
    best = ranked[0]
    place = best.place or next((e.place for e in ranked if e.place), "")
    day = best.day or next((e.day for e in ranked if e.day), "")
    return Event(best.key, best.phrase, best.core, best.organiser, place, day)


def shown(event: Event) -> str:
    """ "the Lantern Night party at the Old Mill"."""
    return event.phrase + (f" at {event.place}" if event.place else "")


def own_news(event: Event, teller: str) -> str:
    """The event's statement as told by `teller`: "Ann is planning …" when it is theirs."""
    if not event.core.startswith(teller + " "):
        return event.core
    return first_name(teller) + event.core[len(teller) :]


def news_conclusions(
    agent: str,
    notes: Sequence[Note],
    known: dict[str, list[tuple[int, Event, Told | None]]],
    rng: random.Random,
) -> list[Conclusion]:
    """What the agent has heard, from how many, and what it has passed on."""
    found = []
    possessive = {"he": "his", "she": "her"}.get(pronoun(agent, notes), "their")
    for mentions in known.values():
        event = best_event(e for _, e, _ in mentions)
        display = shown(event)
        if display.startswith(f"{agent}'s "):  # "Ann Lee's run for mayor" → "her run …"
            display = possessive + display[len(agent) + 2 :]
        heard_from = list(
            dict.fromkeys(
                t.teller for _, _, t in mentions if t and t.hearer == agent and t.teller != agent
            )
        )
        told_to = list(
            dict.fromkeys(
                t.hearer for _, _, t in mentions if t and t.teller == agent and t.hearer != agent
            )
        )
        own = event.organiser == agent
        firsts = [first_name(n) for n in heard_from]
        heard = {n for n, _, t in mentions if t and t.hearer == agent and t.teller != agent}
        told = {n for n, _, t in mentions if t and t.teller == agent and t.hearer != agent}
        first_hand = {n for n, _, t in mentions if t is None}
        evidence = (told | first_hand) if own else heard or told
        if own and told_to:
            text = rng.choice(
                (
                    f"{agent} has told {how_many(len(told_to), 'person', 'people')} about "
                    f"{display} so far; word is getting around",
                    f"{agent} is spreading the word about {display}: "
                    f"{joined(told_to)} {'knows' if len(told_to) == 1 else 'know'} about it now",
                )
            )
        elif own:
            text = rng.choice(
                (
                    f"{capital(display)} is much on {agent}'s mind",
                    f"{agent} is busy preparing {display}",
                )
            )
        elif len(heard_from) >= 2:
            text = rng.choice(
                (
                    f"{agent} has heard from {how_many(len(heard_from), 'person', 'people')} "
                    f"that {event.core}; it seems to be the talk of the town",
                    f"Word about {display} is spreading: {joined(firsts)} "
                    f"{'both' if len(firsts) == 2 else 'all'} told {agent} about it",
                    f"{agent} keeps hearing about {display}; {joined(firsts)} brought it up",
                )
            )
        elif heard_from:
            learned = f"{agent} learned from {heard_from[0]} that {own_news(event, heard_from[0])}"
            text = (
                rng.choice((learned, f"{heard_from[0]} made sure {agent} knows about {display}"))
                if event.organiser
                else learned
            )
        elif told_to and event.organiser:
            text = f"{agent} has passed on the news about {display} to {joined(told_to)}"
        elif told_to:
            text = f"{agent} has told {joined(told_to)} that {own_news(event, agent)}"
        elif len(first_hand) >= 2:  # it keeps coming up
            text = rng.choice(
                (
                    f"{capital(display)} is much on {agent}'s mind",
                    f"{agent} keeps thinking about {display}",
                )
            )
            evidence = first_hand
        else:  # one fact known first hand, not one's own: nothing to conclude
            continue
        question = rng.choice(
            (
                f"What has {agent} heard about {display}?",
                f"Who has {agent} talked with about {display}?",
            )
            if not own
            else (
                f"How are {agent}'s plans for {display} coming along?",
                f"Who has {agent} told about {display}?",
            )
        )
        found.append(
            Conclusion(
                "news",
                text,
                question,
                tuple(sorted(evidence)),
                f"{display} {event.organiser} heard hear news told town word",
                2 * len(heard_from) + len(told_to) + (2 if own else 0) + 1,
            )
        )
    return found


def intention_conclusions(
    agent: str,
    notes: Sequence[Note],
    known: dict[str, list[tuple[int, Event, Told | None]]],
    rng: random.Random,
) -> list[Conclusion]:
    """What the agent means to do: events it said it would go to, planned for, or turned
    down; intentions it adopted."""
    going: dict[str, list[tuple[int, Event, str]]] = {}  # key → (note, event, plan span)
    skipping: dict[str, list[tuple[int, Event]]] = {}
    found = []
    for note in notes:
        if note.kind == "summary":
            said = sentences(note.text)
            offered = [e for s in said if (m := TOLD.match(s)) and (e := event_in(m.group(3)))]
            for sentence in said:
                if (m := GOING_TO.match(sentence)) and m.group(1) == agent:
                    if event := event_in(m.group(2)):
                        going.setdefault(event.key, []).append((note.number, event, ""))
                elif (m := WOULD_GO.match(sentence)) and m.group(1) == agent and offered:
                    going.setdefault(offered[-1].key, []).append((note.number, offered[-1], ""))
                elif (
                    (m := DECLINES.match(sentence))
                    and m.group(1) == agent
                    and (event := event_in(m.group(2)))
                ):
                    skipping.setdefault(event.key, []).append((note.number, event))
        elif note.kind == "plan" and note.subject == agent:
            day = PLAN.match(note.text)
            for item in note.detail.split("; "):
                step = PLAN_ITEM.match(item.strip())
                if step and (event := event_in(step.group(5))):
                    span = (
                        f"{int(step.group(1)):02d}:{step.group(2)}–{step.group(3)}:{step.group(4)}"
                    )
                    on = f" on {day.group(2)}" if day else ""
                    going.setdefault(event.key, []).append((note.number, event, span + on))
        elif note.kind == "fact":
            for sentence in sentences(note.text):
                if (m := GOING_TO.match(sentence)) and m.group(1) == agent:
                    if event := event_in(m.group(2)):
                        going.setdefault(event.key, []).append((note.number, event, ""))
                elif (m := INTENDS.match(sentence)) and m.group(1) == agent:
                    deed = clean(m.group(2))
                    found.append(
                        Conclusion(
                            "intention",
                            rng.choice(
                                (f"{agent} is set on {gerund(deed)}", f"{agent} means to {deed}")
                            ),
                            f"What does {agent} mean to do next?",
                            (note.number,),
                            f"{deed} intend mean plan next do",
                            3,
                        )
                    )
    for key, plans in going.items():
        mentions = [e for _, e, _ in plans] + [e for _, e, _ in known.get(key, [])]
        if any(e.organiser == agent for e in mentions):  # one's own event: see the news
            continue
        news = known.get(key, [])
        event = best_event([*(e for _, e, _ in plans), *(e for _, e, _ in news)])
        display = shown(event)
        spans = [s for _, _, s in plans if s]
        options = [
            f"{agent} means to go to {display}",
            f"{agent} has decided to be at {display}",
            f"{agent} won't miss {display}",
        ]
        if spans:
            options.append(f"{agent} has set aside {spans[-1]} for {display}")
        found.append(
            Conclusion(
                "intention",
                rng.choice(options),
                rng.choice(
                    (
                        f"What is {agent} planning to do about {display}?",
                        f"Will {agent} go to {display}?",
                    )
                ),
                tuple(sorted({n for n, _, _ in plans} | {n for n, _, _ in news})),
                f"{display} go going plan plans planning intend attend mean decide will",
                3 + len(plans),
            )
        )
    for key, turned in skipping.items():
        if key in going:
            continue
        event = best_event(e for _, e in turned)
        found.append(
            Conclusion(
                "intention",
                rng.choice(
                    (
                        f"{agent} has decided to skip {shown(event)}",
                        f"{agent} will not be going to {shown(event)}",
                    )
                ),
                f"Will {agent} go to {shown(event)}?",
                tuple(sorted({n for n, _ in turned})),
                f"{shown(event)} go skip decide not",
                2,
            )
        )
    return found


def habit_conclusions(agent: str, notes: Sequence[Note], rng: random.Random) -> list[Conclusion]:
    """What the agent spends its days on: its plans' working hours, its own doings seen,
    the project its facts name."""
    places: Counter[str] = Counter()
    doings: Counter[str] = Counter()
    used: set[int] = set()
    for note in notes:
        if note.kind == "plan" and note.subject == agent:
            for item in note.detail.split("; "):
                step = PLAN_ITEM.match(item.strip())
                if not step or event_in(step.group(5)):
                    continue
                activity = step.group(5).split(", then ")[0]
                if any(word in activity.lower() for word in ROUTINE_WORDS):
                    continue
                start = int(step.group(1)) * 60 + int(step.group(2))
                minutes = int(step.group(3)) * 60 + int(step.group(4)) - start
                doing, _, where = activity.rpartition(" at ")
                doing = doing or activity
                if where and where != "home":
                    places[place_phrase(where, arena_last=False)] += minutes
                doings[doing] += minutes
                used.add(note.number)
        elif note.kind == "seen" and note.subject == agent and not note.detail.startswith('"'):
            if any(word in note.detail.lower() for word in ROUTINE_WORDS):
                continue
            places[place_phrase(note.where)] += 30
            doings[note.detail] += 30
            used.add(note.number)
    projects = []
    for note in notes:
        if note.kind != "fact":
            continue
        for sentence in sentences(note.text):
            found = WORKING_ON.search(sentence) or PROJECT.search(sentence)
            if sentence.startswith(agent + " ") and found:
                projects.append(found.group(1))
                used.add(note.number)
    possessive = {"he": "his", "she": "her"}.get(pronoun(agent, notes), "")
    if possessive:
        projects = [re.sub(r"^(?:a|an|the) ", possessive + " ", p) for p in projects]
    if not (places or projects):
        return []
    place = f" {places.most_common(1)[0][0]}" if places else ""
    project = Counter(projects).most_common(1)[0][0] if projects else ""
    busy = project or gerund(doings.most_common(1)[0][0])  # places come with doings
    doing = f"on {project}" if project else busy
    text = rng.choice(
        (
            f"{agent} spends most days {doing}{place}",
            f"Most of {agent}'s time goes to {busy}{place}",
            f"{agent}'s days revolve around {busy}{place}",
        )
    )
    question = rng.choice(
        (f"What does {agent} spend most days on?", f"What keeps {agent} busy these days?")
    )
    topic = f"work days busy time spend occupation {busy}{place}"
    return [Conclusion("habit", text, question, tuple(sorted(used)), topic, 2)]


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
    """Who the agent is, from facts about itself: "X is someone who … and …"."""
    traits: list[tuple[int, str]] = []
    for note in notes:
        if note.kind != "fact":
            continue
        for sentence in sentences(note.text):
            rest = clean(sentence).removeprefix(agent + " ")
            first = rest.split(" ", 1)[0]
            others = [n for n in names_in(rest) if n != agent]
            if (
                sentence.startswith(agent + " ")
                and event_in(sentence) is None  # news, not character
                and first.islower()
                and first not in ("and", "or")
                and not others
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


def conclusions(agent: str, notes: Sequence[Note], rng: random.Random) -> list[Conclusion]:
    """Everything the notes support, object states aside, each with its evidence."""
    notes = [n for n in notes if n.kind != "object"]
    known = events_known(agent, notes)
    talks = talk_conclusions(agent, notes, rng)
    return [
        *talks,
        *news_conclusions(agent, notes, known, rng),
        *intention_conclusions(agent, notes, known, rng),
        *habit_conclusions(agent, notes, rng),
        *seen_conclusions(agent, notes, rng),
        *trait_conclusions(agent, notes, rng),
        *person_conclusions(agent, notes, rng, set(partners(notes, agent))),
    ]


def salient(found: Sequence[Conclusion]) -> list[Conclusion]:
    """The strongest of each kind first (talks, news, intentions, …), then the runners-up."""
    by_kind: dict[str, list[Conclusion]] = {}
    for conclusion in sorted(found, key=lambda c: -c.strength):
        by_kind.setdefault(conclusion.kind, []).append(conclusion)
    rounds = max((len(v) for v in by_kind.values()), default=0)
    return [
        by_kind[kind][round_]
        for round_ in range(rounds)
        for kind in KIND_ORDER
        if round_ < len(by_kind.get(kind, []))
    ]


def questions(inputs: QuestionsInput, rng: random.Random) -> SalientQuestions:
    """Questions about the people and events that matter in the recent memories: who the
    agent has been talking with, what it heard, what it means to do (never object states)."""
    agent = inputs.agent
    found = salient(conclusions(agent, read_notes(inputs.memories), rng))
    asked = list(dict.fromkeys(c.question for c in found))
    asked += [q.format(a=agent) for q in GENERIC_QUESTIONS if q.format(a=agent) not in asked]
    return SalientQuestions(questions=asked[: inputs.count])


def insights(inputs: InsightsInput, rng: random.Random) -> Insights:
    """Conclusions the numbered statements support, most relevant to the question first,
    each citing the statements behind it; never a statement copied, never an object state."""
    agent = inputs.agent
    notes = read_notes(inputs.statements, numbered=True)
    asked = words(inputs.question) - words(agent)

    def score(conclusion: Conclusion) -> int:
        relevant = len(asked & words(conclusion.topic))
        return 3 * relevant + KIND_WEIGHT[conclusion.kind] + min(conclusion.strength, 4)

    ranked = sorted(conclusions(agent, notes, rng), key=lambda c: -score(c))
    statements = {clean(n.text).lower() for n in notes}
    shown_numbers = {n.number for n in notes}
    found: list[Insight] = []
    for conclusion in ranked:
        text = clean(conclusion.text)
        evidence = [n for n in conclusion.evidence if n in shown_numbers]
        if not evidence or text.lower() in statements or any(i.text == text for i in found):
            continue
        found.append(Insight(text=text, evidence=evidence))
        if len(found) == inputs.count:
            break
    return Insights(insights=found)


# --- the summary description ---------------------------------------------------------------

FEELINGS = {
    "talk": ("happy", "warm", "hopeful"),
    "news": ("curious", "excited", "intrigued"),
    "intention": ("excited", "hopeful", "eager"),
    "habit": ("focused", "busy but content", "determined"),
    "seen": MOODS,
}


def summary(inputs: SummaryInput, rng: random.Random) -> SummaryDescription:
    """Core characteristics from a fact about the agent itself, the persona's occupation,
    and a feeling grounded in what lately went on (never an object state)."""
    agent = inputs.agent
    facts = [n.text for n in read_notes(inputs.core_memories) if n.kind == "fact"]
    own = [text for text in facts if text.startswith(agent + " ")]
    core = next(iter(own + facts), inputs.identity)
    progress = read_notes(inputs.progress_memories)
    lately = [c for c in conclusions(agent, progress, rng) if c.kind in FEELINGS]
    best = max(lately, key=lambda c: KIND_WEIGHT[c.kind] + c.strength, default=None)
    mood = rng.choice(FEELINGS[best.kind] if best else MOODS)
    feeling = f"{agent} feels {mood} about how things are going."
    if best is not None:
        feeling += f" {capital(clean(best.text))}."
    return SummaryDescription(
        core_characteristics=core,
        occupation=f"{inputs.learned} {inputs.currently}",
        feeling=feeling,
    )


def emoji_for(activity: str) -> str:
    lowered = activity.lower()
    found = [e for keys, e in EMOJI if any(has_word(lowered, k) for k in keys)]
    return "".join(dict.fromkeys(found[:2])) or "🙂"


def emoji(inputs: EmojiInput, rng: random.Random) -> ActionEmoji:
    return ActionEmoji(emoji=emoji_for(inputs.activity))


def object_state(agent: str, activity: str) -> str:
    return first_match(activity, OBJECT_STATES) or f"in use by {agent}"


def referee(inputs: RefereeInput, rng: random.Random) -> RefereeStatement:
    """By rule, the more specific answer: more of its words are about the question's
    subject or name things (a crude stand-in for a referee; the evaluation skips the panel
    on the offline brain)."""
    details = [
        len(words(answer) - words(inputs.question)) for answer in (inputs.answer_a, inputs.answer_b)
    ]
    if details[0] == details[1]:
        return RefereeStatement(reasoning="Both answers are about as specific.", verdict="tie")
    better = "A" if details[0] > details[1] else "B"
    return RefereeStatement(
        reasoning=f"Answer {better} is more specific "
        f"({max(details)} details against {min(details)}).",
        verdict=better,
    )


def debate_summary(inputs: DebateSummaryInput, rng: random.Random) -> DebateSummary:
    return first_sentences(inputs)
