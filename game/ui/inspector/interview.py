"""The inspector's Interview tab: ask the resident questions, as the paper's interviews do.

It hosts the chat panel's conversation view (`game.ui.chat.view.ChatView`). Answers arrive
through `PlayerPort.replies()`, a queue the chat panel also reads, so the tab never drains
it: the app routes each reply to the panels showing that resident by calling
`InspectorPanel.deliver(line)`. Given the chat panel's `ChatSession`, the tab shows and
extends that same conversation (questions asked here appear in the chat and vice versa).
"""

from __future__ import annotations

import pygame

from game.town.views import ChatLine
from game.ui.chat.view import INNER_VOICE_SPEAKER, ChatView, first_name, typing_text
from game.ui.inspector.tab import Tab, field_at_bottom
from game.ui.inspector.text import InspectorContext
from game.ui.widgets import ERROR, LINE, TextField

QUESTION_LIMIT = 300
WHEEL_ROWS = 3
NOTICE_LINES = 3  # a refusal is shown in at most this many rows


class InterviewTab(Tab):
    """The conversation with the resident and a field to ask the next question."""

    key = "interview"
    label = "Interview"
    labels = ("Interview", "Ask")

    def __init__(self, context: InspectorContext) -> None:
        super().__init__(context)
        resident = context.resident
        self.field = TextField(
            limit=QUESTION_LIMIT,
            placeholder=f" ask {first_name(resident)} something, Enter",
            focused=False,
        )
        session = context.session
        self.view = ChatView(context.text, session.lines if session else [], resident)
        self.notice = ""  # why the last question could not be sent
        self.answering = False
        self.seconds = 0.0
        self.notice_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def lines(self) -> list[ChatLine]:
        return self.view.lines

    def poll(self) -> bool:
        context = self.context
        self.answering = bool(context.port.answering(context.resident))
        return False

    def update(self, real_seconds: float) -> None:
        self.seconds += real_seconds
        super().update(real_seconds)

    def deliver(self, line: ChatLine) -> bool:
        """Show `line` if it belongs to this resident's conversation (once)."""
        if line.resident != self.context.resident:
            return False
        if line not in self.lines[-8:]:
            self.lines.append(line)
        self.answering = False
        return True

    def on_submit(self, value: str) -> None:
        context = self.context
        asking = context.session.asking if context.session is not None else context.asking
        now = context.clock()
        message = context.port.ask(context.resident, value, asking, now)
        if message is not None:
            self.notice = message
            return
        speaker = INNER_VOICE_SPEAKER if asking.kind == "inner_voice" else asking.name or "You"
        self.lines.append(ChatLine(context.resident, speaker, value, now))
        self.notice = ""
        self.answering = True
        self.view.scroll_to_end()
        assert self.field is not None
        self.field.clear()

    def wheel(self, rows: int) -> None:
        self.view.scroll(rows * WHEEL_ROWS)

    def notice_lines(self, width: int) -> list[str]:
        return self.context.wrapper.lines(self.notice, width)[:NOTICE_LINES] if self.notice else []

    def page(self, direction: int) -> None:
        self.view.scroll(direction * max(1, self.view.page_rows() - 1))

    def arrange(self, rect: pygame.Rect) -> pygame.Rect:
        above = field_at_bottom(self, rect)
        height = LINE * len(self.notice_lines(rect.width))
        self.notice_rect = pygame.Rect(rect.x, above.bottom - height, rect.width, height)
        return pygame.Rect(above.x, above.y, above.width, max(LINE, above.height - height - 2))

    def draw(
        self, screen: pygame.Surface, rect: pygame.Rect, blink: float, mouse: tuple[int, int]
    ) -> None:
        self.list_rect = self.arrange(rect)
        resident = self.context.resident
        intro = (
            f"Ask {resident} anything: they answer from their memories, as in the paper's "
            "interviews."
        )
        typing = typing_text(resident, self.seconds) if self.answering else ""
        self.view.draw(screen, self.list_rect, typing=typing, empty=intro, seconds=self.seconds)
        for number, line in enumerate(self.notice_lines(self.notice_rect.width)):
            at = (self.notice_rect.x, self.notice_rect.y + number * LINE)
            screen.blit(self.context.text.render(line, 8, ERROR), at)
        self.draw_controls(screen, blink, mouse)

    def shown(self) -> list[str]:
        """The conversation rows drawn last frame, and the notice (for tests and tools)."""
        return [*self.view.rendered, *([self.notice] if self.notice else [])]
