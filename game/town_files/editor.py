"""Editing a town: its residents and its scenario, in memory, checked against the map at
every change, written all at once by `save`.

    editor = TownEditor.open("the_ville_n3")
    problems = editor.put_resident(values)          # [] = accepted; else "field: problem"
    entry = editor.save("Ada's town")               # a bundled town becomes a user town

Values are plain data, as the JSON files hold them, so the game's forms (which know nothing
of the minds) can fill them in. A bundled town is never written: it is saved as a new town
in the user's towns folder.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from game.town.looks import default_look
from game.town_files.checks import (
    resident_problems,
    scenario_problems,
    values_problems,
)
from game.town_files.listing import TownEntry, entry_for, is_bundled, user_towns_dir
from game.town_files.loading import read_town_files
from game.town_files.problems import TownFileError, problem_lines
from game.town_files.residents import ResidentEntry
from game.town_files.scenario import NewsItem, Scenario
from game.town_files.serialise import town_texts
from game.town_files.town_json import TownJson
from game.town_files.writing import write_files
from game.world import TownMap

__all__ = ["TownEditor"]


class TownEditor:
    """An editable copy of one town's files (see the module's doc)."""

    def __init__(
        self,
        directory: Path,
        town_json: TownJson,
        entries: list[ResidentEntry],
        scenario: Scenario | None,
        town_map: TownMap,
    ) -> None:
        self.directory = directory
        self.bundled = is_bundled(directory)
        self.town_json = town_json
        self.entries = entries  # every entry of personas.json, residents or not
        self.scenario_model = scenario
        self.town_map = town_map
        self.dirty = False

    @classmethod
    def open(cls, town: str | Path) -> TownEditor:
        """The town `town` (a bundled town's name or a town folder); TownFileError when its
        files cannot be used."""
        files = read_town_files(town)
        assert files.town_map is not None  # read with the map
        return cls(
            files.directory, files.town_json, list(files.entries), files.scenario, files.town_map
        )

    @property
    def label(self) -> str:
        return self.town_json.town[:1].upper() + self.town_json.town[1:]

    @property
    def start(self) -> datetime:
        scenario = self.scenario_model
        return scenario.start if scenario and scenario.start else self.town_json.start

    # --- reading ----------------------------------------------------------------------------

    def places(self) -> dict[str, list[str]]:
        """Every sector on the map → its arenas."""
        return {sector: list(arenas) for sector, arenas in self.town_map.tree.outline().items()}

    def residents(self) -> list[dict[str, Any]]:
        by_name = {entry.name: entry for entry in self.entries}
        return [
            by_name[name].model_dump(mode="json")
            for name in self.town_json.residents
            if name in by_name
        ]

    def blank_resident(self) -> dict[str, Any]:
        """A new resident's starting values: a home nobody lives in if there is one."""
        lived_in = {(e.home_sector, e.home_arena) for e in self.entries}
        places = self.places()
        homes = [
            (sector, arena)
            for sector, arenas in places.items()
            if self.town_map.tree.sector(sector).kind == "home"
            for arena in arenas
        ] or [(sector, arena) for sector, arenas in places.items() for arena in arenas]
        free = [home for home in homes if home not in lived_in] or homes
        home_sector, home_arena = free[0] if free else ("", "")
        public = [s for s in places if self.town_map.tree.sector(s).kind == "public"]
        return {
            "name": "",
            "age": 30,
            "innate": "curious, kind",
            "learned": "",
            "currently": "",
            "lifestyle": "",
            "home_sector": home_sector,
            "home_arena": home_arena,
            "work_sector": public[0] if public else home_sector,
            "work_arena": None,
            "routine": {
                "wake_hour": 7,
                "sleep_hour": 23,
                "work_start_hour": 9,
                "work_end_hour": 17,
            },
            "relationships": {},
            "description": "",
            "look": None,
        }

    # --- residents --------------------------------------------------------------------------

    def check_resident(self, values: dict[str, Any], replacing: str | None = None) -> list[str]:
        """What is wrong with `values` as a resident of this town ("field: problem")."""
        return self._entry(values, replacing)[1]

    def _entry(
        self, values: dict[str, Any], replacing: str | None
    ) -> tuple[ResidentEntry | None, list[str]]:
        cleaned = {key: value for key, value in values.items()}
        if cleaned.get("look") is None and isinstance(cleaned.get("name"), str):
            cleaned["look"] = default_look(cleaned["name"]) if cleaned["name"] else None
        problems = []
        try:
            entry: ResidentEntry | None = ResidentEntry.model_validate(cleaned)
        except ValidationError as error:
            entry = None
            problems += problem_lines(error, cleaned, None)
        name = str(cleaned.get("name") or "")
        others = [e for e in self.entries if e.name != replacing]
        clash = next((e for e in others if name and e.name.casefold() == name.casefold()), None)
        if clash is not None:
            problems.append(f"name: {clash.name} already lives here (names are unique)")
        residents = [n for n in self.town_json.residents if n != replacing] + [name]
        before = next((e for e in self.entries if e.name == replacing), None)
        elsewhere = frozenset(before.relationships) if before is not None else frozenset()
        problems += values_problems(cleaned, self.town_map, residents, "", True, elsewhere)
        return (None if problems else entry), problems

    def put_resident(self, values: dict[str, Any], replacing: str | None = None) -> list[str]:
        """Add a resident, or replace the one called `replacing`; [] when accepted, else the
        problems, each "field: problem" (nothing changes)."""
        if replacing is not None and replacing not in self.town_json.residents:
            return [f"name: there is no resident called {replacing!r} to change"]
        entry, problems = self._entry(values, replacing)
        if entry is None:
            return problems
        if replacing is None:
            self.entries.append(entry)
            self.town_json.residents.append(entry.name)
        else:
            index = next(i for i, e in enumerate(self.entries) if e.name == replacing)
            self.entries[index] = entry
            if entry.name != replacing:
                self._rename(replacing, entry.name)
        self.dirty = True
        return []

    def _rename(self, old: str, new: str) -> None:
        residents = self.town_json.residents
        residents[residents.index(old)] = new
        for number, entry in enumerate(self.entries):
            if old in entry.relationships:
                relationships = {
                    (new if other == old else other): text
                    for other, text in entry.relationships.items()
                }
                self.entries[number] = entry.model_copy(update={"relationships": relationships})
        if self.scenario_model is not None:
            news = [
                item.model_copy(
                    update={
                        "seeds": [new if s == old else s for s in item.seeds],
                        "host": new if item.host == old else item.host,
                    }
                )
                for item in self.scenario_model.news
            ]
            self.scenario_model = self.scenario_model.model_copy(update={"news": news})

    def remove_resident(self, name: str) -> list[str]:
        """Remove `name` from the town, with everyone's relationships to them; scenario items
        they host, or only they know, go too."""
        if name not in self.town_json.residents:
            return [f"name: there is no resident called {name!r}"]
        self.town_json.residents.remove(name)
        self.entries = [
            entry.model_copy(update={"relationships": _without(entry.relationships, name)})
            for entry in self.entries
            if entry.name != name
        ]
        if self.scenario_model is not None:
            news = []
            for item in self.scenario_model.news:
                seeds = [seed for seed in item.seeds if seed != name]
                if item.host != name and seeds:
                    news.append(item.model_copy(update={"seeds": seeds}))
            self.scenario_model = self.scenario_model.model_copy(update={"news": news})
        self.dirty = True
        return []

    # --- the scenario -----------------------------------------------------------------------

    def scenario(self) -> dict[str, Any]:
        if self.scenario_model is None:
            start = self.town_json.start
            return {
                "title": self.town_json.town,
                "start": start.isoformat(),
                "run_until": (start + timedelta(days=2)).isoformat(),
                "news": [],
            }
        values = self.scenario_model.model_dump(mode="json", exclude_none=True)
        values["start"] = self.start.isoformat()
        return values

    def put_scenario_times(self, start: str, run_until: str) -> list[str]:
        values = self.scenario() | {"start": start, "run_until": run_until}
        return self._put_scenario(values)

    def _put_scenario(self, values: dict[str, Any]) -> list[str]:
        try:
            scenario = Scenario.model_validate(values)
        except ValidationError as error:
            return problem_lines(error, values, None, whole="scenario")
        problems = scenario_problems(
            scenario, self.town_map, self.town_json.residents, self.town_json.start
        )
        if problems:
            return [line.split(": ", 1)[1] for line in problems]
        self.scenario_model = scenario
        self.dirty = True
        return []

    def intentions(self) -> list[dict[str, Any]]:
        """Each news item as an intention: who intends what, where, when, who else knows."""
        items = self.scenario_model.news if self.scenario_model else []
        return [
            {
                "id": item.id,
                "host": item.host or item.seeds[0],
                "what": item.what or item.text,
                "place": item.event.place if item.event else "",
                "starts": item.event.starts.isoformat() if item.event else "",
                "ends": item.event.ends.isoformat() if item.event else "",
                "known_by": [s for s in item.seeds if s != (item.host or item.seeds[0])],
                "text": item.text,
            }
            for item in items
        ]

    def put_intention(self, values: dict[str, Any], replacing: str | None = None) -> list[str]:
        """Add an intention (host, what, place, starts, ends, known_by) or replace the item
        `replacing`; [] when accepted, else the problems."""
        host = str(values.get("host") or "")
        what = str(values.get("what") or "").strip()
        if not what:
            return ["what: say what they intend (e.g. 'a reading group')"]
        known = [str(name) for name in values.get("known_by") or [] if name != host]
        scenario = self.scenario()
        news = [item for item in scenario["news"] if item["id"] != replacing]
        old = next((item for item in scenario["news"] if item["id"] == replacing), None)
        item: dict[str, Any] = {
            "id": replacing or _new_id(what, {item["id"] for item in news}),
            "host": host or None,
            "what": what,
            "seeds": [host, *known] if host else known,
            "event": {
                "place": values.get("place"),
                "starts": values.get("starts"),
                "ends": values.get("ends"),
            },
        }
        if old is not None and "paper" in old:
            item["paper"] = old["paper"]
        try:
            NewsItem.model_validate(item)
        except ValidationError as error:
            return problem_lines(error, item, None)
        index = next(
            (i for i, found in enumerate(scenario["news"]) if found["id"] == replacing), None
        )
        news.insert(len(news) if index is None else index, item)
        return self._put_scenario(scenario | {"news": news})

    def remove_intention(self, id: str) -> list[str]:
        scenario = self.scenario()
        news = [item for item in scenario["news"] if item["id"] != id]
        if len(news) == len(scenario["news"]):
            return [f"id: the scenario has no item {id!r}"]
        return self._put_scenario(scenario | {"news": news})

    # --- saving -----------------------------------------------------------------------------

    def problems(self) -> list[str]:
        """Everything wrong with the town as edited (empty before a save can go ahead)."""
        lines = []
        residents = self.town_json.residents
        for number, entry in enumerate(self.entries):
            if entry.name in residents:
                lines += resident_problems(entry, number, self.town_map, residents)
        if not residents:
            lines.append("town.json: residents: a town needs at least one resident")
        if self.scenario_model is not None:
            lines += scenario_problems(
                self.scenario_model, self.town_map, residents, self.town_json.start
            )
        return lines

    def save(self, name: str | None = None) -> TownEntry:
        """Write the town (see the module's doc); TownFileError, nothing written, when it has
        problems or cannot be written. A bundled town needs `name`: the new town's."""
        problems = self.problems()
        if problems:
            raise TownFileError(problems)
        target = self._new_folder(name) if self.bundled else self.directory
        if name and name.strip():
            self.town_json = self.town_json.model_copy(update={"town": name.strip()})
        texts = town_texts(self.town_json, self.entries, self.scenario_model)
        write_files(target, texts)
        self.directory, self.bundled, self.dirty = target, False, False
        return entry_for(target)

    def _new_folder(self, name: str | None) -> Path:
        if not name or not name.strip():
            raise TownFileError(["name: give the new town a name (bundled towns stay as they are)"])
        slug = re.sub(r"[^a-z0-9]+", "_", name.strip().lower()).strip("_") or "town"
        target = user_towns_dir() / slug
        if target.exists():
            raise TownFileError([f"name: a town called {name.strip()!r} exists ({target})"])
        return target


def _without(relationships: dict[str, str], name: str) -> dict[str, str]:
    return {other: text for other, text in relationships.items() if other != name}


def _new_id(what: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", what.lower()).strip("-")[:40] or "item"
    base = re.sub(r"^(a|an|the)-", "", base) or "item"
    candidate, number = base, 1
    while candidate in taken:
        number += 1
        candidate = f"{base}-{number}"
    return candidate
