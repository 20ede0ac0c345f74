"""Offline talk: each line of a conversation (whether to react: `reacting.py`; the summary:
`talk_summary.py`; the answer to an invitation: `invitation.py`).

Talk is grounded in memory. A line comes from the speaker's summary (traits, what it is busy
with), its view of the listener, its plan for today and the memories retrieved for the
moment (the paper's retrieval: recency, importance, relevance to the listener and the last
line). A speaker greets, makes small talk, and tells the weightiest facts it knows that the
conversation has not covered and that it has not told this listener before — never object
states, never anything about the listener, and a secret only to a friend. News carries its
source one level deep. The listener answers from what it knows: it had heard (and from
whom), it is news, an invitation it accepts or declines by persona, relationship and plan,
a word for the person. News the speaker knows as data (`LineInput.news`, from memory
fields) is told by its fields — its importance, whether strangers hear it, its event — and
the line says which item it told (`DialogueLine.told`). Each line also says as data whether
it accepts or turns down an invitation (`answer`) and whether it asks the listener about
themselves (`asks`, the next line's `LineInput.asked`); today and an event's day and hours
come from typed inputs (`event_times.py`).
"""

from __future__ import annotations

import random
import re

import cognition.offline.phrases as say
from cognition.offline.event_times import begun, event_date, event_hours, soon, today
from cognition.offline.facts import (
    Event,
    Fact,
    fact_of_news,
    known_facts,
    plan_to_go,
    told_between,
)
from cognition.offline.invitation import will_go
from cognition.offline.moment import PLAN_LINE, fill, goodbye, greeting, introduced, pick
from cognition.offline.seeded import once
from cognition.offline.text import SENTENCE_END, first_person
from cognition.offline.wording import capital
from cognition.persona import read_innate_traits
from cognition.plan import parse_clock
from cognition.steps.dialogue import DialogueLine, LineInput

ASKS_BACK_UNTIL = 4  # a question is asked back only in a talk's first lines, not on and on
STALE = 0.7  # heard news is this much less likely passed on for each person told it already
# a host tires of inviting more slowly than of telling other news (an event wants guests),
# but tires: this much less likely to invite for each person it has invited already
HOST_STALE = 0.8
# one's own news this important (1-10, as its item or memory rates it) is announced as big;
# a scenario's item is 8 unless it says, what a persona is busy with 5 (`News.importance`)
BIG_NEWS = 7


# --- what a speaker knows of itself and of the moment ----------------------------------------


def traits(summary: str) -> str:
    """The speaker's innate traits, lower case, from its summary description (the text
    form `Persona.identity` writes and `persona.read_innate_traits` reads, side by side)."""
    return read_innate_traits(summary).lower()


def busy_with(inputs: LineInput, rng: random.Random) -> str:
    """Something the speaker is busy with, in the first person ("I'm writing a paper …"):
    from the summary's occupation line, news it knows as data (which it tells) aside."""
    lines = inputs.summary.split("\n")
    text = lines[2] if len(lines) > 2 else lines[0]
    found = [
        s.strip().rstrip(".")
        for s in SENTENCE_END.split(text)
        if s.startswith(inputs.speaker) and "(" not in s
    ]
    news = {n.statement.strip().rstrip(".!?").strip() for n in inputs.news}
    plain = [s for s in found if s not in news] or found
    if not plain:
        return "I've been keeping busy."
    said = first_person(inputs.speaker, rng.choice(plain) + ".")
    said = re.sub(r"\b(?:his|her|their)\b", "my", re.sub(r"^I am\b", "I'm", said))
    return re.sub(r"\b(?:he|she|they) (can|could|does|is|has)\b", r"I \1", said)


def planned_for(plan: list[str], event: Event, span: tuple[int, int] | None) -> bool:
    """Whether today's plan already has the speaker at `event` (an item over its time that
    names the event or its place)."""
    for line in plan:
        found = PLAN_LINE.match(line)
        if found is None or span is None:
            continue
        start, end = parse_clock(found[1]) or 0, parse_clock(found[2]) or 0
        names = (event.name.lower(), event.place.lower())
        if start < span[1] and span[0] < end and any(n in found[3].lower() for n in names):
            return True
    return False


def knows(inputs: LineInput) -> list[Fact]:
    """What the speaker knows, weightiest first: its news as data (memory fields), an event
    it means to go to as its plan to go (which carries the event's news: one fact an item),
    then the tellings its retrieved memories whose fields are unknown record
    (`LineInput.untyped`) that the data does not already hold."""
    plans = [
        plan
        for news in inputs.news
        if news.item in inputs.going and news.subject != inputs.speaker
        if (plan := plan_to_go(inputs.speaker, news)) is not None
    ]
    planned = {plan.item for plan in plans}
    typed = [fact_of_news(news) for news in inputs.news if news.item not in planned] + plans
    keys = {f.key for f in typed}
    stated = [f for f in known_facts(inputs.untyped, inputs.speaker) if f.key not in keys]
    return sorted([*typed, *stated], key=lambda f: -f.weight)


def already_going(inputs: LineInput, fact: Fact) -> bool:
    """The speaker plans to go to `fact`'s event: a fact it remembers, or (today) its plan."""
    event = fact.event
    assert event is not None
    mine = knows(inputs)
    if any(f.subject == inputs.speaker and same_event(f.event, event) for f in mine):
        return True
    day = today(inputs.clock, inputs.now)
    return event_date(fact, day) == day and planned_for(inputs.plan, event, event_hours(fact))


# --- deciding -------------------------------------------------------------------------------


def same_event(a: Event | None, b: Event | None) -> bool:
    return a is not None and b is not None and (a.place, a.day) == (b.place, b.day)


# --- speaking -------------------------------------------------------------------------------


def spoken(fact: Fact, inputs: LineInput) -> str:
    """How the speaker says `fact`: its own news in the first person, others' as stated."""
    if fact.subject == inputs.speaker:
        text = re.sub(r"^I am ", "I'm ", first_person(inputs.speaker, fact.statement))
        return text[:1].lower() + text[1:] if not text.startswith("I") else text
    return fact.statement


def untold(inputs: LineInput) -> list[Fact]:
    """Facts worth telling this listener now, weightiest first (an event coming up today
    or tomorrow weighs one more)."""
    me, you = inputs.speaker, inputs.listener
    heard = [inputs.heard] if inputs.heard else []  # what this talk told, as data
    heard_items = {n.item for n in heard}
    told = [
        fact_of_news(n)
        for n in [*inputs.news, *heard]
        if n.item in {*inputs.told_here, *heard_items}
    ]
    said = {f.key for f in told} | set(inputs.told_here) | heard_items
    said_events = [f.event for f in told if f.event]
    before = told_between(inputs.untyped, me, you) | set(inputs.shared)
    known = knows(inputs)
    theirs = [f.event for f in known if f.subject == you and f.event]
    met = inputs.met is not False  # as data (None: unknown, taken as met)
    found = [
        f
        for f in known
        if not {f.key, f.item} & said
        and not {f.key, f.item} & before
        and you not in (f.subject, f.source)
        and (f.news is None or f.news.subject != you)  # a plan to go: not to the host
        and not any(same_event(f.event, e) for e in [*said_events, *theirs])  # not to its host
        and you not in f.statement  # nobody is told news about themselves
        and not begun(f, inputs.clock)  # an event under way or over is news no longer
        # a stranger hears one's own news and public news (as the item says); a guest asks
        # along, and gossip passes, between people who have met (a host invites anyone)
        and (met or f.public or (f.subject == me and not f.attending))
    ]
    day = today(inputs.clock, inputs.now)
    return sorted(found, key=lambda f: -(f.weight + soon(f, day)))  # stable: ties keep order


def going_to(inputs: LineInput, event: Event | None) -> bool:
    """Whether the speaker plans to go to `event` (its own plan to, among its facts)."""
    return event is not None and any(
        f.subject == inputs.speaker and same_event(f.event, event) for f in knows(inputs)
    )


def passes_on(inputs: LineInput, fact: Fact) -> float:
    """How likely the speaker passes on `fact`, which it only heard (or its plan to go to
    an event it heard of): sociable people more, reserved ones less; half as likely to a
    stranger, and an event half as likely when the speaker is not going to it; less likely
    each time it has passed it on already (heard news grows stale in the telling:
    `LineInput.retold`)."""
    mood = traits(inputs.summary)
    sociable = any(word in mood for word in say.SOCIABLE)
    reserved = any(word in mood for word in say.RESERVED)
    chance = 0.55 + 0.25 * sociable - 0.3 * reserved
    if inputs.met is False:  # a stranger, as data: never read from the view's words
        chance /= 2
    if fact.event is not None and not going_to(inputs, fact.event):
        chance /= 2
    return chance * STALE ** inputs.retold.get(fact.item, 0)


def brings_up(inputs: LineInput, fact: Fact) -> float:
    """How likely the speaker tells `fact` now. What it knows first hand grows stale in the
    telling, less likely told for each person it has told it to (`LineInput.retold`): a
    host's invitation to its own event by `HOST_STALE` (its first always), its other own
    news by `STALE`; news it only heard, and its plan to go to someone else's event (that
    event's news, heard: "I'm going — come along!"), as `passes_on`."""
    if fact.source is not None or fact.attending:
        return passes_on(inputs, fact)
    hosts = fact.subject == inputs.speaker and fact.event is not None and not fact.attending
    return float((HOST_STALE if hosts else STALE) ** inputs.retold.get(fact.item, 0))


def in_this_talk(inputs: LineInput, fact: Fact, rng: random.Random) -> float:
    """The speaker's draw on telling `fact` to this listener in this talk, the same at each
    of its lines: whether to mention something is decided once a talk, so a long talk gives
    news no more chances to pass than a short one. The talk is known by its pair, its day
    and its opening line; the draw is the brain's seed's (`seeded.once`: two seeds differ)."""
    opening = inputs.history[0] if inputs.history else ""
    day = today(inputs.clock, inputs.now)
    key = f"{inputs.speaker}|{inputs.listener}|{fact.item or fact.key}|{day}|{opening}"
    return once(rng, key)


def mentions_now(inputs: LineInput, rng: random.Random) -> list[Fact]:
    """The facts the speaker would tell this listener now, weightiest first: those it
    brings up (`brings_up`), each decided once a talk (`in_this_talk`, under the seed of
    the brain that made `rng`)."""
    return [
        f
        for f in untold(inputs)
        if (chance := brings_up(inputs, f)) >= 1 or in_this_talk(inputs, f, rng) < chance
    ]


def announced(fact: Fact) -> bool:
    """Whether the speaker's own `fact` is news it announces as big: its importance (the
    item's or the memory's, as data: `Fact.weight`) is `BIG_NEWS` or more, and it is not
    its plan to go to someone else's event. Everyday news is told plainly."""
    return fact.weight >= BIG_NEWS and not fact.attending


def tell(fact: Fact, inputs: LineInput, rng: random.Random) -> str:
    news = spoken(fact, inputs)
    big = announced(fact)
    if fact.subject == inputs.speaker:
        line = pick(say.TELL_MINE_BIG if big else say.TELL_MINE, rng, inputs, news=news)
    elif fact.source and fact.source not in (fact.subject, inputs.speaker):
        line = pick(say.TELL_HEARD, rng, inputs, news=news, source=fact.source.split()[0])
    else:
        line = pick(say.TELL_OWN, rng, inputs, news=news)
    going = fact.subject == inputs.speaker or going_to(inputs, fact.event)
    if fact.event is not None and going:
        line += pick(say.INVITE, rng, inputs)
    elif fact.subject == inputs.speaker:
        line += pick(say.MINE_AFTER_BIG if big else say.MINE_AFTER, rng, inputs)
    return line


def respond(inputs: LineInput, fact: Fact, rng: random.Random, back: bool) -> tuple[str, str, bool]:
    """The answer to news just heard: known (from whom) or new, then a decision on an
    invitation, or a word for the person; with the line's answer to an invitation as data
    ("accept", "decline", or "" when it answers none), and whether its words say the news
    back (an echo, when `back`: "Ann, teaching a pottery class? …", heard by anyone near)."""
    mine = knows(inputs)
    same_item = [f for f in mine if fact.item and f.item == fact.item]
    held = next((f for f in same_item if f.subject == fact.subject), None)  # not its own plan
    held = held or next(iter(same_item), None)
    held = held or next((f for f in mine if f.key == fact.key), None)
    subject = fact.subject.split()[0]
    yours = fact.subject == inputs.listener  # the listener's own news: said to "you"
    if held is not None:
        told_me = held.source and held.source != inputs.speaker
        source = held.source.split()[0] if held.source and told_me else ""
        if held.source == inputs.listener:
            reply = pick(say.KNEW_FROM_YOU, rng, inputs)
        else:
            reply = pick(say.KNEW_FROM if source else say.KNEW, rng, inputs, source=source)
    else:
        reply = pick(say.NEW_NEWS, rng, inputs)
    if fact.event is not None:
        event = fact.event
        values = {"event": event.name, "place": event.place, "day": event.day}
        if already_going(inputs, fact):
            return f"{reply} {rng.choice(say.ALREADY_GOING)}", "accept", False
        going, why = will_go(inputs, fact, rng)
        if going:
            return f"{reply} {pick(say.ACCEPT, rng, inputs, **values)}", "accept", False
        if why == "working":
            return f"{reply} {pick(say.DECLINE_BUSY, rng, inputs, busy=why)}", "decline", False
        if why == "past":
            return reply, "", False
        mood = say.DECLINE_MOOD_YOU if yours else say.DECLINE_MOOD
        return f"{reply} {rng.choice(mood)}", "decline", False
    topic = fact.topic
    if back and 2 <= len(topic.split()) <= 9 and rng.random() < 0.5:
        echo = say.ECHO_YOU if yours else say.ECHO_SUBJECT
        if yours:  # "writing their thesis" said back to its writer: "writing your thesis"
            topic = re.sub(r"\b(?:their|his|her)\b", "your", topic)
        said = pick(echo, rng, inputs, subject=subject, topic=topic, Topic=capital(topic))
        return (f"{reply} {said}" if rng.random() < 0.4 else said), "", True
    word = say.FOR_YOU if yours else say.FOR_SUBJECT
    return f"{reply} {pick(word, rng, inputs, subject=subject)}", "", False


def asked(inputs: LineInput, last_text: str) -> bool:
    """Whether the last line asked the speaker about itself: as data (`LineInput.asked`),
    else (a player's words, a group's line) by its words (`phrases.asks_about_you`)."""
    return inputs.asked if inputs.asked is not None else say.asks_about_you(last_text)


def small_talk(inputs: LineInput, rng: random.Random, mine: str) -> DialogueLine:
    """A small-talk answer around `mine`, saying as data whether it asks back."""
    template = rng.choice(say.SMALL_TALK)
    return DialogueLine(text=fill(template, inputs, mine=mine), asks=template in say.ASKS_ABOUT_YOU)


def split(line: str) -> tuple[str, str]:
    speaker, _, text = line.partition(": ")
    return speaker, text


def line(inputs: LineInput, rng: random.Random) -> DialogueLine:
    """The speaker's next line, with what it tells, its answer to an invitation and whether
    it asks the listener about themselves as data (every line says: "" or False when not)."""
    said = next_line(inputs, rng)
    before = {same_line(text) for text in inputs.said_today}
    for _ in range(REDRAWS):  # never a line it said today again, to anyone: drawn anew
        if same_line(said.text) not in before:
            break
        said = next_line(inputs, rng)
    return said.model_copy(update={"answer": said.answer or "", "asks": bool(said.asks)})


REDRAWS = 4  # draws after the first when the line drawn was said today already


def same_line(text: str) -> str:
    """A line as a listener tells it from another: whitespace collapsed, case folded."""
    return " ".join(text.split()).casefold()


def next_line(inputs: LineInput, rng: random.Random) -> DialogueLine:
    if inputs.turn == 1 or not inputs.history:  # a stranger is met with an introduction
        said = greeting(inputs, rng, busy_with(inputs, rng))
        return DialogueLine(text=said, introduces=inputs.met is False)
    history = [split(h) for h in inputs.history]
    last_speaker, last_text = history[-1]
    news = mentions_now(inputs, rng)
    room = inputs.turn < inputs.max_turns - 1
    heard = [fact_of_news(inputs.heard)] if inputs.heard else []
    if heard:
        answers_asked = asked(inputs, last_text) and room  # "… How about you, Tom?"
        # news decided on for this talk (`mentions_now`) is told at its first chance, not
        # left to a coin or an echo and lost when the talk ends; a line's words carry one
        # news at most: the news to tell, else an echo
        tells_now = bool(news) and room and not answers_asked
        back = not tells_now
        reply, answer, echoed = respond(inputs, heard[-1], rng, back)
        echoes = inputs.heard if echoed else None
        if answers_asked:
            reply += " " + busy_with(inputs, rng)
        elif tells_now:
            reply += " " + tell(news[0], inputs, rng)
            return DialogueLine(text=reply, told=news[0].news, answer=answer)
        return DialogueLine(text=reply, answer=answer, echoes=echoes)
    if inputs.turn == 2:
        if introduced(inputs, last_speaker, last_text):  # answered with an introduction
            said = pick(say.MEETING_BACK, rng, inputs) + " " + busy_with(inputs, rng)
            return DialogueLine(text=said, introduces=True)
        if news and room and news[0].subject == inputs.speaker:  # one's own news comes first
            mine = tell(news[0], inputs, rng)
            return small_talk(inputs, rng, mine).model_copy(update={"told": news[0].news})
        return small_talk(inputs, rng, busy_with(inputs, rng))
    if news and room:
        return DialogueLine(text=tell(news[0], inputs, rng), told=news[0].news)
    if last_text.endswith("?") and room:  # a question is answered; small talk winds down:
        if inputs.turn > ASKS_BACK_UNTIL:  # past its first lines, one asks nothing back
            return DialogueLine(text=busy_with(inputs, rng))
        said = busy_with(inputs, rng) + " " + pick(say.ASK_BACK, rng, inputs)
        return DialogueLine(text=said, asks=True)
    if inputs.turn == 3 and room:
        return DialogueLine(text=pick(say.INTEREST, rng, inputs))
    return DialogueLine(text=goodbye(inputs, rng), ends=True)
