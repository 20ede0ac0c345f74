"""The player in a town with minds (composition): their body, the panels they open, and the
answers, greetings and events the minds send back, routed to the right panel or a toast.

`App` owns one `PlaySession` when the town has minds. The town's input commands
(`game.ui.input.commands`) call it — a click on the map, T, E, I — and raise `Impossible`
for what cannot be done ("You cannot walk there."); every frame the app calls `steer` with
the held direction keys and `update`: the player walks, the desk learns where the visitor
is, replies reach their chat.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

import pygame

from game.render.emoji import EmojiCache
from game.render.text import PixelText
from game.saves import VisitorSave
from game.town.player import Player
from game.town.population import Population
from game.town.ports import GroupPort, PlayerPort
from game.town.resident import Facing, Tile
from game.town.views import Asking, ChatLine, ChatSession, Greeting
from game.ui.chat.group_panel import GroupPanel
from game.ui.chat.panel import ChatPanel
from game.ui.input import Impossible
from game.ui.inspector.panel import InspectorPanel
from game.ui.object_panel import ObjectPanel
from game.ui.panels import PanelStack
from game.ui.toasts import Toasts
from game.world.town import TownMap

TALK_DISTANCE = 4  # tiles: how close the player must stand to start talking
FACING_NAMES: dict[Facing, Literal["down", "left", "right", "up"]] = {
    Facing.DOWN: "down",
    Facing.LEFT: "left",
    Facing.RIGHT: "right",
    Facing.UP: "up",
}
DIRECTIONS: dict[tuple[int, int], Facing] = {
    (-1, 0): Facing.LEFT,
    (1, 0): Facing.RIGHT,
    (0, -1): Facing.UP,
    (0, 1): Facing.DOWN,
}


@dataclass
class PlaySession:
    """What the player does in the town; the app draws `panels` and `toasts`."""

    desk: PlayerPort
    population: Population
    town: TownMap
    text: PixelText
    clock: Callable[[], datetime]
    portrait: Callable[[str], pygame.Surface | None]
    emoji: EmojiCache | None = None
    player: Player | None = None
    panels: PanelStack = field(default_factory=PanelStack)
    chats: dict[str, ChatSession] = field(default_factory=dict)
    toasts: Toasts | None = None
    # toasts that say "T to answer / read": their message → the resident T opens the chat of
    answerable: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.toasts is None:
            self.toasts = Toasts(self.text)

    # --- who the player is ----------------------------------------------------------------

    def join(self, player: Player) -> None:
        """Put the player's body in the town (a new visitor) or take over a resident."""
        if self.player is not None:
            self.leave()
        if player.is_visitor:
            self.population.add(player.body)
        self.population.controlled = player.name
        self.player = player
        takes_over = None if player.is_visitor else player.name
        self.desk.joined(player.name, player.description, takes_over, self.clock())
        self.update_visitor()

    def leave(self) -> None:
        player, self.player = self.player, None
        if player is None:
            return
        if player.is_visitor:
            self.population.remove(player.name)
        self.population.controlled = None
        self.desk.clear_visitor()

    def visitor_save(self) -> VisitorSave | None:
        """The player as a save keeps them (None: nobody is playing)."""
        if self.player is None:
            return None
        body = self.player.body
        return VisitorSave(
            name=self.player.name,
            description=self.player.description,
            tile=body.path[0] if body.path else body.tile,  # the tile they are stepping onto
            facing=FACING_NAMES[body.facing],
            controls=self.player.controls,
        )

    def asking(self) -> Asking:
        """Who the player is to a resident, unless they choose otherwise in the chat."""
        if self.player is None:
            return Asking("visitor", "a visitor", "")
        if self.player.is_visitor:
            return Asking("visitor", self.player.name, self.player.description)
        return Asking("persona", self.player.name, self.player.description)

    # --- each frame -------------------------------------------------------------------------

    def steer(self, held: set[tuple[int, int]]) -> None:
        """Walk the player one tile in a held direction (the last step must have ended)."""
        if self.player is None or not held or self.player.body.is_walking:
            return
        for direction in sorted(held):
            facing = DIRECTIONS.get(direction)
            if facing is not None and self.player.step(facing, self.town.grid):
                return

    def update(self, real_seconds: float) -> None:
        now = self.clock()
        if self.player is not None:
            self.player.update(real_seconds)
            self.update_visitor()
        for line in self.desk.replies():
            self.chat_session(line.resident).lines.append(line)
            delivered = False
            for panel in self.panels:
                if isinstance(panel, ChatPanel | InspectorPanel) and self._shows(
                    panel, line.resident
                ):
                    panel.deliver(line)
                    delivered = delivered or isinstance(panel, ChatPanel)
            if not delivered:
                self.answerable_toast(f"{line.resident} answered you (T to read)", line.resident)
        for greeting in self.desk.greetings():
            self.greeted(greeting)
        for event in self.desk.events():
            self.toast(event.text, "good")
        inspector = self.panels.find(InspectorPanel)
        if isinstance(inspector, InspectorPanel) and inspector.requested_chat:
            inspector.requested_chat = False
            self.open_chat(inspector.resident)
        self.panels.update(real_seconds, now)
        assert self.toasts is not None
        self.toasts.update(real_seconds)

    def greeted(self, greeting: Greeting) -> None:
        """A resident speaks to the player first: their chat opens when no panel is open (or
        it is theirs already); over another panel — the player typing an object's state,
        reading a mind, in a menu — the line waits in their conversation and a toast says so,
        so nothing the player is doing is taken over."""
        top = self.panels.top
        if top is None:
            self.open_chat(greeting.resident)
            top = self.panels.top
        if isinstance(top, ChatPanel) and top.greet(greeting):
            return
        line = ChatLine(greeting.resident, greeting.resident, greeting.text, greeting.at)
        self.chat_session(greeting.resident).lines.append(line)
        message = f"{greeting.resident} says hello to you (T to answer)"
        self.answerable_toast(message, greeting.resident)

    def update_visitor(self) -> None:
        if self.player is not None:
            body = self.player.body
            self.desk.set_visitor(
                self.player.name, self.player.description, body.tile, self.player.activity_text
            )

    @staticmethod
    def _shows(panel: ChatPanel | InspectorPanel, resident: str) -> bool:
        if isinstance(panel, ChatPanel):
            return panel.session.resident == resident
        return panel.resident == resident

    def toast(self, message: str, kind: str = "info") -> None:
        assert self.toasts is not None
        self.toasts.show(message, kind)

    def answerable_toast(self, message: str, resident: str) -> None:
        """A toast that T answers, wherever `resident` stands, for as long as it is shown."""
        self.toast(message, "info")
        self.answerable[" ".join(message.split())] = resident

    def toasted_resident(self) -> str | None:
        """The resident of the newest answerable toast still on screen."""
        assert self.toasts is not None
        shown = [toast.message for toast in self.toasts.shown()]
        self.answerable = {m: r for m, r in self.answerable.items() if m in shown}
        return next((self.answerable[m] for m in reversed(shown) if m in self.answerable), None)

    # --- what the player asked for ----------------------------------------------------------

    def click(self, tile: Tile, resident: str | None) -> str | None:
        """A click on the map: inspect a resident, open an object, or walk there. Returns the
        resident to follow, if any."""
        if resident is not None and resident != (self.player.name if self.player else None):
            self.inspect(resident)
            return resident
        found = self.desk.object_at(tile)
        if found is not None:
            self.open_objects(tile, found.key)
            return None
        if self.player is not None and not self.player.walk_to(tile, self.population.pathfinder):
            raise Impossible("You cannot walk there.")
        return None

    def inspect(self, resident: str) -> None:
        self.panels.open(
            InspectorPanel(self.desk, self.text, resident, self.portrait, self.emoji, self.clock)
        )

    def chat_session(self, resident: str) -> ChatSession:
        if resident not in self.chats:
            self.chats[resident] = ChatSession(resident, self.asking())
        return self.chats[resident]

    def open_chat(self, resident: str) -> None:
        self.panels.open(
            ChatPanel(self.desk, self.text, self.chat_session(resident), self.clock, self.portrait)
        )

    def talk(self, selected: str | None) -> None:
        """T: answer the resident whose greeting or reply a toast shows; else join the
        conversation of the nearest resident when it is talking, else chat with it (or with
        the one followed)."""
        toasted = self.toasted_resident()
        if toasted is not None:
            self.open_chat(toasted)
            return
        nearest = self.nearest_resident()
        resident = nearest or selected
        if resident is None:
            raise Impossible("Nobody close enough to talk to: walk up to someone.")
        if nearest is not None and isinstance(self.desk, GroupPort) and self.desk.in_talk(nearest):
            self.panels.open(GroupPanel(self.desk, self.text, nearest, self.clock))
            return
        self.open_chat(resident)

    def nearest_resident(self) -> str | None:
        if self.player is None:
            return None
        here = self.player.body.tile
        best: tuple[float, str] | None = None
        for resident in self.population:
            if resident.name == self.player.name:
                continue
            distance = math.dist(here, resident.tile)
            if distance <= TALK_DISTANCE and (best is None or distance < best[0]):
                best = (distance, resident.name)
        return best[1] if best else None

    def open_objects(self, tile: Tile, selected_key: str | None = None) -> None:
        objects = self.desk.objects_near(tile)
        self.panels.open(ObjectPanel(self.desk, self.text, objects, self.clock, selected_key))

    def objects_here(self, fallback: Tile) -> None:
        """E: the objects in the room the player stands in (or around `fallback`)."""
        tile = self.player.body.tile if self.player is not None else fallback
        self.open_objects(tile)
