"""The report's parts on the town's talk (`talk.py`) and its targets (`targets.py`): their
keys of evaluation.json (`talk`, `targets`) and their sections of report.md."""

from __future__ import annotations

from typing import Any

from game.evaluation.talk import REPEAT_LIMIT, Talk, TalkFigures
from game.evaluation.targets import Target

__all__ = ["talk_json", "talk_section", "targets_json", "targets_section"]

TALK_RULE = (
    "the same line: equal text once whitespace is collapsed and case folded; repeated: said "
    f"more than {REPEAT_LIMIT} times in one game day, town-wide; nested: a quote in a quote or "
    "a report inside a report (game/evaluation/talk.py)"
)


PHRASING_RULE = (
    "a line's form: its text with people's names and numbers blanked, whitespace collapsed, "
    "case folded; template share: lines whose form another line shares; stock greetings and "
    "goodbyes: a conversation's opening line or a speaker's last line whose form another "
    "line shares (game/evaluation/templates.py)"
)


def _figures_json(figures: TalkFigures) -> dict[str, Any]:
    return {
        "day": None if figures.day is None else figures.day.isoformat(),
        "lines": figures.lines,
        "distinct": figures.distinct,
        "distinct_share": round(figures.distinct_share, 4),
        "top_line": figures.top_line,
        "top_count": figures.top_count,
        "repeated_count": len(figures.repeated),
        "repeated": [{"line": line, "count": count} for line, count in figures.repeated],
        "nested": figures.nested,
        "nested_examples": list(figures.nested_examples),
    }


def talk_json(talk: Talk) -> dict[str, Any]:
    """evaluation.json's `talk`: per game day and over the run (`overall`, whose `repeated`
    are the lines repeated on at least one day, with their most times in a day)."""
    return {
        "rule": TALK_RULE,
        "repeat_limit": REPEAT_LIMIT,
        "days": [_figures_json(day) for day in talk.days],
        "overall": _figures_json(talk.overall),
        "max_daily_count": talk.max_daily_count,
        "phrasing": {
            "rule": PHRASING_RULE,
            "template_share": round(talk.phrasing.template_share, 4),
            "stock_share": round(talk.phrasing.stock_share, 4),
            "templated": talk.phrasing.templated,
            "stock": talk.phrasing.stock,
            "top_forms": [{"form": f, "count": c} for f, c in talk.phrasing.top_forms],
        },
        "groups": {
            "conversations": talk.groups.conversations,
            "groups": talk.groups.groups,
            "mean_members": round(talk.groups.mean_members, 2),
            "largest": talk.groups.largest,
            "lines": talk.groups.lines,
        },
    }


def targets_json(targets: tuple[Target, ...]) -> dict[str, Any]:
    return {
        "passed": sum(1 for target in targets if target.passed),
        "of": len(targets),
        "targets": [target.to_dict() for target in targets],
    }


def _clip(text: str, limit: int = 90) -> str:
    flat = " ".join(text.split()).replace("|", "\\|")
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _row(label: str, figures: TalkFigures) -> str:
    top = f"{_clip(figures.top_line)} ({figures.top_count}×)" if figures.lines else "—"
    return (
        f"| {label} | {figures.lines} | {figures.distinct} | {figures.distinct_share:.0%} | "
        f"{top} | {len(figures.repeated)} | {figures.nested} |"
    )


def talk_section(by: str, talk: Talk) -> list[str]:
    """report.md's section on the talk (`by`: the brain or model)."""
    lines = [
        "## Talk",
        "",
        f"Every line said in conversation (by **{by}**), per game day. The same line: equal "
        f"text, whitespace and case aside; *repeated*: said more than {REPEAT_LIMIT} times in "
        "one game day, town-wide (the target: none); *nested*: a quote inside a quote, or a "
        'report inside a report ("Maria told me that Isabella said …"; the rule: '
        "`game/evaluation/talk.py`).",
        "",
        "| game day | lines | distinct | distinct share | most repeated line | "
        f"lines said > {REPEAT_LIMIT}× | nested |",
        "|---|---|---|---|---|---|---|",
    ]
    lines += [_row(f"{day.day:%a %b %d}", day) for day in talk.days if day.day is not None]
    lines += [_row("the whole run", talk.overall), ""]
    phrasing = talk.phrasing
    if phrasing.lines:
        lines += [
            f"Templates: {phrasing.template_share:.0%} of lines share their form with another "
            "once names and numbers are blanked; stock greetings and goodbyes are "
            f"{phrasing.stock_share:.0%} of lines (`game/evaluation/templates.py`).",
            "",
        ]
    groups = talk.groups
    if groups.groups:
        lines += [
            f"Group conversations (three or more people): {groups.groups} of "
            f"{groups.conversations}, {groups.mean_members:.1f} people on average, the largest "
            f"{groups.largest}; {groups.lines} lines said in groups.",
            "",
        ]
    repeated = talk.overall.repeated
    if repeated:
        lines += [f"Said more than {REPEAT_LIMIT} times in a day (the most times in a day):", ""]
        lines += [f"- {count}×: {_clip(line, 200)}" for line, count in repeated[:5]]
        if len(repeated) > 5:
            lines.append(f"- … and {len(repeated) - 5} more")
        lines.append("")
    if talk.overall.nested_examples:
        lines += ["Nested, for example:", ""]
        lines += [f"> {_clip(line, 300)}\n" for line in talk.overall.nested_examples]
    return lines


def targets_section(targets: tuple[Target, ...]) -> list[str]:
    passed = sum(1 for target in targets if target.passed)
    lines = [
        "## Targets",
        "",
        f"{passed} of {len(targets)} passed.",
        "",
        "| target | measured by | this run | |",
        "|---|---|---|---|",
    ]
    lines += [
        f"| {t.target} | {t.measured_by} | {_clip(t.value, 160)} | "
        f"{'pass' if t.passed else '**fail**'} |"
        for t in targets
    ]
    return [*lines, ""]
