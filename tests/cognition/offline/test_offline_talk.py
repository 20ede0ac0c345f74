"""Offline talk: news known as data (memory fields), lines grounded in it, invitations that
become appointments. A made-up town (no bundled names): the rules must work for any town's
data, and its news is what the fields carry, whatever its wording."""

from __future__ import annotations

import random
import re
from datetime import datetime

import pytest

import cognition.offline.phrases as say
from cognition.agent import Agent
from cognition.memory.fields import MemoryFields, News
from cognition.memory.records import MemoryKind
from cognition.memory.texts import told_text
from cognition.offline import OfflineBrain
from cognition.offline.facts import fact_of_news, facts_in_text, known_facts, known_facts_of
from cognition.offline.talk import line
from cognition.offline.talk_summary import conversation_summary
from cognition.persona import Persona, Routine
from cognition.plan import DayPlan, PlanStep
from cognition.settings import MindSettings
from cognition.steps.dialogue import LineInput, SummaryInput
from cognition.testing.memory_fake import FakeMemoryStream

DAY = datetime(2031, 3, 2, 9, 0)
EVENT = "Nora Vance is planning an open mic night at The Blue Note on March 3 from 7 to 9 pm"
NOW = "Sunday March 2, 2031, 09:00"
NIGHT = News(
    item="night",
    subject="Nora Vance",
    statement=EVENT,
    kind="event",
    importance=8,
    name="open mic night",
    place="The Blue Note",
    day="March 3",
    span="from 7 to 9 pm",
    host="Nora Vance",
)


def busy(name: str, doing: str) -> News:
    """What `name` is busy with, as its persona's news (`Persona.busy_news`)."""
    return News(item=f"{name}: currently", subject=name, statement=f"{name} {doing}", kind="c")


def persona(name: str, traits: str = "cheerful, curious", **extra: str) -> Persona:
    return Persona(
        name=name,
        age=30,
        innate=traits,
        learned=f"{name} runs the bookshop on the corner.",
        currently=f"{name} is writing a guide to the river birds.",
        lifestyle=f"{name} gets up early.",
        home_sector=f"{name}'s flat",
        home_arena="bedroom",
        work_sector="Corner Books",
        routine=Routine(wake_hour=7, sleep_hour=23, work_start_hour=9, work_end_hour=17),
        **extra,
    )


def summary_of(person: Persona) -> str:
    return f"{person.identity()}\n{person.learned}\n{person.learned} {person.currently}\nfine"


def line_input(
    speaker: Persona, listener: str, memories: list[str], history: list[str], **extra: object
) -> LineInput:
    values: dict[str, object] = {
        "speaker": speaker.name,
        "listener": listener,
        "summary": summary_of(speaker),
        "view_of_listener": f"{speaker.name} knows {listener} a little.",
        "memories": memories,
        "history": history,
        "now": NOW,
        "turn": len(history) + 1,
        "max_turns": 8,
        **extra,
    }
    return LineInput.model_validate(values)


def talk_number(history: list[str], number: int) -> list[str]:
    """`history` as the opening of talk `number`, each talk with an opening line of its own
    (whether a speaker mentions something is decided once a talk, and a talk is known by
    its pair, its day and its opening line)."""
    return [f"{history[0]} (talk {number})", *history[1:]]


def test_an_event_known_as_data_is_an_event_fact() -> None:
    fact = fact_of_news(NIGHT)
    assert fact.kind == "event" and fact.subject == "Nora Vance" and fact.item == "night"
    assert fact.event is not None
    assert (fact.event.name, fact.event.place, fact.event.day, fact.event.span) == (
        "open mic night",
        "The Blue Note",
        "March 3",
        "from 7 to 9 pm",
    )


def test_a_memory_without_fields_holds_only_the_tellings_it_records() -> None:
    """No wording makes a statement news: object states, observations, statements of
    intention and transcript lines hold none; a telling (`told_text`) is heard news."""
    for text in (
        "The shower (bathroom, Nora Vance's flat) is in use by Nora Vance",
        "Otto Brandt is writing (desk, Corner Books)",
        "Otto Brandt likes tea",
        EVENT,
        f"Conversation with Lena Fisk:\nLena Fisk: Guess what — {EVENT}.",
    ):
        assert facts_in_text(text) == [], text
    [fact] = facts_in_text(f"[Sun Mar 02 09:00] {told_text('Otto Brandt', 'Ivy Moss', EVENT)}")
    assert (fact.subject, fact.source, fact.statement) == ("Nora Vance", "Otto Brandt", EVENT)


def test_news_keeps_one_level_of_source() -> None:
    """Otto heard of the night from Lena: his line tells it as data, its source Lena; the
    listener keeps it as heard from Otto, not from the chain behind him."""
    otto = persona("Otto Brandt")
    history = ["Otto Brandt: Hi Ivy!", "Ivy Moss: Good! How about you?"]
    heard = NIGHT.told_by("Lena Fisk")
    told = [
        line(
            line_input(otto, "Ivy Moss", [], talk_number(history, seed), news=[heard]),
            random.Random(seed),
        ).told
        for seed in range(12)
    ]
    kept = [news.told_by("Otto Brandt") for news in told if news is not None]
    assert kept and all(news.item == "night" and news.source == "Otto Brandt" for news in kept)


def test_first_hand_beats_hearsay_and_one_fact_is_one_however_put() -> None:
    memories: list[tuple[str, MemoryFields | None]] = [
        (told_text("Otto Brandt", "Nora Vance", EVENT), None),
        ("Nora Vance wrote a list.", MemoryFields(subject="Nora Vance", news=(NIGHT,))),
    ]
    facts = known_facts_of(memories, "Nora Vance")
    assert [(f.source, f.item) for f in facts] == [(None, "night")]
    assert [f.source for f in known_facts([memories[0][0]], "Nora Vance")] == ["Otto Brandt"]


def test_the_host_invites_and_the_guest_answers_by_plan_and_persona() -> None:
    host = persona("Nora Vance", "warm, outgoing")
    history = ["Nora Vance: Hi Otto!", "Otto Brandt: Pretty good, thanks! How about you?"]
    told = line(line_input(host, "Otto Brandt", [], history, news=[NIGHT]), random.Random(1))
    assert "open mic night at The Blue Note on March 3 from 7 to 9 pm" in told.text
    assert re.search(r"come|join", told.text)
    assert told.text.startswith(("Guess", "Oh", "Big", "By")) and "I'm planning" in told.text
    assert told.told == NIGHT
    guest = persona("Otto Brandt", "warm, friendly")
    heard = NIGHT.told_by("Nora Vance")
    answers = {
        line(
            line_input(
                guest, "Nora Vance", [], [*history, f"Nora Vance: {told.text}"], heard=heard
            ),
            random.Random(seed),
        ).text
        for seed in range(20)
    }
    assert any("I'll be there" in a or "I'll come" in a for a in answers)
    busy = line_input(
        guest,
        "Nora Vance",
        [],
        [*history, f"Nora Vance: {told.text}"],
        now="Monday March 3, 2031, 09:00",
        plan=["09:00–21:00 work at Corner Books"],
        heard=heard,
    )
    for seed in range(10):
        text = line(busy, random.Random(seed)).text
        assert "I'll" not in text and "working" in text


def test_a_listener_who_knew_says_from_whom() -> None:
    teller = persona("Otto Brandt")
    listener = persona("Lena Fisk")
    said = f"Otto Brandt: Did you hear? Nora told me that {EVENT}."
    reply = line(
        line_input(
            listener,
            teller.name,
            [],
            ["Otto Brandt: Hi Lena!", "Lena Fisk: Hi!", said],
            news=[NIGHT.told_by("Ivy Moss")],
            heard=NIGHT.told_by("Nora Vance"),
        ),
        random.Random(3),
    )
    assert "Ivy" in reply.text or "heard" in reply.text.lower() or "know" in reply.text.lower()
    assert "told me that" not in reply.text


@pytest.mark.parametrize("source", [None, "Ivy Moss"])
def test_a_line_that_tells_news_carries_it_as_data_whatever_its_wording(
    source: str | None,
) -> None:
    """Every line that tells the night says which news it told (`told`), however it is
    phrased; a line that tells nothing carries none."""
    otto = persona("Otto Brandt", "warm, outgoing")
    history = ["Otto Brandt: Hi Lena!", "Lena Fisk: Good! How about you?"]
    news = NIGHT if source is None else NIGHT.told_by(source)
    for seed in range(16):
        said = line(line_input(otto, "Lena Fisk", [], history, news=[news]), random.Random(seed))
        assert ("open mic night" in said.text) == (said.told is not None), said.text
        assert said.told is None or said.told.item == "night"


def test_a_guest_asks_people_it_knows_along_but_not_strangers() -> None:
    """Otto is going to Nora's open mic night: he tells Ivy of it once they have met (Nora,
    the host, invites anyone: test_the_host_invites_and_the_guest_answers_…); a stranger
    hears only his own news."""
    guest = persona("Otto Brandt")
    going: dict[str, object] = {"news": [NIGHT.told_by("Nora Vance")], "going": ["night"]}
    history = ["Otto Brandt: Hi!", "Ivy Moss: Good! How about you?"]

    def told(view: str, met: bool = True) -> list[str]:
        return [
            line(
                line_input(
                    guest,
                    "Ivy Moss",
                    [],
                    talk_number(history, seed),
                    view_of_listener=view,
                    met=met,
                    **going,
                ),
                random.Random(seed),
            ).text
            for seed in range(12)
        ]

    assert any("open mic" in text for text in told("Otto Brandt knows Ivy Moss a little."))
    to_a_stranger = told("Otto Brandt has not met Ivy Moss yet.", met=False)
    assert not any("open mic" in text for text in to_a_stranger)
    own = {**going, "news": [NIGHT, busy("Otto Brandt", "is writing a guide to the river birds")]}
    stranger = line_input(
        guest,
        "Ivy Moss",
        [],
        history,
        view_of_listener="Otto Brandt has not met Ivy Moss yet.",
        met=False,
        **own,
    )
    assert any("river birds" in line(stranger, random.Random(s)).text for s in range(12))


RACE = News(
    item="race",
    subject="Ivy Moss",
    statement="Ivy Moss is running for mayor in the town election.",
    kind="candidacy",
    importance=8,
    public=True,
)


def test_an_event_coming_up_is_told_before_older_news_of_equal_weight() -> None:
    teller = persona("Otto Brandt")
    history = ["Otto Brandt: Hi Lena!", "Lena Fisk: Good! How about you?"]
    for now, first in ((NOW, "open mic"), ("Sunday February 2, 2031, 09:00", "mayor")):
        inputs = line_input(teller, "Lena Fisk", [], history, now=now, news=[RACE, NIGHT])
        told = [line(inputs, random.Random(seed)).text for seed in range(8)]
        assert all(first in text for text in told), (now, told)  # a month ahead: in order


def test_a_guest_never_invites_the_host_to_the_hosts_own_event() -> None:
    guest = persona("Otto Brandt")
    going: dict[str, object] = {"news": [NIGHT.told_by("Ivy Moss")], "going": ["night"]}
    history = ["Otto Brandt: Hi Nora!", "Nora Vance: Good! How about you?"]
    for seed in range(12):
        inputs = line_input(guest, "Nora Vance", [], history, **going)
        text = line(inputs, random.Random(seed)).text
        assert "open mic" not in text, text


def test_a_host_brings_up_its_event_after_answering_the_other_s_news() -> None:
    host = persona("Nora Vance", "warm, outgoing")
    history = [
        "Nora Vance: Hi!",
        "Ivy Moss: Nice to meet you too, I'm Ivy Moss. I'm writing my thesis on river birds.",
    ]
    view = "Nora Vance has not met Ivy Moss yet."
    thesis = busy("Ivy Moss", "is writing her thesis on river birds").told_by("Ivy Moss")
    for seed in range(12):
        inputs = line_input(
            host,
            "Ivy Moss",
            [],
            history,
            view_of_listener=view,
            met=False,
            news=[NIGHT],
            heard=thesis,
        )
        text = line(inputs, random.Random(seed)).text
        assert "open mic night" in text and "their thesis" not in text, text


def test_the_listeners_own_news_is_answered_to_them_not_about_them() -> None:
    """Otto tells Lena of his own project and his run for mayor: she answers "you"."""
    lena = persona("Lena Fisk", "kind, warm")
    for said, news in (
        (
            "Otto Brandt: Guess what — I'm writing a guide to the river birds.",
            busy("Otto Brandt", "is writing a guide to the river birds"),
        ),
        (
            "Otto Brandt: Oh, I should tell you: I'm running for mayor in the town election.",
            busy("Otto Brandt", "is running for mayor in the town election"),
        ),
    ):
        history = ["Otto Brandt: Hi Lena!", "Lena Fisk: Hi! How are you?", said]
        for seed in range(12):
            heard = news.told_by("Otto Brandt")
            inputs = line_input(lena, "Otto Brandt", [], history, heard=heard)
            reply = line(inputs, random.Random(seed)).text
            assert "Otto" not in reply.replace("Otto?", "").replace(", Otto", ""), reply
            assert not re.search(r"\b(?:he|she|him|his|her)\b", reply, re.IGNORECASE), reply


def test_an_introduction_is_answered_with_one() -> None:
    ivy = persona("Ivy Moss")
    for greeting in (
        "Otto Brandt: Hello! I'm Otto Brandt. I don't think we've been introduced.",
        "Otto Brandt: Hi there, I'm Otto Brandt. Are you new around here?",
    ):
        reply = line(line_input(ivy, "Otto Brandt", [], [greeting]), random.Random(0)).text
        assert "I'm Ivy Moss" in reply and "you know me" not in reply


def test_a_question_about_the_listener_is_answered() -> None:
    ivy = persona("Ivy Moss")
    asked = "Otto Brandt: Good! I'm writing a guide to the river birds. How about you, Ivy?"
    for seed in range(6):
        reply = line(
            line_input(ivy, "Otto Brandt", [], ["Ivy Moss: Hi Otto!", asked]), random.Random(seed)
        ).text
        assert "I'm writing a guide" in reply or "I run the bookshop" in reply, reply


def test_nothing_told_twice_to_the_same_person_nor_back_to_its_source() -> None:
    teller = persona("Otto Brandt")
    memories: list[str] = []
    history = ["Otto Brandt: Hi!", "Lena Fisk: Good! How about you?"]
    # the race first hand, told to Lena before (the memory fields say); the night heard
    known = {"news": [RACE, NIGHT.told_by("Nora Vance")]}
    to_lena = [
        line(
            line_input(
                teller, "Lena Fisk", memories, talk_number(history, seed), shared=["race"], **known
            ),
            random.Random(seed),
        ).text
        for seed in range(10)
    ]
    assert not any("mayor" in text for text in to_lena)
    assert any("open mic" in text for text in to_lena)  # hearsay: passed on, not always
    to_nora = [
        line(
            line_input(teller, "Nora Vance", memories, talk_number(history, seed), **known),
            random.Random(seed),
        ).text
        for seed in range(10)
    ]
    assert not any("open mic" in text for text in to_nora)
    assert all("mayor" in text for text in to_nora)  # known first hand: always told


def test_news_is_kept_from_strangers_and_from_the_person_it_names() -> None:
    """News that is not public passes between people who have met, and never to someone
    it names (whatever kind the scenario gives it)."""
    teller = persona("Otto Brandt")
    crush = News(
        item="crush",
        subject="Lena Fisk",
        statement="Lena Fisk has a soft spot for Ivy Moss",
        kind="personal",
        importance=7,
        source="Lena Fisk",
    )
    history = ["Otto Brandt: Hi!", "Ivy Moss: Good! How about you?"]

    def tells(listener: str, view: str, met: bool = True) -> bool:
        talks = [
            line_input(
                teller,
                listener,
                [],
                talk_number(history, s),
                view_of_listener=view,
                met=met,
                news=[crush],
            )
            for s in range(12)
        ]
        return any("soft spot" in line(inputs, random.Random(0)).text for inputs in talks)

    assert not tells("Ivy Moss", "Otto Brandt has not met Ivy Moss yet.", met=False)
    assert not tells("Ivy Moss", "Ivy is Otto's close friend.")  # it names her
    assert tells("Jo Park", "Jo is Otto's close friend.")
    assert not tells("Jo Park", "Otto Brandt has not met Jo Park yet.", met=False)


def test_the_summary_says_who_told_whom_and_lists_the_commitment() -> None:
    lines = [
        "Nora Vance: Hi Otto!",
        "Otto Brandt: Good, thanks.",
        "Nora Vance: Guess what — I'm planning an open mic night at The Blue Note on March 3 "
        "from 7 to 9 pm. Want to join?",
        "Otto Brandt: Oh, that's news to me! Oh, I'd love to — I'll be there!",
    ]
    told = [None, None, NIGHT, None]
    summary = conversation_summary(
        SummaryInput(first="Nora Vance", second="Otto Brandt", lines=lines, now=NOW, told=told),
        random.Random(0),
    )
    assert f"Nora Vance told Otto Brandt that {EVENT}." in summary.summary
    assert "Otto Brandt plans to go to the open mic night at The Blue Note" in summary.summary
    [promise] = summary.commitments
    assert (promise.person, promise.day, promise.start, promise.end) == (
        "Otto Brandt",
        "2031-03-03",
        "19:00",
        "21:00",
    )
    assert promise.activity == "go to the open mic night at The Blue Note"
    assert '"' not in summary.summary


def test_an_invitation_told_as_data_is_accepted_whatever_its_wording() -> None:
    walk = News(
        item="walk",
        subject="Nora Vance",
        statement="There's a lantern walk along the river, and Nora Vance leads it.",
        kind="event",
        name="lantern walk",
        place="The Old Mill",
        day="March 3",
        span="from 7 to 9 pm",
    )
    lines = [
        "Nora Vance: Hi Otto!",
        "Otto Brandt: Good, thanks.",
        "Nora Vance: Guess what — there's a lantern walk along the river, and I lead it!",
        "Otto Brandt: Oh, that's news to me! Oh, I'd love to — I'll be there!",
    ]
    inputs = SummaryInput(
        first="Nora Vance",
        second="Otto Brandt",
        lines=lines,
        now=NOW,
        told=[None, None, walk, None],
    )
    summary = conversation_summary(inputs, random.Random(0))
    assert f"Nora Vance told Otto Brandt that {walk.statement}" in summary.summary
    assert (
        "Otto Brandt plans to go to the lantern walk at The Old Mill on March 3" in summary.summary
    )
    [promise] = summary.commitments
    assert (promise.person, promise.day, promise.start, promise.end) == (
        "Otto Brandt",
        "2031-03-03",
        "19:00",
        "21:00",
    )
    untyped = inputs.model_copy(update={"told": []})  # the words alone say no event
    assert conversation_summary(untyped, random.Random(0)).commitments == []


def test_an_accepted_invitation_is_fitted_into_the_plan_on_its_day() -> None:
    guest = persona("Otto Brandt")
    agent = Agent(guest, FakeMemoryStream(guest.name), OfflineBrain(0), MindSettings())
    lines = [
        "Nora Vance: Guess what — I'm planning an open mic night at The Blue Note on March 3 "
        "from 7 to 9 pm. You should come, Otto!",
        "Otto Brandt: Count on me, I'll come to the open mic night.",
    ]
    summary = conversation_summary(
        SummaryInput(
            first="Nora Vance", second="Otto Brandt", lines=lines, now=NOW, told=[NIGHT, None]
        ),
        random.Random(0),
    )
    from cognition.contract import Conversation, ConversationLine

    talk = Conversation(
        participants=("Nora Vance", "Otto Brandt"),
        started=DAY,
        lines=tuple(
            ConversationLine(speaker=s, text=t) for s, _, t in (x.partition(": ") for x in lines)
        ),
        summary=summary.summary,
    )
    agent.talker.keep(talk, "Nora Vance", DAY, summary.commitments)
    plans = [r.text for r in agent.memory.all(MemoryKind.PLAN)]
    assert plans == [
        "Otto Brandt plans to go to the open mic night at The Blue Note on March 3 "
        "from 19:00 to 21:00."
    ]
    next_day = datetime(2031, 3, 3, 12, 0)
    plan = DayPlan(
        day=next_day.date(),
        hourly=(
            PlanStep(start=0, minutes=17 * 60, activity="work and so on"),
            PlanStep(start=17 * 60, minutes=7 * 60, activity="relax at home"),
        ),
    )
    fitted = agent.keep_appointments(plan, next_day)
    at_eight = fitted.chunk_at(20 * 60)
    assert at_eight is not None and at_eight.activity == "go to the open mic night at The Blue Note"
    assert (at_eight.start, at_eight.end) == (19 * 60, 21 * 60)
    after = fitted.chunk_at(22 * 60)
    assert after is not None and after.activity == "relax at home"
    # kept once: fitting again changes nothing
    assert agent.keep_appointments(fitted, next_day).hourly == fitted.hourly


def test_asked_again_about_an_event_already_in_todays_plan_one_says_so() -> None:
    """The talk about the event is out of reach of retrieval today, but the plan has it:
    the guest says it is going, never that it will not make it."""
    ivy = persona("Ivy Moss")
    event_day = "Monday March 3, 2031, 12:00"
    history = [f"Nora Vance: Guess what — {EVENT.replace('Nora Vance is', 'I am')}."]
    plan = [
        "09:00–17:00 work at Corner Books",
        "18:45–21:00 go to the open mic night at The Blue Note",
    ]
    for seed in range(12):
        heard = NIGHT.told_by("Nora Vance")
        inputs = line_input(ivy, "Nora Vance", [], history, now=event_day, plan=plan, heard=heard)
        said = line(inputs, random.Random(seed)).text
        assert any(going in said for going in say.ALREADY_GOING), said
        assert not say.DECLINED.search(said)


# --- openings and goodbyes from the moment, not a stock -------------------------------------

PLAN = ["08:30–10:00 have breakfast at the Blue Note", "10:00–17:00 work at Corner Books, till"]


def test_a_goodbye_says_where_the_plan_takes_the_speaker_next() -> None:
    otto = persona("Otto Brandt")
    history = ["Ivy Moss: Hi Otto!", "Otto Brandt: Hello.", "Ivy Moss: Lovely weather."]
    said = set()
    for seed in range(40):
        inputs = line_input(otto, "Ivy Moss", [], history, turn=8, plan=PLAN)
        answer = line(inputs, random.Random(seed))
        assert answer.ends
        said.add(answer.text)
    with_next = [text for text in said if "work at Corner Books" in text]
    assert with_next and all(", till" not in text for text in said)  # the arena is left out
    assert len(said) >= 6  # many ways, not one stock line


def test_a_greeting_to_someone_known_may_say_what_the_speaker_is_doing() -> None:
    otto = persona("Otto Brandt")
    greetings = {
        line(line_input(otto, "Ivy Moss", [], [], plan=PLAN), random.Random(seed)).text
        for seed in range(40)
    }
    assert any("having breakfast at the Blue Note" in text for text in greetings)


def test_a_stranger_is_met_with_an_introduction_and_a_word_on_oneself() -> None:
    otto = persona("Otto Brandt")
    view = "Otto Brandt has not met Ivy Moss."
    stranger = line_input(otto, "Ivy Moss", [], [], view_of_listener=view, met=False)
    text = line(stranger, random.Random(1)).text
    assert "Otto Brandt" in text and ("bookshop" in text or "river birds" in text)


def test_every_acceptance_and_refusal_reads_back_as_said() -> None:
    """The invitation answers are a text form the summary reads back: each written
    acceptance reads as one, each refusal as one, never the other way round."""
    values = {"first": "Nora", "event": "lantern walk", "place": "The Old Mill", "day": "May 2"}
    accepted = [t.format(**values) for t in (*say.ACCEPT, *say.ALREADY_GOING)]
    declined = [
        t.format(busy="working", **values)
        for t in (*say.DECLINE_BUSY, *say.DECLINE_MOOD, *say.DECLINE_MOOD_YOU)
    ]
    assert all(say.ACCEPTED.search(t) and not say.DECLINED.search(t) for t in accepted)
    assert all(say.DECLINED.search(t) and not say.ACCEPTED.search(t) for t in declined)


def test_heard_news_is_passed_on_less_the_more_people_were_told_it() -> None:
    """News grows stale in the telling: the more people the speaker has told it to (its
    talks' memory fields, `LineInput.retold`), the less often it tells it again, heard or
    its own; a host invites to its own event the less often too, its first guest always
    (more in `test_telling_rates.py`)."""
    otto = persona("Otto Brandt", "warm, outgoing")
    history = ["Otto Brandt: Hi Lena!", "Lena Fisk: Good! How about you?"]

    def tellings(news: News, retold: int) -> int:
        told = 0
        for seed in range(60):
            extra: dict[str, object] = {"news": [news], "retold": {news.item: retold}}
            inputs = line_input(otto, "Lena Fisk", [], talk_number(history, seed), **extra)
            told += line(inputs, random.Random(seed)).told is not None
        return told

    heard = NIGHT.told_by("Ivy Moss")
    fresh, stale = tellings(heard, 0), tellings(heard, 4)
    assert stale < fresh / 2 and fresh > 0
    own = busy("Otto Brandt", "is writing a guide to the river birds")
    assert tellings(own, 0) == 60 and tellings(own, 4) < 30
    hosted = NIGHT.model_copy(update={"subject": "Otto Brandt", "host": "Otto Brandt"})
    assert tellings(hosted, 0) == 60 and tellings(hosted, 4) < 60


def test_a_long_talk_gives_heard_news_no_more_chances_than_a_short_one() -> None:
    """Whether a speaker passes on what it heard is decided once a talk: in a talk where it
    left the news out at its first chance, it leaves it out at its later lines too."""
    otto = persona("Otto Brandt")
    heard = NIGHT.told_by("Lena Fisk")
    first, later = [], []
    for number in range(40):
        opening = talk_number(["Otto Brandt: Hi Ivy!", "Ivy Moss: Good! How about you?"], number)
        inputs = line_input(otto, "Ivy Moss", [], opening, news=[heard])
        first.append(line(inputs, random.Random(number)).told is not None)
        longer = [*opening, "Otto Brandt: Lovely weather.", "Ivy Moss: It is, Otto."]
        inputs = line_input(otto, "Ivy Moss", [], longer, news=[heard])
        later.append(line(inputs, random.Random(number + 100)).told is not None)
    assert first == later and 0 < sum(first) < len(first)


def test_small_talk_winds_down_rather_than_asking_back_on_and_on() -> None:
    """A question is asked back early in a talk; later it is answered, not asked back."""
    otto = persona("Otto Brandt")
    early = ["Otto Brandt: Hi Ivy!", "Ivy Moss: Good! And you, Otto? What keeps you busy?"]
    late = [*early, "Otto Brandt: Oh, this and that.", "Ivy Moss: And how are things with you?"]
    asked_early = [
        line(line_input(otto, "Ivy Moss", [], early), random.Random(s)).asks for s in range(8)
    ]
    asked_late = [
        line(line_input(otto, "Ivy Moss", [], late), random.Random(s)).asks for s in range(8)
    ]
    assert all(asked_early) and not any(asked_late)


def test_an_event_under_way_or_over_is_news_no_longer() -> None:
    """Before the night starts its host invites to it; once it has started (the input's
    clock at or past its news's start) nobody announces it, host or hearer."""
    night = NIGHT.model_copy(
        update={"starts": datetime(2031, 3, 3, 19), "ends": datetime(2031, 3, 3, 21)}
    )
    host = persona("Nora Vance")
    otto = persona("Otto Brandt", "warm, outgoing")
    history = ["Nora Vance: Hi Lena!", "Lena Fisk: Good! How about you?"]

    def told(speaker: Persona, news: News, clock: datetime) -> list[bool]:
        return [
            line(
                line_input(
                    speaker, "Lena Fisk", [], talk_number(history, n), news=[news], clock=clock
                ),
                random.Random(n),
            ).told
            is not None
            for n in range(12)
        ]

    before, during = datetime(2031, 3, 3, 12), datetime(2031, 3, 3, 19, 30)
    assert all(told(host, night, before)) and not any(told(host, night, during))
    heard = night.told_by("Ivy Moss")
    assert any(told(otto, heard, before)) and not any(told(otto, heard, during))
