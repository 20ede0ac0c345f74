"""The Agent: one resident's mind, running perceive → retrieve → plan → react → reflect.

`decide` turns a `Perception` into a `Decision`. Talking — whole conversations, interview
answers, chats with the player, greeting the visitor — is the agent's `talker`
(`cognition.talker.Talker`). Everything the agent carries between calls is in `AgentState`
(JSON via `get_state`/`set_state`); memories live in the memory stream. The thinking steps
see the agent through `context(now)`. Time comes from perceptions; randomness from the
injected `random.Random`.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from cognition.agent_state import (
    AgentState,
    PendingEvent,
    Sighting,
    Unrated,
    with_appointments,
)
from cognition.contract import Decision, GoTo, Perception, StartConversation, Wait
from cognition.llm.task import LanguageModel
from cognition.memory.fields import MemoryFields
from cognition.memory.records import (
    MemoryKind,
    NewMemory,
    first_memories,
    news_memory,
    untyped_facts,
)
from cognition.persona import Persona
from cognition.plan import DayPlan, minute_of_day, plan_fields, plan_text
from cognition.rating_aside import RatingLane, rated_aside
from cognition.settings import MindSettings
from cognition.steps.action import next_step
from cognition.steps.common import MemoryStreamLike, contains_word, news_known
from cognition.steps.context import StepContext
from cognition.steps.importance import rate_importances
from cognition.steps.perceive import Observation, perceive
from cognition.steps.planning import plan_new_day
from cognition.steps.rating_reuse import RatingBook, rating_key
from cognition.steps.react import react_answer, react_inputs
from cognition.steps.reflect import reflect, should_reflect
from cognition.steps.relived_day import yield_to_news
from cognition.steps.replan import replan
from cognition.steps.summary import describe, summarise
from cognition.talker import Talker
from cognition.variants import routine_plan
from cognition.wake_time import sleep_until_wake


class Agent:
    """One resident's mind."""

    def __init__(
        self,
        persona: Persona,
        memory: MemoryStreamLike,
        model: LanguageModel,
        settings: MindSettings | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.persona = persona
        self.memory = memory
        self.model = model
        self.settings = settings or MindSettings()
        self.rng = rng or random.Random(persona.name)
        self.state = AgentState()
        self.talker = Talker(self)
        self.rating = RatingLane(memory, self.rate, self.take_waiting)  # beside other calls

    @property
    def name(self) -> str:
        return self.persona.name

    def context(self, now: datetime) -> StepContext:
        """This mind as the thinking steps see it, at the game moment `now`."""
        return StepContext(self.model, self.memory, self.persona, self.settings, now)

    # --- memory -------------------------------------------------------------------------

    def remember(
        self, kind: MemoryKind, text: str, now: datetime, about: MemoryFields | None = None
    ) -> None:
        self.remember_many(kind, [text], now, about)

    def remember_many(
        self, kind: MemoryKind, texts: list[str], now: datetime, about: MemoryFields | None = None
    ) -> None:
        """Store memories made at one moment: one importance call, one write; each with
        `about`'s fields when given."""
        if not texts:
            return
        # one memory is keyed by its fields; several of one moment share them, so by words
        keys = [rating_key(kind, about)] if len(texts) == 1 else None
        pairs = zip(texts, self.rate(texts, now, keys), strict=True)
        self.memory.add_many([NewMemory(kind, text, now, r, about=about) for text, r in pairs])

    def remember_event(
        self,
        kind: MemoryKind,
        texts: list[str],
        now: datetime,
        gist: str,
        about: MemoryFields | None = None,
        rating: int | None = None,
    ) -> None:
        """Store memories of one event (a talk's transcript and summary) with one importance:
        `gist`'s — `rating` when the event's own call rated it, else rated alone — at least
        that of the weightiest news it carries; each with the event's fields."""
        if not texts:
            return
        if rating is None:
            (rating,) = self.rate([gist], now)
        rating = max([rating, *(news.importance for news in about.news)] if about else [rating])
        self.memory.add_many([NewMemory(kind, text, now, rating, about=about) for text in texts])

    def flush(self) -> None:
        """Rate and store the waiting observations (one call, one write); before retrieval."""
        self.rating.now()

    def take_waiting(self) -> list[Unrated]:
        """The observations waiting to be rated, no longer waiting (`rating` stores them)."""
        waiting, self.state.unrated = self.state.unrated, []
        return waiting

    def rate(
        self, texts: list[str], now: datetime, keys: list[str | None] | None = None
    ) -> list[int]:
        """The importance of each of `texts`: one call for those this mind rated neither by
        words nor by fields' `keys` (`steps.rating_reuse`; all of them with `plan_reuse` off)."""
        reusing = self.settings.plan_reuse
        book = self.state.rating_book if reusing else RatingBook()
        keys = keys if keys is not None and reusing else [None] * len(texts)
        ratings, asked = book.rate(
            texts, keys, lambda new: rate_importances(self.context(now), new)
        )
        if reusing:
            book.count(reused=len(texts) - asked, rated=asked)
        return ratings

    def seed(self, now: datetime) -> None:
        """Add the persona's initial memories, once."""
        if self.state.seeded:
            self.migrate(now)
            return
        texts, news = self.persona.initial_memories(), self.persona.known_news()
        ratings = self.rate(texts, now) if texts else []
        about = self.persona.ties(), self.persona.named(), self.persona.goes_by()  # as data
        self.memory.add_many(first_memories(self.name, texts, ratings, news, now, *about))
        self.state.mark_seeded()

    def migrate(self, now: datetime) -> None:
        """A mind saved by an older Smallville brought up to date, once: its persona's news
        as data, and its persona's facts with the fields a new mind's have (`untyped_facts`)."""
        state, memory = self.state, self.memory
        if not state.news_seeded:
            known = {news.item for news in news_known(memory, self.name)}
            missing = [item for item in self.persona.known_news() if item.item not in known]
            memory.add_many([news_memory(item, now) for item in missing])
        if not (state.facts_typed and state.facts_named and state.facts_pronoun):
            news = {item.statement for item in self.persona.known_news()}
            facts = [text for text in self.persona.initial_memories() if text not in news]
            records = memory.all(MemoryKind.OBSERVATION)
            about = self.persona.ties(), self.persona.named(), self.persona.goes_by()
            memory.refill(untyped_facts(records, self.name, facts, *about))
        state.mark_seeded()  # every field a new mind's carry

    def summary(self, now: datetime) -> str:
        """The cached summary description, rebuilt once per game day or after a reflection."""
        state = self.state
        stale = state.summary_day != now.date() or state.summary_reflections != state.reflections
        if state.summary is None or stale:
            self.flush()
            state.summary = summarise(self.context(now), state.summary_book)  # kept one (reuse)
            state.summary_day, state.summary_reflections = now.date(), state.reflections
        return describe(self.persona, state.summary)

    def maybe_reflect(self, now: datetime) -> int:
        """Reflect past the importance threshold (never in the `no reflection` variant)."""
        if not self.settings.reflection or not should_reflect(self.memory, self.settings):
            return 0
        self.flush()
        stored = reflect(self.context(now), self.state.question_book)  # kept questions (reuse)
        self.state.reflections += 1
        self.state.last_reflection = now
        return len(stored)

    # --- the cycle ------------------------------------------------------------------------

    def decide(self, perception: Perception) -> Decision:
        """Perceive, remember, maybe reflect, plan, react or continue, and act."""
        now = perception.time
        self.seed(now)
        self.state.last_time = now
        observations = self.observe(perception)
        self.maybe_reflect(now)
        if lie_in := sleep_until_wake(self.persona, self.settings, self.state.plan, perception):
            return self.decision(now, lie_in)  # the day is planned at the wake-up hour
        plan = self.day_plan(perception)
        if self.state.pending is not None:
            plan = self.replan_around(plan, self.state.pending, now)
            self.state.pending = None
        plan = self.keep_appointments(plan, now)
        if perception.in_conversation_with:
            partner = perception.in_conversation_with
            return self.decision(now, Wait(minutes=1, activity=f"talking with {partner}"))
        reaction = self.react_to(observations, perception)
        if isinstance(reaction, StartConversation):
            return self.decision(now, reaction, thought=reaction.reason)
        if reaction is not None:
            plan = self.replan_around(plan, reaction, now)
        return self.act(plan, perception)

    def observe(self, perception: Perception) -> list[Observation]:
        observations = perceive(perception, self.settings, self.state.retained)
        now = perception.time
        self.state.unrated += [
            Unrated(
                text=o.text, at=now, subject=o.subject or o.thing or "", told=o.told, about=o.about
            )
            for o in observations
        ]
        waiting = self.state.unrated
        age = timedelta(minutes=self.settings.observation_batch_minutes)
        if waiting and (
            len(waiting) >= self.settings.observation_batch or now - waiting[0].at >= age
        ):
            self.flush()  # before reflection's trigger reads what is stored
        retained = self.state.retained + [o.text for o in observations]
        self.state.retained = retained[-self.settings.retention :]
        return observations

    def day_plan(self, perception: Perception) -> DayPlan:
        """Today's plan, made now if there is none for today (or on news of a relived day)."""
        now = perception.time
        plan = self.state.plan
        if plan is not None and plan.day == now.date():
            return yield_to_news(self, plan, perception)  # a relived day: news of today?
        if plan is not None:
            self.state.yesterday = f"On {plan.day:%A %B %d}: " + "; ".join(plan.describe())
        self.flush()
        if self.settings.planning:
            plan = plan_new_day(
                self.context(now),
                self.summary(now),
                self.state.yesterday or self.persona.currently,
                perception.known_places,
                book=self.state.day_book,
            )
        else:  # the `no planning` variant: the persona's routine is the day
            plan = routine_plan(self.persona, now.date())
        self.state.plan, self.state.current = plan, None
        # rated with the next batch of observations (one call fewer a day): the plan is
        # stored before anything retrieves, as every retrieval flushes the batch first
        about = plan_fields(self.name, plan, now, news_known(self.memory, self.name))
        plan_memory = Unrated(
            text=plan_text(self.name, plan), at=now, kind=MemoryKind.PLAN, about=about
        )
        self.state.unrated.append(plan_memory)
        self.rating.embed_along([chunk.activity for chunk in plan.hourly])  # the hours' queries
        return plan

    def replan_around(self, plan: DayPlan, event: PendingEvent, now: datetime) -> DayPlan:
        """Rewrite the rest of the day from now, starting with `event`."""
        minute = minute_of_day(now)
        new = replan(
            self.context(now),
            self.summary(now),
            event.activity,
            event.minutes,
            plan.remaining(minute),
        )
        plan = plan.rewritten(minute, new)
        self.state.plan, self.state.current = plan, None
        return plan

    def keep_appointments(self, plan: DayPlan, now: datetime) -> DayPlan:
        """Today's appointments fitted into the plan (`agent_state.with_appointments`, by
        rule, no model call); past days' are dropped."""
        self.state.appointments = [a for a in self.state.appointments if a.day >= now.date()]
        fitted = with_appointments(plan, self.state.appointments, now)
        if fitted is not plan:
            self.state.plan, self.state.current = fitted, None
        return fitted

    def react_to(
        self, observations: list[Observation], perception: Perception
    ) -> StartConversation | PendingEvent | None:
        """The reaction to an odd object state or the first person noticed who could be
        talked with (not asleep, talking, cooling down or out of talks: the reference
        implementation, too, asks only then): talk, act, or none (`no reaction`: none)."""
        if not self.settings.reaction:
            return None
        current = perception.current_activity or (
            self.state.current.activity if self.state.current else ""
        )
        if contains_word(current, self.settings.undecomposed_words):
            return None
        now = perception.time
        people = [
            o
            for o in observations
            if o.subject and o.subject != self.name and self.open_to(o.subject, o.activity, now)
        ]
        oddities = [o for o in observations if o.thing and o.unexplained]
        candidates = oddities or people
        if not candidates:
            return None
        focus = candidates[0]
        subject = focus.subject or ""
        summary, ctx = self.summary(now), self.context(now)
        seen = self.rating.about(subject or focus.thing or "", self.state.unrated)  # unstored
        inputs = react_inputs(ctx, summary, current, focus, bool(subject), seen)
        with rated_aside(self):  # the waiting observations rated during react's call
            reaction = react_answer(ctx, inputs)
        if subject:
            self.state.considered[subject] = Sighting(activity=focus.activity, at=now)
        if reaction.choice == "talk":
            return StartConversation(partner=subject, reason=f"{self.name} wants to talk")
        if reaction.choice == "react":
            return PendingEvent(activity=reaction.reaction, minutes=reaction.minutes)
        return None

    def notices(self, person: str, activity: str, doing: str, now: datetime) -> bool:
        """Whether seeing `person` doing `activity` while this mind is `doing` something would
        make it stop and think (the paper perceives every step; the game asks this only when
        someone comes into view): both awake, the other not talking already, news to this
        mind (not considered within the react window), and the pair free to talk. Call it
        only while no job of this mind runs. Never in the `no reaction` variant."""
        if not self.settings.reaction:
            return False
        if contains_word(doing, self.settings.undecomposed_words):
            return False
        return self.open_to(person, activity, now)

    def open_to(self, person: str, activity: str, now: datetime) -> bool:
        """Whether `person`, seen doing `activity`, is news this mind could act on now: awake
        and not talking already, not considered within the react window (or doing something
        new since), and the pair free to talk."""
        if contains_word(activity, (*self.settings.undecomposed_words, "talking", "conversation")):
            return False
        window = self.settings.react_window_minutes
        return self.state.worth_considering(
            person, activity, now, window
        ) and self.talker.may_talk_with(person, now)

    def act(self, plan: DayPlan, perception: Perception) -> Decision:
        now, minute = perception.time, minute_of_day(perception.time)
        plan, step = next_step(
            self.context(now),
            plan,
            places=perception.known_places,
            here=perception.address,
            book=self.state.hour_book,
        )
        self.state.plan = plan
        if step is None or step.address is None:
            return self.decision(now, Wait(minutes=self.settings.action_min_minutes))
        remaining = max(1, step.end - minute)
        if self.state.current == step:
            return self.decision(now, Wait(minutes=remaining, activity=step.activity))
        self.state.current = step
        action = GoTo(
            address=step.address,
            activity=step.activity,
            emoji=step.emoji or "💭",
            duration_minutes=remaining,
            object_state=step.object_state,
        )
        return self.decision(now, action, thought=step.describe())

    def decision(self, now: datetime, action: Any, thought: str = "") -> Decision:
        return Decision(agent=self.name, time=now, actions=(action,), thought=thought)

    def resume_plan(self) -> None:
        """Forget the step in progress (after a talk): the next decision walks back to the plan."""
        self.state.current = None

    # --- state ------------------------------------------------------------------------------

    def get_state(self) -> dict[str, Any]:
        """Everything but memories, as JSON-able data."""
        return self.state.model_dump(mode="json")

    def set_state(self, state: dict[str, Any]) -> None:
        self.state = AgentState.model_validate(state)
