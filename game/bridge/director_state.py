"""The director's runtime state, typed: `MindDirector.get_state()` → `DirectorState` and
`set_state(state, here, known)` — what of its bookkeeping a save keeps so that a loaded town
continues exactly as the saved one would have: per resident the `MindSlot` (next decision
due, outcomes not yet applied, object in use, a conversation asked for), the conversations
playing back, the dialogue log, the message, the meetings and the counters.

The desk's, the slots' and the log's internals are read and written in this one module, so a
change there is fixed here; persistence (`persist/runtime.py`) asks the director for its
state and never reaches into its parts. Everything here runs on the main thread.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import asdict
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from cognition import contract
from game.bridge.conversations import ConversationDesk, Playback
from game.bridge.dialogue import DialogueLog, SpokenLine
from game.bridge.jobs import Conversed, Decided, Failed, Outcome
from game.bridge.meetings import Meeting, MeetingDesk
from game.bridge.residents import MindSlot, MindStats
from game.saves import ActivitySave
from game.town.resident import Activity, Pose
from game.world.address import Address

Tile = tuple[int, int]


class SaveModel(BaseModel):
    """A part of a save: unknown fields refused, input not echoed in errors."""

    model_config = ConfigDict(extra="forbid", hide_input_in_errors=True)


class OutcomeState(SaveModel):
    """A finished job whose outcome was not applied yet when the town was saved."""

    kind: Literal["decided", "conversed", "failed"]
    names: list[str] = Field(min_length=1)  # a pair, or every member of a group talk
    decision: contract.Decision | None = None
    conversation: contract.Conversation | None = None
    error: str = ""
    budget: bool = False


class SlotState(SaveModel):
    """The director's `MindSlot` for one resident: next decision due, what is queued,
    outcomes not applied yet, what was said to it, a talk asked for, objects in use."""

    due: datetime | None = None
    queued: ActivitySave | None = None
    ready: list[OutcomeState] = Field(default_factory=list)
    utterances: list[contract.Utterance] = Field(default_factory=list)
    wants_to_talk: str | None = None
    talk_asked: datetime | None = None
    object_target: list[str] | None = None  # Address.levels()
    object_state: str | None = None
    object_key: str = ""
    in_use: list[str] | None = None
    in_use_key: str = ""
    noticed: dict[str, datetime] = Field(default_factory=dict)


class PlaybackState(SaveModel):
    """A conversation being played back line by line, and who still follows it."""

    names: list[str]
    conversation: contract.Conversation
    started: datetime
    line_minutes: float
    shown: int = 0
    seen_by: dict[str, int] = Field(default_factory=dict)


class LineState(SaveModel):
    time: datetime
    speaker: str
    listener: str
    text: str


class MeetingState(SaveModel):
    """A town meeting called (held or not yet)."""

    host: str
    topic: str
    place: str
    starts: datetime
    ends: datetime
    state: Literal["called", "held", "not held"] = "called"
    attendees: list[str] = Field(default_factory=list)
    stances: list[tuple[str, str]] = Field(default_factory=list)
    summary: str = ""


class DirectorState(SaveModel):
    """`MindDirector.get_state()`: its bookkeeping between frames, typed — each resident's
    slot, who is reserved for a talk being thought, the talks playing back, the dialogue
    log, the message, the meetings called and the counters. `set_state` takes it back;
    `meetings` None there keeps the meetings the town called as it was built."""

    slots: dict[str, SlotState] = Field(default_factory=dict)
    reserved: list[str] = Field(default_factory=list)
    playing: list[PlaybackState] = Field(default_factory=list)
    dialogue: list[LineState] = Field(default_factory=list)
    message: str = ""
    meetings: list[MeetingState] | None = None
    stats: dict[str, object] = Field(default_factory=dict)


# --- activities and addresses ----------------------------------------------------------------


def activity_save(
    activity: Activity, address: Address | None = None, ends_at: datetime | None = None
) -> ActivitySave:
    return ActivitySave(
        description=activity.description,
        emoji=activity.emoji,
        destination=activity.destination,
        address=list(address.levels()) if address is not None else None,
        pose=activity.pose.value,
        started=activity.started,
        ends_at=ends_at,
        key=activity.key,
        rest_at=activity.rest_at,
    )


def activity_of(saved: ActivitySave, here: Tile) -> Activity:
    """The `Activity` of a saved one; with no destination it is done at `here`."""
    try:
        pose = Pose(saved.pose)
    except ValueError:
        pose = Pose.IDLE
    return Activity(
        description=saved.description,
        emoji=saved.emoji,
        destination=saved.destination if saved.destination is not None else here,
        pose=pose,
        started=saved.started,
        key=saved.key,
        rest_at=saved.rest_at,
    )


def levels_of(address: Address | None) -> list[str] | None:
    return None if address is None else list(address.levels())


def address_of(levels: list[str] | None) -> Address | None:
    if not levels:
        return None
    return Address(*levels)


# --- outcomes ---------------------------------------------------------------------------------


def outcome_state(outcome: Outcome) -> OutcomeState:
    names = list(outcome.names)
    if isinstance(outcome, Decided):
        return OutcomeState(kind="decided", names=names, decision=outcome.decision)
    if isinstance(outcome, Conversed):
        return OutcomeState(kind="conversed", names=names, conversation=outcome.conversation)
    return OutcomeState(kind="failed", names=names, error=outcome.error, budget=outcome.budget)


def outcome_of(state: OutcomeState) -> Outcome:
    names = tuple(state.names)
    if state.kind == "decided" and state.decision is not None:
        return Decided(0, names, state.decision)
    if state.kind == "conversed" and state.conversation is not None:
        return Conversed(0, names, state.conversation)
    return Failed(0, names, state.error or "lost in a save", state.budget)


# --- reading ------------------------------------------------------------------------------------


def slot_state(slot: MindSlot) -> SlotState:
    return SlotState(
        due=slot.due,
        queued=None if slot.queued is None else activity_save(slot.queued),
        ready=[outcome_state(outcome) for outcome in slot.ready],
        utterances=list(slot.utterances),
        wants_to_talk=slot.wants_to_talk,
        talk_asked=slot.talk_asked,
        object_target=levels_of(slot.object_target),
        object_state=slot.object_state,
        object_key=slot.object_key,
        in_use=levels_of(slot.in_use),
        in_use_key=slot.in_use_key,
        noticed=dict(slot.noticed),
    )


def playing_state(desk: ConversationDesk) -> tuple[list[str], list[PlaybackState]]:
    """Who is reserved for a conversation being thought about, and the playbacks. A talk
    whose job still runs counts as thought about: its members are reserved, and the talk,
    kept by its job's outcome, plays from its start again on loading."""
    reserved = set(desk._reserved)  # the desk keeps no public copy
    by_playback: dict[int, tuple[Playback, list[str]]] = {}
    for name, playback in desk._playing.items():
        by_playback.setdefault(id(playback), (playback, []))[1].append(name)
    playing = []
    for playback, names in by_playback.values():
        if playback.conversation is None:
            reserved.update(names)
            continue
        playing.append(
            PlaybackState(
                names=names,
                conversation=playback.conversation,
                started=playback.started,
                line_minutes=playback.line_minutes,
                shown=playback.shown,
                seen_by=dict(playback.seen_by),
            )
        )
    return sorted(reserved), playing


def line_states(log: DialogueLog) -> list[LineState]:
    return [
        LineState(time=line.time, speaker=line.speaker, listener=line.listener, text=line.text)
        for line in log.lines()
    ]


def meeting_states(desk: MeetingDesk) -> list[MeetingState]:
    return [MeetingState.model_validate(asdict(meeting)) for meeting in desk.meetings]


GROUP_COUNTS = (
    "groups", "group_members", "largest_group", "group_lines", "longest_group", "group_fallbacks",
)  # fmt: skip


def stats_state(stats: MindStats) -> dict[str, object]:
    return {
        "decisions": stats.decisions,
        "go_tos": stats.go_tos,
        "conversations": stats.conversations,
        **{name: getattr(stats, name) for name in GROUP_COUNTS},
        "errors": stats.errors,
        "last_error": stats.last_error,
        "unapplied": stats.unapplied,
        "last_unapplied": stats.last_unapplied,
        "talked_with": {name: sorted(others) for name, others in stats.talked_with.items()},
        "decision_waits": {name: list(waits) for name, waits in stats.decision_waits.items()},
    }


# --- restoring ----------------------------------------------------------------------------------


def restore_stats(stats: MindStats, data: dict[str, object]) -> None:
    """Counters from `stats_state` (anything unreadable is left at zero)."""
    for field in ("decisions", "go_tos", "conversations", "errors", "unapplied", *GROUP_COUNTS):
        value = data.get(field)
        if isinstance(value, int) and not isinstance(value, bool):
            setattr(stats, field, value)
    for field in ("last_error", "last_unapplied"):
        if isinstance(data.get(field), str):
            setattr(stats, field, str(data[field]))
    waits = data.get("decision_waits")
    if isinstance(waits, dict):
        stats.decision_waits = {
            str(name): [float(w) for w in each if isinstance(w, int | float)]
            for name, each in waits.items()
            if isinstance(each, list)
        }
    talked = data.get("talked_with")
    if isinstance(talked, dict):
        stats.talked_with = {
            str(name): {str(other) for other in others}
            for name, others in talked.items()
            if isinstance(others, list)
        }


def restore_slot(slot: MindSlot, state: SlotState, here: Tile, known: Container[Address]) -> None:
    """The director's slot from `state`; objects the map no longer has are dropped."""

    def kept(levels: list[str] | None) -> Address | None:
        address = address_of(levels)
        return address if address in known else None

    slot.due = state.due
    slot.queued = None if state.queued is None else activity_of(state.queued, here)
    slot.ready = [outcome_of(outcome) for outcome in state.ready]
    decided = [o for o in slot.ready if isinstance(o, Decided)]
    if decided:  # thought ahead: it applies at its moment
        slot.deciding_for, slot.ahead_job = decided[-1].decision.time, decided[-1].job
    slot.utterances = list(state.utterances)
    slot.wants_to_talk, slot.talk_asked = state.wants_to_talk, state.talk_asked
    slot.object_target, slot.object_state = kept(state.object_target), state.object_state
    slot.object_key = state.object_key
    slot.in_use, slot.in_use_key = kept(state.in_use), state.in_use_key
    slot.noticed = dict(state.noticed)


def restore_desk(
    desk: ConversationDesk,
    reserved: list[str],
    playing: list[PlaybackState],
    present: Container[str],
) -> None:
    """Reserved speakers and conversations playing, for residents of this town."""
    desk._reserved.update(name for name in reserved if name in present)
    for saved in playing:
        if not all(name in present for name in saved.conversation.participants):
            continue
        talk = saved.conversation
        playback = Playback(
            talk.participants, saved.started, saved.line_minutes, talk, None, saved.shown,
            dict(saved.seen_by),
        )  # fmt: skip
        for name in saved.names:
            desk._playing[name] = playback


def restore_meetings(desk: MeetingDesk, saved: list[MeetingState]) -> None:
    """The meetings of the save (they replace those the town called as it was built). One
    that was being held when saved is held again from its start."""
    desk.meetings = []
    for state in saved:
        meeting = Meeting(**state.model_dump(exclude={"attendees", "stances"}))
        meeting.attendees, meeting.stances = tuple(state.attendees), tuple(state.stances)
        if meeting.state == "held" and not meeting.summary:
            meeting.state = "called"
        desk.meetings.append(meeting)


def restore_dialogue(log: DialogueLog, lines: list[LineState]) -> None:
    for line in lines:
        log.add(SpokenLine(line.time, line.speaker, line.listener, line.text))
