"""The report for readers beyond Markdown: `report.html`, report.md as one standalone page
(Python-Markdown with its tables extension, a little inline CSS, the plots shown inline from
the same folder), and `answers.csv`, every question asked and its answer."""

from __future__ import annotations

import csv
import html
from pathlib import Path

import markdown  # type: ignore[import-untyped, unused-ignore]

from game.evaluation.answers import Findings
from game.evaluation.interviews import KnowledgeAnswer

__all__ = ["CSV_COLUMNS", "html_page", "write_answers_csv", "write_html"]

CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; max-width: 62rem;
       margin: 2rem auto; padding: 0 1rem; line-height: 1.45; color: #222; }
table { border-collapse: collapse; margin: 0.8rem 0; font-size: 0.92rem; }
th, td { border: 1px solid #ccc; padding: 0.3rem 0.6rem; text-align: left; }
th { background: #f1f3f5; }
tr:nth-child(even) td { background: #fafafa; }
img { max-width: 100%; height: auto; margin: 0.5rem 0; }
blockquote { margin: 0.5rem 0; padding: 0.2rem 1rem; border-left: 4px solid #ced4da;
             color: #444; }
code { background: #f1f3f5; padding: 0 0.2rem; }
"""

CSV_COLUMNS = (
    "phase", "resident", "condition", "category", "question_id", "question", "answer",
    "judged_knows", "backed_by_memory", "hallucinated", "correct",
)  # fmt: skip


def html_page(text: str, title: str) -> str:
    """`text` (Markdown) as a standalone HTML page titled `title`. Raw HTML in the text (a
    resident's answer quoted) is shown as text, never run."""
    body = str(markdown.markdown(text.replace("<", "&lt;"), extensions=["tables"]))
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n<style>{CSS}</style>\n</head>\n"
        f"<body>\n{body}\n</body>\n</html>\n"
    )


def write_html(text: str, title: str, path: Path) -> Path:
    path.write_text(html_page(text, title), encoding="utf-8")
    return path


def _flag(value: bool | None) -> str:
    return "" if value is None else ("true" if value else "false")


def _knowledge_row(answer: KnowledgeAnswer) -> list[str]:
    return [
        answer.moment, answer.resident, "", answer.kind, answer.about, answer.question,
        answer.answer, _flag(answer.knows), _flag(answer.backed), _flag(answer.hallucinated), "",
    ]  # fmt: skip


def write_answers_csv(findings: Findings, path: Path) -> Path:
    """Every question and answer (`CSV_COLUMNS`): the knowledge interviews ("start", "end"),
    then the controlled interview ("controlled"); "true"/"false", blank where it does not
    apply (a controlled answer with no ground truth has no `correct`)."""
    with path.open("w", encoding="utf-8", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(CSV_COLUMNS)
        writer.writerows(_knowledge_row(answer) for answer in findings.knowledge)
        writer.writerows(
            [
                "controlled",
                a.resident,
                a.condition,
                a.category,
                a.question_id,
                a.question,
                a.answer,
                "",
                "",
                "",
                _flag(a.correct),
            ]
            for a in findings.controlled
        )
    return path
