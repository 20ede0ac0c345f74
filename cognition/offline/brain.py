"""The offline brain: answers every task by rule, deterministically for a seed.

It is not a language model and never claims to be one: its label is "offline brain" and
its completions say `Source.OFFLINE` (their `raw` text is the output as JSON, not a model's
words). Each task name maps to one rule in `RULES`; each call gets its own `random.Random`
seeded from (seed, agent, task, inputs), so answers do not depend on the order in which
agents think. A talk's turn (`TURN_RULES`: several lines in one call) says each line as its
speaker's own `dialogue_line` call would, with that call's random (and a view, or a talk's
summary, asked in the same call as its own call would); a group talk's round (`ROUND_RULES`)
each member's line as its own `group_line` call would.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

import cognition.offline.answers as answers
import cognition.offline.group as group
import cognition.offline.group_round as group_round
import cognition.offline.hour as hour
import cognition.offline.judgement as judgement
import cognition.offline.meeting as meeting
import cognition.offline.places as places
import cognition.offline.planning as planning
import cognition.offline.rated as rated
import cognition.offline.reacting as reacting
import cognition.offline.reflection as reflection
import cognition.offline.relations as relations
import cognition.offline.scoring as scoring
import cognition.offline.talk as talk
import cognition.offline.turn as turn
from cognition.llm.task import Completion, InputT, OutputT, Source, Task
from cognition.offline.seeded import CallRandom
from cognition.steps.day_plan import DAY_PLAN
from cognition.steps.decompose import DECOMPOSE
from cognition.steps.dialogue import (
    CONVERSATION_SUMMARY,
    DIALOGUE_LINE,
    LineInput,
    SummaryInput,
    TalkSummary,
)
from cognition.steps.dialogue_turn import DIALOGUE_TURN
from cognition.steps.emoji import EMOJI
from cognition.steps.group_line import GROUP_LINE, GroupLineInput
from cognition.steps.group_manager import NEXT_SPEAKER
from cognition.steps.group_round import GROUP_ROUND
from cognition.steps.group_summary import GROUP_SUMMARY, SUMMARIZE_ROUND
from cognition.steps.hour_plan import HOUR_PLAN
from cognition.steps.hourly import HOURLY
from cognition.steps.importance import RATE_IMPORTANCE
from cognition.steps.interview import ADOPT_INTENTION, INTERVIEW
from cognition.steps.knows import KNOWS, judge_by_rule
from cognition.steps.location import CHOOSE_PLACE
from cognition.steps.objects import CHOOSE_OBJECTS
from cognition.steps.react import REACT
from cognition.steps.referee import REFEREE, SUMMARIZE_DEBATE
from cognition.steps.referee_scores import SCORE_REFEREE
from cognition.steps.reflect import INSIGHTS, SALIENT_QUESTIONS
from cognition.steps.relationship import RELATIONSHIP, RelationshipInput
from cognition.steps.replan import REPLAN
from cognition.steps.stance import STANCE
from cognition.steps.summary import SUMMARY
from cognition.steps.talk_closing import TALK_CLOSING
from cognition.steps.talk_opening import TALK_OPENING
from cognition.steps.talk_whole import TALK_WHOLE

Rule = Callable[[Any, random.Random], BaseModel]

RULES: dict[str, Rule] = {
    RATE_IMPORTANCE.name: judgement.rate,
    SALIENT_QUESTIONS.name: reflection.questions,
    INSIGHTS.name: rated.insights_rated,
    SUMMARY.name: judgement.summary,
    EMOJI.name: judgement.emoji,
    DAY_PLAN.name: planning.plan_day,
    HOURLY.name: planning.hourly,
    DECOMPOSE.name: planning.decompose,
    HOUR_PLAN.name: hour.plan_hour,
    REPLAN.name: planning.replan,
    CHOOSE_PLACE.name: places.choose_place,
    CHOOSE_OBJECTS.name: places.choose_objects,
    REACT.name: reacting.react,
    RELATIONSHIP.name: relations.relationship,
    DIALOGUE_LINE.name: talk.line,
    CONVERSATION_SUMMARY.name: rated.summary_rated,
    GROUP_LINE.name: group.group_line,
    NEXT_SPEAKER.name: group.next_speaker,
    SUMMARIZE_ROUND.name: group.round_summary,
    GROUP_SUMMARY.name: group.group_summary,
    STANCE.name: meeting.stance,
    INTERVIEW.name: answers.interview,
    ADOPT_INTENTION.name: answers.adopt_intention,
    KNOWS.name: lambda inputs, rng: judge_by_rule(inputs),
    REFEREE.name: judgement.referee,
    SUMMARIZE_DEBATE.name: judgement.debate_summary,
    SCORE_REFEREE.name: scoring.scores,
}

# a talk's turn: several lines, each with the random of its speaker's own `dialogue_line` call
TURN_RULES: dict[str, Callable[[Any, turn.CallRules], BaseModel]] = {
    DIALOGUE_TURN.name: lambda inputs, calls: turn.turn(inputs, calls.line_random),
    # and each view as its own `relationship` call's
    TALK_OPENING.name: lambda inputs, calls: turn.opening(inputs, calls.line_random, calls.view),
    TALK_CLOSING.name: turn.closing,  # and the summary as its own `conversation_summary` call's
    TALK_WHOLE.name: turn.whole,  # the views, the lines and the summary
}

# a group talk's round: several members' lines, each with the random of its speaker's own
# `group_line` call
ROUND_RULES: dict[str, Callable[[Any, group_round.GroupLineRandom], BaseModel]] = {
    GROUP_ROUND.name: group_round.group_round,
}


# input fields that restate as data what the inputs say in words: the game time `now`
# says (`clock`), whether the history's last line asked about the speaker (`asked`), each
# line's answer to an invitation (`answers`), the kinds and fields of a group member's
# lines about the others (`about_recalled`), of react's memories of the one observed
# (`relationship_recalled`), whether the speaker has met the listener (`met`), whom
# its memories name (`named`) and whether the last line introduced its speaker (`introduced`)
RESTATED = frozenset(
    {
        "clock",
        "asked",
        "answers",
        "about_recalled",
        "relationship_recalled",
        "met",
        "named",
        "introduced",
    }
)
# input fields a rule reads only to avoid saying a line again: left out of the seed too, so
# every draw stays as it was unless the line drawn was said already
AVOIDED = frozenset({"said_today"})


# fields of the memory fields an input carries (`Recalled.about`) that restate as data what
# the memory's words say: the people a persona's fact names (`MemoryFields.named`), how a
# person is spoken of (`MemoryFields.pronoun`, `News.pronoun`), whom a teller had news
# from (`News.via`: "Bo told me that …")
NESTED_RESTATED = frozenset({"named", "pronoun", "via"})


def without_nested(inputs_text: str) -> str:
    """The inputs' JSON without `NESTED_RESTATED` keys at any depth (as it is when it has
    none), so that typing what a memory's words say leaves every draw as it was."""
    if not any(f'"{key}":' in inputs_text for key in NESTED_RESTATED):
        return inputs_text
    return json.dumps(_drop(json.loads(inputs_text)), ensure_ascii=False, separators=(",", ":"))


def _drop(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _drop(v) for k, v in value.items() if k not in NESTED_RESTATED}
    if isinstance(value, list):
        return [_drop(item) for item in value]
    return value


class OfflineBrain:
    """A rule-based `LanguageModel`: no network, no key, same answers for the same seed."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    @property
    def label(self) -> str:
        return "offline brain"

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        turn_rule = TURN_RULES.get(task.name)
        if turn_rule is not None:  # each line (and view) as its own call would be
            return self.answered(task, turn_rule(inputs, self))
        round_rule = ROUND_RULES.get(task.name)
        if round_rule is not None:  # each member's line as its own call would be
            return self.answered(task, round_rule(inputs, self.group_line_random))
        rule = RULES.get(task.name)
        if rule is None:
            error = f"the offline brain has no rule for task {task.name!r}"
            return Completion(task.fallback(inputs), Source.FALLBACK, error=error)
        answer = rule(inputs, self.random_for(agent, task.name, inputs))
        return self.answered(task, answer)

    def random_for(self, agent: str, task: str, inputs: BaseModel) -> random.Random:
        """The random of one call: seeded from (seed, agent, task, inputs). Inputs left at
        their defaults are not in the seed, so a field added to an input model (at its
        default) leaves every earlier run's draws as they were; nor are the typed copies of
        what the inputs say in words (`RESTATED`), so reading a fact by its field rather
        than its words leaves the draws as they were."""
        inputs_text = inputs.model_dump_json(exclude_defaults=True, exclude=set(RESTATED | AVOIDED))
        return CallRandom(self.seed, f"{agent}|{task}|{without_nested(inputs_text)}")

    def view(self, inputs: RelationshipInput) -> str:
        """The view a `relationship` call by `inputs.agent` would get."""
        rng = self.random_for(inputs.agent, RELATIONSHIP.name, inputs)
        return relations.relationship(inputs, rng).summary

    def talk_summary(self, inputs: SummaryInput) -> TalkSummary:
        """The summary a `conversation_summary` call by the talk's opener would get."""
        rng = self.random_for(inputs.first, CONVERSATION_SUMMARY.name, inputs)
        return rated.summary_rated(inputs, rng)

    def line_random(self, inputs: LineInput) -> random.Random:
        """The random a `dialogue_line` call by `inputs.speaker` would get (a turn's line)."""
        return self.random_for(inputs.speaker, DIALOGUE_LINE.name, inputs)

    def group_line_random(self, inputs: GroupLineInput) -> random.Random:
        """The random a `group_line` call by `inputs.speaker` would get (a round's line)."""
        return self.random_for(inputs.speaker, GROUP_LINE.name, inputs)

    def answered(self, task: Task[InputT, OutputT], answer: BaseModel) -> Completion[OutputT]:
        output = task.output_model.model_validate(answer.model_dump())
        # no model wrote this: the "raw answer" is the rule's output as JSON (Source.OFFLINE)
        return Completion(output, Source.OFFLINE, raw=output.model_dump_json())
