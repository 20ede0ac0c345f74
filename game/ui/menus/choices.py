"""What the player chose in a menu, as plain data. A menu sets `menu.choice`; the app reads it
(`menu.take_choice()`), acts, and closes or refreshes the menu. Menus never call the game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.files.settings import UserSettings

Values = dict[str, Any]  # a resident or an intention as plain data, as in the town's JSON


@dataclass(frozen=True)
class OpenNewTown:
    """Title → the new-town form."""


@dataclass(frozen=True)
class OpenLoad:
    """Title or pause → the load menu."""


@dataclass(frozen=True)
class OpenSettings:
    """Title or pause → the settings menu."""


@dataclass(frozen=True)
class NewTown:
    """Start a town (`town`: a bundled town's folder name or a user town's folder path).
    `take_over`: the resident the player plays, or None to walk in as the visitor named
    here."""

    town: str
    visitor_name: str
    visitor_description: str
    take_over: str | None = None


@dataclass(frozen=True)
class LoadSlot:
    """Load the slot `name`; `previous`: its save before the last (when the last is broken)."""

    name: str
    previous: bool = False


@dataclass(frozen=True)
class DeleteSlot:
    """Confirmed by the player; the app deletes it and gives the load menu the new list."""

    name: str


@dataclass(frozen=True)
class SaveSettings:
    """Write `settings` to the settings file; `api_key` is for this session only (typed in the
    menu, never written; None: use OPENAI_API_KEY)."""

    settings: UserSettings
    api_key: str | None = field(default=None, repr=False)


@dataclass(frozen=True)
class SaveAs:
    """Save the town now as the slot `name` (already checked with `check_slot_name`)."""

    name: str


@dataclass(frozen=True)
class Resume:
    """Close the pause menu and play on."""


@dataclass(frozen=True)
class Back:
    """Close this menu without doing anything (Esc, Back, Cancel)."""


@dataclass(frozen=True)
class QuitToTitle:
    """`save_first`: None = not asked yet (open the save prompt), True/False = answered."""

    save_first: bool | None = None


@dataclass(frozen=True)
class QuitGame:
    """`save_first`: None = not asked yet (open the save prompt), True/False = answered."""

    save_first: bool | None = None


@dataclass(frozen=True)
class EditTown:
    """New town → the town editor for `town` (a bundled town's id or a user town's folder)."""

    town: str


@dataclass(frozen=True)
class EditResident:
    """Town editor → the resident form for `name` (None: a new resident)."""

    name: str | None


@dataclass(frozen=True)
class PutResident:
    """Resident form OK: put `values` (as in personas.json) in the town, in place of the
    resident `replacing` (None: a new one). Nothing changes when the town refuses them."""

    values: Values
    replacing: str | None = None


@dataclass(frozen=True)
class RemoveResident:
    """Confirmed by the player: take `name` out of the town."""

    name: str


@dataclass(frozen=True)
class OpenScenario:
    """Town editor → the scenario form."""


@dataclass(frozen=True)
class PutScenarioTimes:
    """Scenario form Done: the town starts at `start` and runs until `run_until` (ISO)."""

    start: str
    run_until: str


@dataclass(frozen=True)
class EditIntention:
    """Scenario form → the intention form for the intention `id` (None: a new one)."""

    id: str | None


@dataclass(frozen=True)
class PutIntention:
    """Intention form OK: put `values` (host, what, place, starts, ends, known_by) in the
    scenario, in place of the intention `replacing` (None: a new one)."""

    values: Values
    replacing: str | None = None


@dataclass(frozen=True)
class RemoveIntention:
    """Confirmed by the player: take the intention `id` out of the scenario."""

    id: str


@dataclass(frozen=True)
class SaveTown:
    """Town editor Save: write the town's files; `name`: the new user town's name (asked when
    the town edited is a bundled one, which is never overwritten), else None."""

    name: str | None = None


Choice = (
    OpenNewTown
    | OpenLoad
    | OpenSettings
    | NewTown
    | LoadSlot
    | DeleteSlot
    | SaveSettings
    | SaveAs
    | Resume
    | Back
    | QuitToTitle
    | QuitGame
    | EditTown
    | EditResident
    | PutResident
    | RemoveResident
    | OpenScenario
    | PutScenarioTimes
    | EditIntention
    | PutIntention
    | RemoveIntention
    | SaveTown
)
