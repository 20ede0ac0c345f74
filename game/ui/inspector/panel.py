"""The inspector: click a resident and a side panel shows their mind (the paper's user
controls). Header (portrait, name, age, traits, summary description, current action) and
tabs: Plan, Memories, Search, Reflections, People, Interview, Trace (the resident's latest
model calls: prompt, answer, fallback, tokens, latency).

Not modal: the town keeps running and clicks outside the panel go to the town. The app reads
`requested_chat` (the Talk button: open the chat panel with `resident`) and `closed` (the x
button, or Esc while no field has the focus). Replies to questions asked in the Interview
tab come through `PlayerPort.replies()`, which the app drains: it calls `deliver(line)` on
every panel showing `line.resident`. Pass the chat panel's `ChatSession` as `session` to show
one conversation in both panels.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import pygame

from game.render.text import PixelText
from game.town.ports import PlayerPort
from game.town.views import Asking, ChatLine, ChatSession
from game.ui.inspector.header import EmojiRenderer, Header
from game.ui.inspector.interview import InterviewTab
from game.ui.inspector.memories import MemoriesTab, SearchTab
from game.ui.inspector.plan import PeopleTab, PlanTab
from game.ui.inspector.reflections import ReflectionsTab
from game.ui.inspector.tab import REFRESH_SECONDS, Tab
from game.ui.inspector.text import InspectorContext, Wrapper
from game.ui.inspector.trace import TraceTab
from game.ui.panels import Panel
from game.ui.widgets import LINE, PANEL, PANEL_EDGE, Button, button_at

WIDTH = 420
TOP = 40  # room for the HUD's speed buttons above the panel
NARROW_TOP = 60  # on narrow screens the HUD's clock reaches under the panel: start below it
NARROW = 900
MARGIN = 8
PADDING = 8
TAB_HEIGHT = 20
TAB_GAP = 2
FIELD_TABS = ("search", "interview")  # tabs whose field takes the focus when chosen


class InspectorPanel(Panel):
    """The side panel showing one resident's mind."""

    def __init__(
        self,
        port: PlayerPort,
        text: PixelText,
        resident: str,
        portrait: Callable[[str], pygame.Surface | None] | None,
        emoji: EmojiRenderer | None,
        clock: Callable[[], datetime],
        *,
        asking: Asking | None = None,
        session: ChatSession | None = None,
    ) -> None:
        super().__init__()
        self.port = port
        self.text = text
        self.resident = resident
        self.requested_chat = False  # the Talk button was pressed: the app opens the chat
        self.context = InspectorContext(
            port, text, resident, clock, Wrapper(text),
            asking or Asking("visitor", "Visitor"), session,
        )  # fmt: skip
        self.header = Header(self.context, portrait, emoji)
        self.tabs: dict[str, Tab] = {
            tab.key: tab
            for tab in (
                PlanTab(self.context),
                MemoriesTab(self.context),
                SearchTab(self.context),
                ReflectionsTab(self.context),
                PeopleTab(self.context),
                InterviewTab(self.context),
                TraceTab(self.context),
            )
        }
        self.tab_buttons = [Button(tab.label, tab.key) for tab in self.tabs.values()]
        self.tab = "plan"
        self.mouse = (-1, -1)  # the last pointer position seen in an event
        self.body_rect = pygame.Rect(0, 0, 0, 0)
        self._pressed = False  # the last mouse press was ours (so is its release)
        self._blink = 0.0
        self._since_card = 0.0
        self._background: pygame.Surface | None = None
        self.poll_card()
        self.select_tab("plan")

    # --- data -------------------------------------------------------------------------------

    @property
    def active(self) -> Tab:
        return self.tabs[self.tab]

    def poll_card(self) -> None:
        card = self.port.card(self.resident, self.context.clock())
        if card != self.context.card:
            self.context.card = card
            self.header.version += 1

    def select_tab(self, key: str) -> None:
        """Show tab `key` ("plan", "memories", "search", "reflections", "people",
        "interview", "trace"), its data fetched now."""
        if key not in self.tabs:
            return
        self.active.focus(False)
        self.tab = key
        for button in self.tab_buttons:
            button.active = button.value == key
        tab = self.active
        tab.since_poll = 0.0
        if tab.poll():
            tab.dirty = True
        tab.focus(key in FIELD_TABS)

    def deliver(self, line: ChatLine) -> bool:
        """An answer for the Interview tab; False when it is about another resident."""
        if line.resident != self.resident:
            return False
        tab = self.tabs["interview"]
        assert isinstance(tab, InterviewTab)
        return tab.deliver(line)

    def update(self, real_seconds: float, now: datetime) -> None:
        self._blink += real_seconds
        self._since_card += real_seconds
        if self._since_card >= REFRESH_SECONDS:
            self._since_card = 0.0
            self.poll_card()
        self.active.update(real_seconds)

    def wants_text(self) -> bool:
        return self.context.card is not None and self.active.wants_text()

    # --- input ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if kind == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            self._pressed = self.rect.collidepoint(event.pos)
            if not self._pressed:
                self.active.focus(False)  # back to steering the town
            elif event.button == 1:
                self._click(event.pos)
            return self._pressed
        if kind == pygame.MOUSEBUTTONUP:
            pressed, self._pressed = self._pressed, False
            return pressed
        if kind == pygame.MOUSEWHEEL:
            if not self.rect.collidepoint(self.mouse):
                return False
            self.active.wheel(-event.y)
            return True
        if kind == pygame.TEXTINPUT:
            return self.wants_text() and self.active.keypress(event)
        if kind == pygame.KEYDOWN:
            if self.wants_text():
                self.active.keypress(event)
                return not pygame.K_F1 <= event.key <= pygame.K_F12
            if event.key == pygame.K_ESCAPE:
                self.closed = True
                return True
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.active.page(1 if event.key == pygame.K_PAGEDOWN else -1)
                return True
        return False

    def _click(self, point: tuple[int, int]) -> None:
        hit = self.header.click(point)
        if hit == "close":
            self.closed = True
        elif hit == "talk":
            self.requested_chat = True
        if hit is not None:
            self.active.focus(False)
            return
        if self.context.card is None:
            return
        button = button_at(self.tab_buttons, point)
        if button is not None:
            self.select_tab(button.value)
        elif self.body_rect.collidepoint(point):
            self.active.click(point)
        else:
            self.active.focus(False)

    # --- drawing ----------------------------------------------------------------------------

    def place(self, screen_size: tuple[int, int]) -> pygame.Rect:
        """The panel's rect on a screen of `screen_size`: the right side below the HUD row."""
        width, height = screen_size
        panel_width = max(1, min(WIDTH, width - 2 * MARGIN))
        top = min(TOP if width >= NARROW else NARROW_TOP, max(0, height // 4))
        return pygame.Rect(width - MARGIN - panel_width, top, panel_width, height - top - MARGIN)

    def draw(self, screen: pygame.Surface) -> None:
        rect = self.place(screen.get_size())
        self.rect = rect
        if rect.width < 8 or rect.height < 8:
            return
        previous_clip = screen.get_clip()
        screen.set_clip(rect.clip(previous_clip))
        screen.blit(self._backdrop(rect.size), rect.topleft)
        inner = rect.inflate(-2 * PADDING, -2 * PADDING)
        room = max(2, (inner.height - 220) // LINE)
        header_height = self.header.layout(inner, room)
        self.header.draw(screen, inner, self.mouse)
        if self.context.card is not None:
            top = inner.y + header_height + 6
            bottom = self._layout_tabs(inner.x, top, inner.width)
            for button in self.tab_buttons:
                button.draw(screen, self.text, button.rect.collidepoint(self.mouse))
            self.body_rect = pygame.Rect(
                inner.x, bottom + 8, inner.width, inner.bottom - bottom - 8
            )
            if self.body_rect.height >= LINE:
                screen.set_clip(self.body_rect.clip(rect).clip(previous_clip))
                self.active.draw(screen, self.body_rect, self._blink, self.mouse)
        screen.set_clip(previous_clip)

    def _backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        if self._background is None or self._background.get_size() != size:
            self._background = pygame.Surface(size, pygame.SRCALPHA)
            self._background.fill(PANEL)
            pygame.draw.rect(self._background, PANEL_EDGE, self._background.get_rect(), 1)
        return self._background

    def _layout_tabs(self, x: int, y: int, width: int) -> int:
        """Spread the tab buttons over `width` (short labels when the full ones do not fit);
        return their bottom edge."""
        tabs = list(self.tabs.values())
        gaps = TAB_GAP * (len(tabs) - 1)
        choice = [0] * len(tabs)  # which of each tab's labels: shorten the longest first
        while True:
            labels = [tab.labels[level] for tab, level in zip(tabs, choice, strict=True)]
            widths = [self.text.size(label, 8)[0] for label in labels]
            spare = width - gaps - sum(widths)
            shorter = [i for i, tab in enumerate(tabs) if choice[i] + 1 < len(tab.labels)]
            if spare >= 8 * len(tabs) or not shorter:
                break
            choice[max(shorter, key=lambda i: widths[i])] += 1
        extra, remainder = divmod(max(0, spare), len(tabs))
        for index, (button, label, label_width) in enumerate(
            zip(self.tab_buttons, labels, widths, strict=True)
        ):
            button.label = label
            button_width = label_width + extra + (1 if index < remainder else 0)
            button.rect = pygame.Rect(x, y, button_width, TAB_HEIGHT)
            x += button_width + TAB_GAP
        return y + TAB_HEIGHT
