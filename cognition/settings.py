"""The mind's tunable numbers, with the paper's values as defaults."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class MindSettings(BaseModel):
    """Every number the thinking steps use; defaults follow Park et al. (2023)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # perception
    vision_radius: int = Field(default=8, ge=1)
    attention_bandwidth: int = Field(default=8, ge=1)
    retention: int = Field(default=8, ge=1)
    # new observations are rated and written in batches: when this many wait, when the
    # oldest waited this long, and always before any retrieval
    observation_batch: int = Field(default=20, ge=1)
    observation_batch_minutes: int = Field(default=120, ge=0)
    # retrieval
    retrieval_k: int = Field(default=10, ge=1)
    # an interview (the evaluation's, the player's questions) reads more: the reference
    # implementation retrieves 50 memories for each question put to an agent
    interview_k: int = Field(default=50, ge=1)
    # reflection
    reflection_threshold: float = Field(default=150.0, gt=0)
    reflection_recent: int = Field(default=100, ge=1)
    reflection_questions: int = Field(default=3, ge=1)
    reflection_insights: int = Field(default=5, ge=1)
    # the insights of each question in a call of its own, the calls at once (the paper draws
    # them per question): a reflection takes one short call's time where the server has free
    # slots; False: all questions in one call, each statement shown once (fewer prompt tokens,
    # for a server that answers one call at a time)
    reflection_insights_at_once: bool = True
    # planning
    plan_min_items: int = Field(default=5, ge=1)
    plan_max_items: int = Field(default=8, ge=1)
    action_min_minutes: int = Field(default=5, ge=1)
    action_max_minutes: int = Field(default=15, ge=1)
    # the stretch one hour plan decomposes (steps.hour_plan). 120 (a whole chunk of up to
    # three hours, nearer the reference implementation, which decomposes whole chunks) made
    # a fifth fewer hour-plan calls, but residents moved less and met less: the offline
    # town's news reached a quarter to a third fewer residents (seeds 0 and 1)
    decomposition_window_minutes: int = Field(default=60, ge=5)
    undecomposed_words: tuple[str, ...] = ("sleep", "asleep")
    location_retries: int = Field(default=1, ge=0)
    # the hour's plan (steps.hour_plan) is conditioned on this many memories recalled for it
    hour_plan_memories: int = Field(default=3, ge=1)
    # plan reuse (steps.plan_reuse): an hour planned on an earlier day with the same key and
    # the same news recalled — memories rated at least `plan_reuse_importance` and at least
    # `plan_reuse_relevance` relevant to the activity (0-1, as retrieval normalises it),
    # plans aside — is reused without a call; so are a view of a person with nothing new
    # recalled about them (steps.view_reuse) and a rating of words already rated
    # (steps.rating_reuse); all off in the `no plan reuse` variant
    plan_reuse: bool = True
    # with plan_reuse, a day with nothing new bearing on it planned as the latest earlier
    # such day (steps.day_reuse) once that context was planned by calls on `routine_days`
    # days (a habit). From the second day (`routine_days` 1), on the offline town (seed 0)
    # residents who relived a day met the same people again, and the scenario's news reached
    # 40 % of the town instead of 68 % (town density at the end 0.55 instead of 0.72)
    day_reuse: bool = True
    routine_days: int = Field(default=2, ge=1)
    plan_reuse_importance: int = Field(default=5, ge=1, le=10)
    plan_reuse_relevance: float = Field(default=0.7, ge=0, le=1)
    # reacting and dialogue
    reaction_minutes: int = Field(default=15, ge=1)
    # a person is reconsidered (react call) only after this window, and only if doing
    # something new since last considered
    react_window_minutes: int = Field(default=180, ge=0)
    dialogue_max_turns: int = Field(default=8, ge=2)
    # lines of a pair talk one model call writes, the speakers alternating, each line from
    # its speaker's retrieval (steps.dialogue_turn); 1: the paper's one call per line. A
    # talk's next line needs the last, so a talk advances this many lines per call latency.
    # The last turn sums the talk up in its call (steps.talk_closing); at the turn limit
    # (8, the default) a talk is one call: views, lines and summary (steps.talk_whole)
    talk_lines_per_call: int = Field(default=8, ge=1)
    # lines of a one-by-one group talk one model call writes, the next members of the round
    # in turn, each line from its speaker's retrieval (steps.group_round); 1: ChatEval's one
    # call per line. A group talk advances this many lines per call latency
    group_lines_per_call: int = Field(default=4, ge=1)
    # the same pair does not chat again within this time
    conversation_cooldown_minutes: int = Field(default=180, ge=0)
    # a resident opens no conversation once it has had this many in the game day (whoever
    # opened them); others may still open one with it. Counting only those it opened was
    # tried: 60 % more talk, and every news item reached the whole town in two days.
    max_conversations_per_day: int = Field(default=3, ge=0)
    # group conversations: three or more who are together talk as one group (else in
    # pairs); who speaks next is the strategy's (cognition.group)
    group_conversations: bool = True
    group_strategy: Literal[
        "one-by-one",
        "simultaneous-talk",
        "simultaneous-talk-with-summarizer",
        "manager",
        "round-robin",
        "random",
        "manual",
    ] = "one-by-one"
    # a line saying one of these (whole words, any case) ends a group talk for everyone,
    # e.g. ["goodbye"] or a set phrase (AutoGen's termination message); none: it never does
    group_end_phrases: tuple[str, ...] = ()
    group_max_members: int = Field(default=5, ge=3)
    group_max_rounds: int = Field(default=4, ge=1)
    # architecture variants (cognition.variants; `smallville evaluate --matrix`): a mechanism
    # of the paper turned off for the whole run
    reflection: bool = True
    planning: bool = True  # off: the persona's routine is the day, each stretch one action
    reaction: bool = True  # off: nothing seen changes the plan; nobody starts a conversation
