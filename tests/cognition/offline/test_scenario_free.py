"""The offline brain (and the steps and prompts every brain goes through) knows no town: no
resident's name, no proper name of a place on the map, no event of a bundled scenario — so a
town edited in data (another map, other residents, another event) is lived by the same rules.

What is looked for, read from the bundled towns and their map, never typed here:
- residents: every `saves/*/personas.json` name in full, its first name (4 letters or more)
  and its surname — whole words, case as written ("Isabella", "Moore");
- places: every sector of the towns' maps, and its capitalized runs ("Oak Hill", "The
  Willows") and capitalized words that are not plain English ("Hobbs", "Harvey") — whole
  words, case as written;
- news: every `saves/*/scenario.json` item's `carried_by` phrases and capitalized words of its
  text ("valentine", "open mic"), except residents, places, months, and the generic words of
  news any town may have (`GENERIC_NEWS`) — whole words, any case, a plural "s" allowed.

Where: the code of every .py file under cognition/offline/, cognition/steps/ and
cognition/prompts/ (names, attributes and string literals; docstrings and comments aside —
an example in documentation changes no behaviour), and the whole text of every prompt
template (cognition/prompts/*.txt: a model reads all of it).
"""

from __future__ import annotations

import ast
import calendar
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from game.world import load_town

ROOT = Path(__file__).resolve().parents[3]
SAVES = ROOT / "saves"
SEARCHED = ("cognition/offline", "cognition/steps", "cognition/prompts")
PROMPT_TEMPLATES = "cognition/prompts"

# Capitalized words of place names that are ordinary English ("Park" in "Johnson Park", "The
# Rose and Crown Pub"): on their own they say nothing about this town, so they are skipped
# as single words (the whole names and runs such as "Oak Hill" are still looked for).
PLAIN_ENGLISH = frozenset(
    {"The", "And", "For", "Of", "Park", "Cafe", "Town", "Square", "Rose", "Crown", "Pub", "Oak"}
    | {"Hill", "College", "Market", "Pharmacy", "Supply", "Store", "Dorm", "Artist", "Day"}
    | {"Night"}
)
# An event noun any town may have: a brain may know the word "party" as it knows "concert"
# (no rule is keyed to it: news is told by its fields). Every other word of the bundled
# scenarios' news ("mayor", "election", "published", "valentine", "open mic") is looked for.
GENERIC_NEWS = frozenset({"party"})
MONTHS_AND_DAYS = frozenset([*calendar.month_name[1:], *calendar.day_name])  # English: C locale
CAPITALIZED = re.compile(r"\b[A-Z][\w'-]*")


@dataclass(frozen=True)
class Term:
    text: str
    why: str  # where it comes from, for the failure message
    any_case: bool = False

    @property
    def pattern(self) -> re.Pattern[str]:
        words = r"\s+".join(re.escape(word) for word in self.text.split())
        plural = "s?" if self.any_case else ""
        flags = re.IGNORECASE if self.any_case else 0
        return re.compile(rf"(?<![\w-]){words}{plural}(?![\w-])", flags)


def bare(word: str) -> str:
    """ "Valentine's" → "Valentine"."""
    return re.sub(r"'s$", "", word)


def towns() -> list[Path]:
    return sorted(path.parent for path in SAVES.glob("*/town.json"))


def resident_names() -> set[str]:
    names: set[str] = set()
    for town in towns():
        data = json.loads((town / "personas.json").read_text(encoding="utf-8"))
        names |= {str(persona["name"]) for persona in data["personas"]}
    return names


@cache
def resident_terms() -> tuple[Term, ...]:
    terms: dict[str, Term] = {}
    for name in sorted(resident_names()):
        first, *_, last = name.split()
        why = f"a resident's name ({name})"
        for part in (name, first if len(first) >= 4 else "", last):
            if part and part not in PLAIN_ENGLISH and part not in terms:
                terms[part] = Term(part, why)
    return tuple(terms.values())


@cache
def sectors() -> tuple[str, ...]:
    maps = {json.loads((town / "town.json").read_text(encoding="utf-8"))["map"] for town in towns()}
    found: set[str] = set()
    for map_name in maps:
        found |= set(load_town(ROOT / map_name).tree.outline())
    return tuple(sorted(found))


def capitalized_runs(name: str) -> Iterator[list[str]]:
    """The runs of consecutive capitalized words of a name, possessives bare."""
    run: list[str] = []
    for word in name.split():
        if word[:1].isupper():
            run.append(bare(word))
            continue
        if run:
            yield run
        run = []
    if run:
        yield run


@cache
def place_terms() -> tuple[Term, ...]:
    terms: dict[str, Term] = {}
    for sector in sectors():
        why = f"a place on the map ({sector})"
        found = {bare(sector), bare(sector.removeprefix("The "))}
        for run in capitalized_runs(sector):
            found |= {
                " ".join(run[i:j]) for i in range(len(run)) for j in range(i + 2, len(run) + 1)
            }
            found |= {word for word in run if word not in PLAIN_ENGLISH}
        for text in sorted(found):
            terms.setdefault(text, Term(text, why))
    return tuple(terms.values())


@cache
def news_terms() -> tuple[Term, ...]:
    known = {t.text.lower() for t in (*resident_terms(), *place_terms())}
    known |= {part.lower() for name in resident_names() for part in name.split()}
    skipped = known | GENERIC_NEWS | {w.lower() for w in PLAIN_ENGLISH | MONTHS_AND_DAYS}
    terms: dict[str, Term] = {}
    for town in towns():
        scenario = town / "scenario.json"
        if not scenario.is_file():
            continue
        for item in json.loads(scenario.read_text(encoding="utf-8"))["news"]:
            why = f"news {item['id']!r} of {town.name}"
            phrases = [phrase for alternative in item["carried_by"] for phrase in alternative]
            phrases += [bare(word) for word in CAPITALIZED.findall(item["text"])]
            for phrase in phrases:
                text = phrase.strip().lower()
                if text and text not in skipped:
                    terms.setdefault(text, Term(text, why, any_case=True))
    return tuple(terms.values())


def searched_files() -> list[Path]:
    files = {path for folder in SEARCHED for path in (ROOT / folder).rglob("*.py")}
    files |= set((ROOT / PROMPT_TEMPLATES).rglob("*.txt"))
    return sorted(files)


def code_texts(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of the code's names, attributes and string literals; docstrings (and
    other bare strings standing as statements) and comments aside."""
    tree = ast.parse(source)
    documentation = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in documentation:
                yield node.lineno, node.value
        elif isinstance(node, ast.Name):
            yield node.lineno, node.id.replace("_", " ")
        elif isinstance(node, ast.Attribute):
            yield node.lineno, node.attr.replace("_", " ")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node.lineno, node.name.replace("_", " ")
        elif isinstance(node, ast.arg):
            yield node.lineno, node.arg.replace("_", " ")


def texts_of(path: Path) -> Iterator[tuple[int, str]]:
    source = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        yield from code_texts(source)
    else:
        yield from enumerate(source.splitlines(), start=1)


def one_pattern(terms: list[Term]) -> re.Pattern[str] | None:
    """Every term's pattern as one alternation (longest first, so a full name is reported
    rather than a part of it): a text is read once, not once per term."""
    if not terms:
        return None
    ordered = sorted(terms, key=lambda term: (-len(term.text), term.text))
    flags = re.IGNORECASE if terms[0].any_case else 0
    return re.compile("|".join(f"(?:{term.pattern.pattern})" for term in ordered), flags)


def term_of(found: str, terms: dict[str, Term]) -> Term:
    """The term a match of `one_pattern` is (whitespace as in the term; any case and a plural
    "s" for news)."""
    text = " ".join(found.split())
    if text in terms:
        return terms[text]
    lowered = text.lower()
    return terms.get(lowered) or terms[lowered.removesuffix("s")]


def offences() -> list[str]:
    terms: dict[str, Term] = {}
    for term in (*resident_terms(), *place_terms(), *news_terms()):
        terms.setdefault(term.text, term)  # a name that is also a place: said once
    patterns = [
        one_pattern([term for term in terms.values() if term.any_case is any_case])
        for any_case in (False, True)
    ]
    found: set[str] = set()
    for path in searched_files():
        where = path.relative_to(ROOT).as_posix()
        for line, text in texts_of(path):
            for pattern in patterns:
                for match in pattern.finditer(text) if pattern else ():
                    at = line + text[: match.start()].count("\n")
                    why = term_of(match.group(0), terms).why
                    found.add(f"{where}:{at}: {match.group(0)!r} ({why})")
    return sorted(found)


def test_the_terms_come_from_the_bundled_towns() -> None:
    """The lists are read from the data, and hold what the paper's town is known by."""
    assert {"the_ville_n25", "the_ville_n3"} <= {town.name for town in towns()}
    residents = {term.text for term in resident_terms()}
    assert {"Isabella Rodriguez", "Isabella", "Rodriguez", "Sam Moore", "Moore"} <= residents
    assert "Sam" not in residents  # a first name shorter than 4 letters
    places = {term.text for term in place_terms()}
    assert {"Hobbs Cafe", "Hobbs", "Oak Hill", "Oak Hill College", "Town Square"} <= places
    assert "Park" not in places and "Cafe" not in places  # plain English on their own
    news = {term.text for term in news_terms()}
    assert "valentine" in news
    assert not news & GENERIC_NEWS and "isabella" not in news and "hobbs cafe" not in news


def test_the_search_finds_a_name_in_code_and_skips_documentation() -> None:
    source = '"""Isabella throws a party."""\n# at Hobbs Cafe\nHOST = "Isabella"\n'
    texts = list(code_texts(source))
    assert (3, "Isabella") in texts and not any("Hobbs" in text for _, text in texts)
    assert (1, "Isabella throws a party.") not in texts
    valentine = next(term for term in news_terms() if term.text == "valentine")
    assert valentine.pattern.search("VALENTINES") and not valentine.pattern.search("valentinex")


def test_no_town_in_the_offline_brain_the_steps_or_the_prompts() -> None:
    found = offences()
    assert not found, "scenario-specific words in the minds' code:\n" + "\n".join(found)


def test_the_one_pattern_finds_every_term_as_itself() -> None:
    """Each term, said in a sentence, is found by the one pattern and named as that term."""
    terms: dict[str, Term] = {}
    for term in (*resident_terms(), *place_terms(), *news_terms()):
        terms.setdefault(term.text, term)
    for any_case in (False, True):
        chosen = [term for term in terms.values() if term.any_case is any_case]
        pattern = one_pattern(chosen)
        assert pattern is not None
        for term in chosen:
            said = term.text.upper() + "S" if any_case else term.text
            match = pattern.search(f"we met {said}, then left")
            assert match is not None and term_of(match.group(0), terms) is term, term.text
    assert one_pattern([]) is None
