"""A group conversation among three or more members, run by one job that owns them all.

Who speaks next, and what each speaker sees, is the strategy's (ChatEval's communication
strategies, AutoGen's group chat manager):

- one-by-one: each round the members speak in turn (the opener first, then in the order
  they joined), each seeing every line said so far;
- simultaneous-talk: each round every member answers the same context (the lines said
  before the round) at once, in parallel; the round's lines are then added in member
  order, so the talk never depends on which thread finished first;
- simultaneous-talk-with-summarizer: as simultaneous-talk, and after every round but the
  last a summarizer condenses the round (and the summary before) into the shared context,
  which is that summary alone from then on (fewer tokens on long talks);
- manager: a manager picks each next speaker from the transcript and the members'
  descriptions (the model with a model; addressing and turn-taking offline); an answer
  naming nobody who may speak is a counted fallback to turn-taking (AutoGen's "auto");
- round-robin, random, manual: AutoGen's other speaker selection methods, one line at a
  time as under the manager (`selection.py`).

A line is one model call of its speaker's mind; a summary per round (summarizer) and a
choice per line (manager) are calls of the group's own "group summarizer" / "group manager"
(so a meter shows them apart). A member leaves after a line that says so, or when its plan
calls it away (it is told, and says goodbye); a member that says nothing passes its turn.
The talk ends after `max_rounds` rounds, when a round passes in silence, when fewer than
two members are left, or after a line saying one of the rules' end phrases
(`termination.py`). The whole talk is then summarised once (with the commitments made),
as a pair's is, for every member to keep.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextvars import copy_context
from datetime import datetime

from cognition.contract import ConversationLine, LineHeard
from cognition.group.human import ENDING, Human, InputMode, Turn, human_line, turn_of
from cognition.group.line_input import member_input
from cognition.group.rounds import chunks, speak_round
from cognition.group.rules import (
    ONE_AT_A_TIME,
    Anyone,
    GroupResult,
    GroupRules,
    GroupStrategy,
    Member,
)
from cognition.group.selection import at_random, by_turns, round_robin, talk_random, valid_pick
from cognition.group.termination import ends_talk
from cognition.llm.task import Completion, InputT, LanguageModel, OutputT, Source, Task
from cognition.steps.common import when
from cognition.steps.dialogue import ConversationSummary
from cognition.steps.group_line import (
    GROUP_LINE,
    GroupLine,
    GroupLineInput,
    said,
    settled,
    spoken,
)
from cognition.steps.group_manager import NEXT_SPEAKER, NextSpeakerInput, valid_choice
from cognition.steps.group_summary import (
    GROUP_SUMMARY,
    SUMMARIZE_ROUND,
    GroupSummaryInput,
    RoundSummaryInput,
)

MANAGER_AGENT = "group manager"
SUMMARIZER_AGENT = "group summarizer"


class GroupTalk:
    """One group conversation in progress (`hold_group` runs it)."""

    def __init__(
        self,
        members: Sequence[Anyone],
        rules: GroupRules,
        history: Sequence[ConversationLine],
        heard: LineHeard | None = None,
        said_all: Callable[[], None] | None = None,
    ) -> None:
        if len(members) < 2:
            raise ValueError("a group conversation needs two members or more")
        if not isinstance(members[0], Member):
            raise ValueError("a group conversation is opened by a resident, not the player")
        self.members = list(members)
        self.rules = rules
        self.earlier = list(history)  # lines said before this part of the talk (a join)
        self.lines: list[ConversationLine] = []
        self.here = [m.name for m in members]
        self.summary = ""  # the summarizer's shared context
        self.calls: Counter[str] = Counter()
        self.fallbacks = 0
        self.host = members[0]  # who opened the talk
        self.opener = members[0].speaker.context
        self.heard = heard  # hears each line as it is added
        self.said_all = said_all  # told once the last line is said (before the summary)
        self.ended_by = ""  # who said the end phrase the talk ends on
        self.rng = talk_random(rules.seed, members[0].name, self.opener.now)

    # --- running ------------------------------------------------------------------------------

    def run(self) -> GroupResult:
        strategy = self.rules.strategy
        for number in range(1, self.rules.max_rounds + 1):
            before = len(self.lines)
            if strategy is GroupStrategy.ONE_BY_ONE:
                self.one_by_one(number)
            elif strategy in ONE_AT_A_TIME:
                self.managed(number)
            else:
                self.at_once(number)
                last = number == self.rules.max_rounds
                if strategy is GroupStrategy.SUMMARIZER and not last and len(self.here) > 1:
                    self.summarize(self.lines[before:])
            if len(self.lines) == before and len(self.here) > 1 and not self.ended_by:
                self.silent_round()  # it would end the talk: a player asked at its end may go on
            if len(self.lines) == before or len(self.here) < 2 or self.ended_by:
                break
        if self.said_all is not None:
            self.said_all()
        summary = self.summarize_talk()
        return GroupResult(self.lines, summary, self.calls, self.fallbacks, self.ended_by)

    def one_by_one(self, number: int) -> None:
        """Each member in turn: a line per call, or a run of up to `lines_per_call`
        residents' lines per call (`rounds`; the player always by a call of its own)."""
        for run in chunks(self.present(), self.rules.lines_per_call):
            if len(self.here) < 2 or self.ended_by:
                return
            here = [member for member in run if member.name in self.here]
            if not here:
                continue
            residents = [member for member in here if isinstance(member, Member)]
            if len(residents) < 2:
                self.add(here[0], self.speak(here[0], self.shared(), number))
                continue
            speak_round(self, residents, number, self.added)
            if len(self.here) < 2 or self.ended_by:
                return  # a line ended the talk: the call's later lines were dropped

    def at_once(self, number: int) -> None:
        speakers, shown = self.present(), self.shared()
        workers = max(1, min(self.rules.max_parallel, len(speakers)))
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="group") as pool:
            asked = [
                pool.submit(copy_context().run, self.speak, m, shown, number) for m in speakers
            ]
            answers = [answer.result() for answer in asked]
        for member, answer in zip(speakers, answers, strict=True):
            if not self.ended_by:  # a line that ended the talk is the round's last
                self.add(member, answer)

    def managed(self, number: int) -> None:
        """One round's worth of lines (as many as members), each speaker chosen."""
        passed: set[str] = set()  # who had nothing to say this round is not asked again
        for _ in range(len(self.present())):
            if len(self.here) < 2 or self.ended_by:
                return
            member = self.choose(passed)
            line = self.speak(member, self.shared(), number)
            if not line.text:
                passed.add(member.name)
            self.add(member, line)

    # --- who speaks, and what they see ---------------------------------------------------------

    def present(self) -> list[Anyone]:
        return [m for m in self.members if m.name in self.here]

    def shared(self) -> list[str]:
        """The context every speaker sees: the summary, then the lines since (summarizer), or
        every line so far."""
        if self.summary:
            return [f"(summary of the talk so far) {self.summary}"]
        return [said(line) for line in [*self.earlier, *self.lines]]

    def last_speaker(self) -> str:
        lines = [*self.earlier, *self.lines]
        return lines[-1].speaker if lines else ""

    def candidates(self, passed: Collection[str]) -> list[str]:
        """Who may speak next: those present who have not passed this round (else all)."""
        present = [m.name for m in self.present()]
        return [name for name in present if name not in passed] or present

    def choose(self, passed: set[str]) -> Anyone:
        """The next speaker by the strategy's selection method (the opener opens)."""
        if not self.lines and not self.earlier:
            return self.members[0]
        strategy, last = self.rules.strategy, self.last_speaker()
        present, names = self.present(), self.candidates(passed)
        name: str | None = None
        if strategy is GroupStrategy.ROUND_ROBIN:
            name = round_robin([m.name for m in self.members], names, last)
        elif strategy is GroupStrategy.RANDOM:
            name = at_random(names, last, self.rng)
        elif strategy is GroupStrategy.MANUAL:
            name = self.picked(names)
        if name is None:
            return self.by_manager(passed)
        return next(m for m in present if m.name == name)

    def picked(self, candidates: list[str]) -> str | None:
        """The player's pick of the next speaker, or None (no one picks, or not validly)."""
        for human in self.present():
            if isinstance(human, Human) and human.pick is not None:
                return valid_pick(human.pick(list(candidates), self.shared()), candidates)
        return None

    def by_manager(self, passed: set[str]) -> Anyone:
        """The next speaker, as the manager picks it (one who passed this round, or a name
        not in the group, falls back to turn-taking)."""
        present, last = self.present(), self.last_speaker()
        inputs = NextSpeakerInput(
            members=[f"{m.name}: {m.description or m.name}" for m in present],
            transcript=self.shared(),
            last_speaker=last,
            topic=self.rules.topic,
            now=when(self.now()),
        )
        answer = self.ask(self.opener.model, NEXT_SPEAKER, inputs, MANAGER_AGENT, "manager")
        name = valid_choice(answer.output.name, [m.name for m in present], last)
        if name is None or name in passed:
            if name is None:
                self.fallbacks += answer.source is not Source.FALLBACK  # counted once
            name = by_turns(self.candidates(passed), [*self.earlier, *self.lines])
        return next(m for m in present if m.name == name)

    # --- calls ---------------------------------------------------------------------------------

    def now(self) -> datetime:
        return self.opener.now

    def elapsed(self) -> float:
        return len(self.lines) * self.rules.line_minutes

    def speak(self, member: Anyone, context: list[str], number: int) -> GroupLine:
        others = [name for name in self.here if name != member.name]
        if isinstance(member, Human):
            ending = number == self.rules.max_rounds or len(self.here) <= 2
            turn, why = turn_of(member, context, ending)
            if turn is Turn.ASK:
                return human_line(member, context, others, why)
            if turn is Turn.AUTO:
                return self.speak_for(member, context, number)
            return GroupLine(text="")
        called = member.free_minutes is not None and self.elapsed() >= member.free_minutes
        host, lines = self.members[0].name, self.lines
        inputs = member_input(
            member, others, context, number, rules=self.rules, host=host, lines=lines, called=called
        )
        return self.line_of(member.speaker.context.model, inputs, called)

    def speak_for(self, human: Human, context: list[str], number: int) -> GroupLine:
        """The player's character speaks for itself (AutoGen's auto-reply): a line in its
        persona — its description — with the talk's model, metered as the player's."""
        inputs = GroupLineInput(
            speaker=human.name,
            members=[name for name in self.here if name != human.name],
            summary=f"{human.name} is {human.description}.",
            memories=[],
            context=context,
            now=when(self.now()),
            round=number,
            max_rounds=self.rules.max_rounds,
            place=self.host.speaker.place,
            topic=self.rules.topic,
            host=self.host.name,
        )
        return self.line_of(self.opener.model, inputs, False)

    def line_of(self, model: LanguageModel, inputs: GroupLineInput, called: bool) -> GroupLine:
        """The speaker's line from the model (said to a member of the group, or everyone)."""
        line = self.ask(model, GROUP_LINE, inputs, inputs.speaker, "line").output
        return settled(line, inputs.members, inputs.news, called)

    def ask(
        self,
        model: LanguageModel,
        task: Task[InputT, OutputT],
        inputs: InputT,
        agent: str,
        kind: str,
    ) -> Completion[OutputT]:
        completion = model.complete(task, inputs, agent=agent)
        self.calls[kind] += 1
        if completion.source is Source.FALLBACK:
            self.fallbacks += 1
        return completion

    def added(self, member: Anyone, line: GroupLine) -> bool:
        """`line` added, unless the talk has ended (False then)."""
        if len(self.here) < 2 or self.ended_by:
            return False
        self.add(member, line)
        return True

    def add(self, member: Anyone, line: GroupLine) -> None:
        if line.text:
            self.lines.append(spoken(member.name, line))
            if self.heard is not None:
                self.heard(self.lines[-1])
            if ends_talk(line.text, self.rules.end_phrases):
                self.ended_by = member.name
                self.last_word(member.name)
        if line.leaves and member.name in self.here:
            if len(self.here) == 2 and not self.ended_by:
                self.last_word(member.name)  # the last other leaves: the talk would end
            self.here.remove(member.name)

    def silent_round(self) -> None:
        """No one spoke this round, so the talk ends: a player asked only as it ends
        (TERMINATE) is asked now, and a line of theirs carries the talk on."""
        for human in self.present():
            if isinstance(human, Human) and human.mode_now() is InputMode.TERMINATE:
                others = [name for name in self.here if name != human.name]
                line = human_line(human, self.shared(), others, ENDING)
                if line.text:
                    self.add(human, line)
                    return

    def last_word(self, ender: str) -> None:
        """A line ended the talk: a player in it who is asked at all may go on with it."""
        for human in self.present():
            silent = (InputMode.NEVER, InputMode.WATCH)
            if not isinstance(human, Human) or human.name == ender or human.mode_now() in silent:
                continue
            others = [name for name in self.here if name != human.name]
            line = human_line(human, self.shared(), others, ENDING)
            if line.text:
                self.ended_by = ""
                self.add(human, line)
                return

    def summarize(self, round_lines: list[ConversationLine]) -> None:
        inputs = RoundSummaryInput(
            members=list(self.here),
            earlier=self.summary,
            lines=[said(line) for line in round_lines],
            now=when(self.now()),
            clock=self.now(),
            views=[line.view for line in round_lines],
            answers=[line.answer for line in round_lines],
        )
        answer = self.ask(self.opener.model, SUMMARIZE_ROUND, inputs, SUMMARIZER_AGENT, "summary")
        self.summary = answer.output.summary

    def summarize_talk(self) -> ConversationSummary:
        inputs = GroupSummaryInput(
            members=[m.name for m in self.members],
            lines=[said(line) for line in self.lines],
            now=when(self.now()),
            clock=self.now(),
            topic=self.rules.topic,
            told=[line.told for line in self.lines],
            views=[line.view for line in self.lines],
            answers=[line.answer for line in self.lines],
        )
        opener = self.members[0].name
        return self.ask(self.opener.model, GROUP_SUMMARY, inputs, opener, "talk summary").output


def hold_group(
    members: Sequence[Anyone],
    rules: GroupRules,
    history: Sequence[ConversationLine] = (),
    heard: LineHeard | None = None,
    said_all: Callable[[], None] | None = None,
) -> GroupResult:
    """Run a group conversation (`members[0]` opens, or continues after `history` when
    someone joined) to its end; `heard` hears each line as it is said, `said_all` when the
    last is (before the talk's summary is asked)."""
    return GroupTalk(members, rules, history, heard, said_all).run()
