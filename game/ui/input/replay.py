"""A replay's input: the town's handler and commands, plus moving in the replay's time.

A replay window is `TownControls` (the view, a viewer as the player — a click on a resident
opens the inspector — and no menus), so `TownHandler` and the town's commands work there as
in play. `ReplayHandler` puts the replay's own keys before them and otherwise passes every
event on to the town's handler (a drag in progress included). The timeline bar answers the
same commands.

| Input | Does |
|---|---|
| Space, `1`; `2`–`7`, `8`, `9` | pause / play; ×1 … ×60, ×300, ×1000 |
| `[` / `]` | slower / faster |
| `,` / `.` | the previous / next mark (a conversation, reflection, plan, player action) |
| Home / End | the record's first / last moment |
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal, Protocol

import pygame

from game.ui.input.commands import Command, SetSpeed, TownControls
from game.ui.input.handlers import Handler, TownHandler
from game.ui.view_state import Point, ViewState

MarkKind = Literal["conversation", "reflection", "plan", "player"]
Edge = Literal["start", "end"]


class ReplayControls(TownControls, Protocol):
    """What a replay's commands act on (`game.replay.app.ReplayApp`)."""

    def seek(self, moment: datetime) -> None:
        """Show the town at `moment` (kept inside the record)."""
        ...

    def seek_edge(self, edge: Edge) -> None:
        """Show the record's first or last moment."""
        ...

    def jump_to_mark(self, kind: MarkKind | None, forward: bool) -> None:
        """Show the next (or previous) mark of `kind` (any kind: None); `Impossible` when
        there is none that way."""
        ...


@dataclass(frozen=True)
class SeekTo:
    """A click or drag on the timeline: show the town at `moment`."""

    moment: datetime

    def perform(self, replay: ReplayControls) -> None:
        replay.seek(self.moment)


@dataclass(frozen=True)
class SeekEdge:
    """Home / End: the record's first or last moment."""

    edge: Edge

    def perform(self, replay: ReplayControls) -> None:
        replay.seek_edge(self.edge)


@dataclass(frozen=True)
class JumpToMark:
    """`,` / `.` or a timeline button: the previous or next mark (of one kind, or any)."""

    kind: MarkKind | None
    forward: bool

    def perform(self, replay: ReplayControls) -> None:
        replay.jump_to_mark(self.kind, self.forward)


@dataclass(frozen=True)
class ChangeSpeed:
    """`[` / `]` or the timeline's − / + buttons: one speed slower or faster (and play)."""

    faster: bool

    def perform(self, replay: ReplayControls) -> None:
        if self.faster:
            replay.view.speed.faster()
        else:
            replay.view.speed.slower()


REPLAY_KEYS: dict[int, Command[ReplayControls]] = {
    pygame.K_SPACE: SetSpeed(None),  # pause / play (a replay's clock is never held)
    pygame.K_8: SetSpeed(300),
    pygame.K_9: SetSpeed(1000),
    pygame.K_LEFTBRACKET: ChangeSpeed(faster=False),
    pygame.K_RIGHTBRACKET: ChangeSpeed(faster=True),
    pygame.K_COMMA: JumpToMark(None, forward=False),
    pygame.K_PERIOD: JumpToMark(None, forward=True),
    pygame.K_HOME: SeekEdge("start"),
    pygame.K_END: SeekEdge("end"),
}


class ReplayHandler(Handler[ReplayControls]):
    """The replay's keys first; everything else as the town's handler answers it."""

    def __init__(self, view: ViewState) -> None:
        self.town: Handler[TownControls] = TownHandler(view)
        self._town_answer: Command[TownControls] | None = None  # the town handler's last

    def on_close(self) -> Command[ReplayControls] | None:
        return self.town.on_close()

    def on_pointer(self, point: Point) -> Command[ReplayControls] | None:
        return self.town.on_pointer(point)

    def handle(
        self, event: pygame.event.Event
    ) -> Command[ReplayControls] | Handler[ReplayControls] | None:
        if event.type == pygame.KEYDOWN and event.key in REPLAY_KEYS:
            return REPLAY_KEYS[event.key]
        answer = self.town.handle(event)
        if isinstance(answer, Handler):  # a drag begins: the town's handler changes state
            self.town = answer
            return None
        self._town_answer = answer
        return answer

    def after(self, command: Command[ReplayControls]) -> Handler[ReplayControls]:
        """The town's handler moves on after its own commands (a drag ends with a click)."""
        answered, self._town_answer = self._town_answer, None
        if answered is not None and answered is command:
            self.town = self.town.after(answered)
        return self
