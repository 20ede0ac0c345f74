"""The inspector panel, driven by real pygame events against the fake port."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # fake_port, next to this file

from fake_port import ISABELLA, KLAUS, NOW, FakePort

from game.render.emoji import EmojiCache
from game.render.text import PixelText
from game.town.views import Asking, ChatLine, ChatSession, MemoryLine, TraceLine
from game.ui.inspector.interview import InterviewTab
from game.ui.inspector.panel import InspectorPanel
from game.ui.inspector.rows import Row
from game.ui.inspector.trace import PROMPT_LINES, TraceTab
from game.ui.panels import PanelStack
from game.ui.widgets import ERROR, LINE

TABS = ("plan", "memories", "search", "reflections", "people", "interview", "trace")
SENTINEL = (1, 2, 3)


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.init()
    yield pygame.display.set_mode((1280, 720))
    pygame.quit()


@pytest.fixture
def text(screen: pygame.Surface) -> PixelText:
    return PixelText()


def make_panel(
    text: PixelText, port: FakePort | None = None, resident: str = ISABELLA, **options: object
) -> InspectorPanel:
    return InspectorPanel(
        port or FakePort(), text, resident, lambda slug: None, EmojiCache(), lambda: NOW,
        **options,  # type: ignore[arg-type]
    )  # fmt: skip


def click(target: InspectorPanel | PanelStack, pos: tuple[int, int]) -> bool:
    down = target.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    target.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    return down


def type_text(panel: InspectorPanel, words: str) -> None:
    for char in words:
        panel.handle(pygame.event.Event(pygame.TEXTINPUT, text=char))


def press(panel: InspectorPanel, key: int) -> bool:
    return panel.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def click_tab(panel: InspectorPanel, screen: pygame.Surface, key: str) -> None:
    panel.draw(screen)
    button = next(b for b in panel.tab_buttons if b.value == key)
    assert click(panel, button.rect.center)
    panel.draw(screen)


def row_text(row: Row) -> str:
    return "".join(words for words, _ in row.segments)


def shown(panel: InspectorPanel) -> str:
    """Every row of the active tab as one string (wrapping joins with spaces)."""
    return " ".join(row_text(row) for row in panel.active.rows.rows)


def click_row(panel: InspectorPanel, screen: pygame.Surface, key: str) -> None:
    """Click the first row with `key`, scrolling it into view first."""
    tab = panel.active
    index = next(i for i, row in enumerate(tab.rows.rows) if row.key == key)
    tab.rows.show(index)
    panel.draw(screen)
    y = tab.list_rect.y + (index - tab.rows.offset) * LINE + LINE // 2
    assert click(panel, (tab.list_rect.x + 40, y))
    panel.draw(screen)


def test_tabs_switch_by_clicking(screen: pygame.Surface, text: PixelText) -> None:
    panel = make_panel(text)
    for key in TABS:
        click_tab(panel, screen, key)
        assert panel.tab == key
        assert [b.value for b in panel.tab_buttons if b.active] == [key]
    assert all(b.rect.right <= panel.rect.right for b in panel.tab_buttons)


def test_plan_marks_the_current_step(screen: pygame.Surface, text: PixelText) -> None:
    panel = make_panel(text)
    panel.draw(screen)
    current = [row for row in panel.active.rows.rows if row.fill is not None]
    assert current and row_text(current[0]).startswith("▶")
    assert "open Hobbs Cafe and serve breakfast" in row_text(current[0])
    assert "go to bed" in shown(panel)


def test_memories_newest_first_and_filtered_by_kind(
    screen: pygame.Surface, text: PixelText
) -> None:
    port = FakePort()
    panel = make_panel(text, port)
    click_tab(panel, screen, "memories")
    keys = [row.key for row in panel.active.rows.rows if row.key]
    assert keys[0] == "d1" and "o0" in keys  # newest first, every kind
    assert "Mon  9:14 am D [5] Klaus Mueller said" in shown(panel)
    button = next(b for b in panel.active.buttons if b.value == "reflection")
    assert click(panel, button.rect.center)
    panel.draw(screen)
    assert {row.key for row in panel.active.rows.rows} == {"r2", "r1"}
    assert "R [8]" in shown(panel)


def test_memories_refresh_about_once_a_second(screen: pygame.Surface, text: PixelText) -> None:
    port = FakePort()
    panel = make_panel(text, port)
    click_tab(panel, screen, "memories")
    before = port.calls["memories"]
    for _ in range(30):
        panel.update(1 / 60, NOW)
        panel.draw(screen)
    assert port.calls["memories"] == before  # not every frame
    port.add_memory(ISABELLA, MemoryLine("o9", "observation", "a dog is barking", NOW, 2))
    panel.update(1.0, NOW)
    panel.draw(screen)
    assert panel.active.rows.rows[0].key == "o9"


def test_the_wheel_scrolls_the_memories(screen: pygame.Surface, text: PixelText) -> None:
    port = FakePort()
    for number in range(60):
        port.add_memory(ISABELLA, MemoryLine(f"n{number}", "observation", "cat", NOW, 1))
    panel = make_panel(text, port)
    click_tab(panel, screen, "memories")
    inside = panel.active.list_rect.center
    panel.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=inside, rel=(0, 0), buttons=()))
    assert panel.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2))
    assert panel.active.rows.offset > 0
    assert press(panel, pygame.K_PAGEUP)
    assert panel.active.rows.offset == 0
    assert press(panel, pygame.K_PAGEDOWN)
    assert panel.active.rows.offset > 0
    outside = (10, 300)
    panel.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=outside, rel=(0, 0), buttons=()))
    assert not panel.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2))


def test_search_shows_hits_with_their_three_components(
    screen: pygame.Surface, text: PixelText
) -> None:
    port = FakePort()
    panel = make_panel(text, port)
    click_tab(panel, screen, "search")
    assert panel.wants_text()  # choosing the tab focuses its field
    type_text(panel, "coffee")
    assert press(panel, pygame.K_RETURN)
    panel.draw(screen)
    assert port.searches == [(ISABELLA, "coffee")]
    scores = [row_text(r) for r in panel.active.rows.rows if "rec " in row_text(r)]
    assert scores and all(" imp " in s and " rel " in s and " = " in s for s in scores)
    assert "the coffee machine is brewing coffee" in shown(panel)
    assert "rel 1.00" in scores[0]  # the best match first


def test_clicking_a_reflection_opens_its_evidence_tree(
    screen: pygame.Surface, text: PixelText
) -> None:
    port = FakePort()
    panel = make_panel(text, port)
    click_tab(panel, screen, "reflections")
    assert "cites 3 memories" in shown(panel)
    assert "Maria Lopez is studying" not in shown(panel)
    click_row(panel, screen, "r2")
    assert "Maria Lopez is studying" in shown(panel)  # r2's evidence
    assert "(a memory no longer stored)" in shown(panel)
    assert "Klaus Mueller is drinking coffee" not in shown(panel)
    click_row(panel, screen, "r2\x1fr1")  # r1 is itself a reflection: it opens further
    assert "Klaus Mueller is drinking coffee" in shown(panel)
    click_row(panel, screen, "r2")
    assert "Maria Lopez is studying" not in shown(panel)


def test_long_evidence_is_cut_to_a_few_rows(screen: pygame.Surface, text: PixelText) -> None:
    port = FakePort()
    port.add_memory(ISABELLA, MemoryLine("long", "dialogue", "blah " * 300, NOW, 4))
    port.add_memory(ISABELLA, MemoryLine("r9", "reflection", "talks a lot", NOW, 6, ("long",)))
    panel = make_panel(text, port)
    click_tab(panel, screen, "reflections")
    click_row(panel, screen, "r9")
    rows = [row_text(row) for row in panel.active.rows.rows]
    start = next(i for i, words in enumerate(rows) if "blah" in words)
    cited = [words for words in rows[start:] if "blah" in words]
    assert len(cited) == 4 and cited[-1].endswith(" ...")


def test_people_show_conversations_and_when(screen: pygame.Surface, text: PixelText) -> None:
    panel = make_panel(text)
    click_tab(panel, screen, "people")
    assert "2 conversations · last talked Mon 9:14 am" in shown(panel)
    assert "0 conversations · last talked never" in shown(panel)
    assert "a regular who studies at the cafe" in shown(panel)


def interview(panel: InspectorPanel) -> str:
    tab = panel.active
    assert isinstance(tab, InterviewTab)
    return " ".join(tab.shown())


def test_interview_asks_and_shows_delivered_answers(
    screen: pygame.Surface, text: PixelText
) -> None:
    port = FakePort(answer_at_once=False)
    panel = make_panel(text, port, asking=Asking("visitor", "Ada"))
    click_tab(panel, screen, "interview")
    assert "Ask Isabella Rodriguez anything" in interview(panel)
    type_text(panel, "who is coming?")
    press(panel, pygame.K_RETURN)
    assert port.asked == [(ISABELLA, "who is coming?", Asking("visitor", "Ada"))]
    panel.draw(screen)
    assert "Ada: who is coming?" in interview(panel)
    assert "Isabella is typing" in interview(panel)
    port.release()
    assert not panel.deliver(ChatLine(KLAUS, KLAUS, "not for you", NOW))
    for line in port.replies():
        assert panel.deliver(line)
    panel.draw(screen)
    assert "Isabella: You asked me: who is coming?" in interview(panel)
    assert "not for you" not in interview(panel)
    assert "typing" not in interview(panel)


def test_interview_shares_the_chat_session(screen: pygame.Surface, text: PixelText) -> None:
    session = ChatSession(ISABELLA, Asking("visitor", "Ada"))
    panel = make_panel(text, session=session)
    click_tab(panel, screen, "interview")
    type_text(panel, "any news?")
    press(panel, pygame.K_RETURN)
    assert session.lines[-1].speaker == "Ada"
    answer = ChatLine(ISABELLA, ISABELLA, "a party!", NOW)
    session.lines.append(answer)  # the app appends to the session, then delivers
    panel.deliver(answer)
    panel.update(0.0, NOW)
    panel.draw(screen)
    assert [line.text for line in session.lines] == ["any news?", "a party!"]
    assert interview(panel).count("a party!") == 1


def test_a_refused_question_shows_why(screen: pygame.Surface, text: PixelText) -> None:
    port = FakePort(answer_at_once=False)
    panel = make_panel(text, port)
    click_tab(panel, screen, "interview")
    type_text(panel, "one")
    press(panel, pygame.K_RETURN)
    type_text(panel, "two")
    press(panel, pygame.K_RETURN)  # still answering the first
    panel.draw(screen)
    assert "is still answering" in interview(panel)
    assert panel.active.field is not None and panel.active.field.text == "two"  # kept


def test_escape_unfocuses_the_field_first_then_closes(
    screen: pygame.Surface, text: PixelText
) -> None:
    panel = make_panel(text)
    click_tab(panel, screen, "search")
    assert panel.wants_text()
    assert press(panel, pygame.K_ESCAPE)
    assert not panel.wants_text() and not panel.closed
    assert click(panel, panel.active.field_rect.center)  # clicking the field focuses it
    assert panel.wants_text()
    press(panel, pygame.K_ESCAPE)
    assert press(panel, pygame.K_ESCAPE)
    assert panel.closed


def test_typing_goes_to_the_field_not_the_town(screen: pygame.Surface, text: PixelText) -> None:
    panel = make_panel(text)
    assert not panel.wants_text()
    assert not press(panel, pygame.K_w)  # no field focused: the town pans
    click_tab(panel, screen, "search")
    assert panel.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w"))
    assert panel.handle(pygame.event.Event(pygame.TEXTINPUT, text="w"))
    assert panel.active.field is not None and panel.active.field.text == "w"
    assert not panel.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_w, mod=0))


def test_clicks_outside_go_to_the_town(screen: pygame.Surface, text: PixelText) -> None:
    stack = PanelStack()
    panel = stack.open(make_panel(text))
    assert isinstance(panel, InspectorPanel)
    click_tab(panel, screen, "search")
    assert panel.wants_text()
    assert not click(stack, (100, 300))  # the town gets it
    assert not panel.wants_text()  # and the keys steer the town again
    assert click(stack, panel.rect.center)
    assert stack.panels == [panel]


def test_talk_and_close_buttons(screen: pygame.Surface, text: PixelText) -> None:
    stack = PanelStack()
    panel = stack.open(make_panel(text))
    assert isinstance(panel, InspectorPanel)
    panel.draw(screen)
    assert click(stack, panel.header.talk_button.rect.center)
    assert panel.requested_chat
    assert click(stack, panel.header.close_button.rect.center)
    assert panel.closed and len(stack) == 0


def test_the_description_folds(screen: pygame.Surface, text: PixelText) -> None:
    panel = make_panel(text)
    panel.draw(screen)
    folded = panel.header.height
    assert click(panel, panel.header.more_rect.center)
    panel.draw(screen)
    assert panel.header.expanded and panel.header.height > folded


def test_an_unknown_resident_has_no_mind_to_show(screen: pygame.Surface, text: PixelText) -> None:
    panel = make_panel(text, resident="Nobody 🙂")
    screen.fill(SENTINEL)
    panel.draw(screen)
    panel.update(2.0, NOW)
    assert click(panel, panel.rect.center)
    assert not panel.wants_text() and not panel.closed
    assert panel.header.buttons() == [panel.header.close_button]
    press(panel, pygame.K_ESCAPE)
    assert panel.closed


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (500, 300)])
def test_every_tab_draws_inside_its_rect(
    screen: pygame.Surface, text: PixelText, size: tuple[int, int]
) -> None:
    target = pygame.Surface(size)
    panel = make_panel(text)
    for key in TABS:
        panel.select_tab(key)
        if key == "reflections":
            panel.draw(target)
            panel.active.on_row("r2")
        if key == "trace":
            panel.draw(target)
            assert isinstance(panel.active, TraceTab)
            panel.active.on_row(panel.active.keys[1])  # the fallback with the long prompt
        target.fill(SENTINEL)
        panel.update(1.0, NOW)
        panel.draw(target)
        assert target.get_rect().contains(panel.rect)
        outside = pygame.mask.from_threshold(target, SENTINEL, (1, 1, 1, 255))
        outside.invert()  # pixels that changed
        changed = outside.get_bounding_rects()
        assert changed and all(panel.rect.contains(rect) for rect in changed), key


def offline_call(at: datetime, step: str) -> TraceLine:
    return TraceLine(at, step, f"{step}.txt", "offline brain", "offline", "user: hi", "", "{}")


def trace_tab(panel: InspectorPanel) -> TraceTab:
    tab = panel.active
    assert isinstance(tab, TraceTab)
    return tab


def test_trace_lists_model_calls_newest_first(screen: pygame.Surface, text: PixelText) -> None:
    panel = make_panel(text)
    click_tab(panel, screen, "trace")
    rows = [row_text(row) for row in panel.active.rows.rows]
    firsts = [words for words in rows if words.startswith("▶")]
    assert firsts == [
        "▶  9:14 am react  812 ms",
        "▶  9:05 am rate_importance  2412 ms",
        "▶  7:00 am day_plan  0.4 ms",
    ]
    assert "gpt-4o-mini · model · 310 → 45 tokens" in rows
    assert "offline brain · offline: no tokens" in rows
    assert "system:" not in shown(panel)  # prompts only show once a call is opened


def test_a_fallback_stands_out_with_its_reason(screen: pygame.Surface, text: PixelText) -> None:
    panel = make_panel(text)
    click_tab(panel, screen, "trace")
    rows = panel.active.rows.rows
    first = next(row for row in rows if "rate_importance" in row_text(row))
    assert ("rate_importance  ", ERROR) in first.segments and first.fill is not None
    why = [row for row in rows if row_text(row).startswith("fallback: ")]
    assert why and all(words and colour == ERROR for row in why for words, colour in row.segments)
    assert "fallback: the answer was not valid JSON" in shown(panel)
    react = next(row for row in rows if "react" in row_text(row))
    assert all(colour != ERROR for _, colour in react.segments)


def test_clicking_a_call_opens_and_folds_its_prompt_and_answer(
    screen: pygame.Surface, text: PixelText
) -> None:
    panel = make_panel(text)
    click_tab(panel, screen, "trace")
    tab = trace_tab(panel)
    newest, _, offline = tab.keys
    click_row(panel, screen, newest)
    assert "prompt (react.txt)" in shown(panel)
    assert "system: You decide how a person in a small town responds" in shown(panel)
    assert "user: Isabella Rodriguez is a cafe owner" in shown(panel)
    assert 'answer {"decision": "talk", "activity": "", "minutes": 0}' in shown(panel)
    assert "Answer as JSON." in shown(panel)
    click_row(panel, screen, newest)  # folds again
    assert "system:" not in shown(panel) and "answer {" not in shown(panel)
    click_row(panel, screen, offline)  # no raw answer: the parsed result
    assert 'parsed (no raw answer) {"items": ["wake up at 7 am"' in shown(panel)


def test_a_long_prompt_is_cut(screen: pygame.Surface, text: PixelText) -> None:
    panel = make_panel(text)
    click_tab(panel, screen, "trace")
    tab = trace_tab(panel)
    fallback = tab.keys[1]
    click_row(panel, screen, fallback)
    rows = [row for row in tab.rows.rows if row.key == fallback]
    words = [row_text(row) for row in rows]
    heading = next(i for i, line in enumerate(words) if line.startswith("prompt ("))
    assert f"first {PROMPT_LINES} of" in " ".join(words[heading : heading + 2])
    answer = next(i for i, line in enumerate(words) if line == "answer")
    assert words[answer - 1].endswith(" …")
    assert "customer 40" not in shown(panel)
    assert words[answer + 1] == "Sorry, I cannot rate these memories."
    tab.wheel(50)  # the open call scrolls
    panel.draw(screen)
    assert tab.rows.offset > 0


def test_an_empty_trace_says_so(screen: pygame.Surface, text: PixelText) -> None:
    panel = make_panel(text, resident=KLAUS)
    click_tab(panel, screen, "trace")
    assert shown(panel) == "No model calls yet."


def test_the_trace_polls_for_new_calls(screen: pygame.Surface, text: PixelText) -> None:
    port = FakePort()
    panel = make_panel(text, port)
    click_tab(panel, screen, "trace")
    before = port.calls["traces"]
    for _ in range(30):
        panel.update(1 / 60, NOW)
        panel.draw(screen)
    assert port.calls["traces"] == before  # not every frame
    port.add_trace(ISABELLA, offline_call(NOW, "choose_place"))
    panel.update(1.0, NOW)
    panel.draw(screen)
    firsts = [row_text(row) for row in panel.active.rows.rows if row_text(row)[:1] in "▶▼"]
    assert firsts[0] == "▶  9:30 am choose_place  0.0 ms" and len(firsts) == 4


def test_an_open_call_stays_put_while_new_calls_arrive(
    screen: pygame.Surface, text: PixelText
) -> None:
    port = FakePort()
    panel = make_panel(text, port)
    click_tab(panel, screen, "trace")
    tab = trace_tab(panel)
    fallback = tab.keys[1]
    click_row(panel, screen, fallback)
    tab.wheel(4)
    panel.draw(screen)
    top = row_text(tab.rows.rows[tab.rows.offset])
    for minute in range(3):
        port.add_trace(ISABELLA, offline_call(NOW.replace(minute=minute), "react"))
        panel.update(1.0, NOW)
        panel.draw(screen)
    assert row_text(tab.rows.rows[tab.rows.offset]) == top
    assert fallback in tab.expanded
