"""What the player chose in a menu, as plain data. A menu sets `menu.choice`; the app reads it
(`menu.take_choice()`), acts, and closes or refreshes the menu. Menus never call the game."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.files.settings import UserSettings


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
    """Start a bundled town. `take_over`: the resident the player plays, or None to walk in
    as the visitor named here."""

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
)
