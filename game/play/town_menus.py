"""The menus over a running town (composition): the pause menu (Esc), saving into a named
slot and the autosave, loading another save, the settings, and leaving with a save prompt.

`App` owns one `TownMenus` when the town has minds. The menus only set plain-data choices
(`game.ui.menus.choices`); this module acts on them: it asks the `TownAutosaver` for saves
(snapshotted between frames, written on a worker thread, the clock running on), writes the settings
file, and sets `leaving` when the player leaves the town — to the title, out of the game, or
into another save, which `game.play.flow` then opens (the current town stays intact until the
other one has loaded).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from game.bridge import TownAutosaver, environment_api_key
from game.files.logs import remember_secret
from game.files.settings import SettingsError, UserSettings
from game.files.settings import save as save_settings
from game.render.text import PixelText
from game.saves import SaveError, SaveSlots
from game.ui.menus import (
    Back,
    DeleteSlot,
    LoadMenu,
    LoadSlot,
    MenuPanel,
    OpenLoad,
    OpenSettings,
    PauseMenu,
    QuitGame,
    QuitToTitle,
    Resume,
    SaveAs,
    SavePrompt,
    SaveSettings,
    SettingsMenu,
)
from game.ui.menus.settings_menu import ConnectionTester
from game.ui.panels import PanelStack

Notify = Callable[[str, str], None]  # (message, kind: "info" | "good" | "error")
AUTOSAVE_SLOT = "autosave"


@dataclass(frozen=True)
class LeaveTown:
    """How the player leaves a town: `to` the title, out of the game (`quit`), or into the
    save `slot` (`load`; `previous`: that slot's save before its last)."""

    to: Literal["title", "quit", "load"]
    slot: str | None = None
    previous: bool = False


@dataclass
class PlayerSettings:
    """The settings of this game session: what the file holds, the API key typed in the
    settings menu (memory only, never written), and a warning from reading the file."""

    settings: UserSettings
    api_key: str | None = None
    warning: str | None = None
    tester: ConnectionTester | None = None
    write: Callable[[UserSettings], object] = save_settings

    def apply(self, choice: SaveSettings) -> str | None:
        """Write the chosen settings; None when written, else why not (nothing changes)."""
        try:
            self.write(choice.settings)
        except SettingsError as error:
            return str(error)
        self.settings = choice.settings
        self.api_key = choice.api_key
        remember_secret(choice.api_key)  # the log blanks it wherever it appears
        self.warning = None
        return None

    def menu(self, text: PixelText, over_town: bool) -> SettingsMenu:
        return SettingsMenu(
            text,
            self.settings,
            self.api_key,
            self.tester,
            environment_key=environment_api_key() is not None,
            over_town=over_town,
            warning=self.warning,
        )


class TownMenus:
    """Esc → the pause menu; the window's close button → "Save before quitting?"."""

    def __init__(
        self,
        panels: PanelStack,
        text: PixelText,
        saver: TownAutosaver,
        player_settings: PlayerSettings,
        notify: Notify,
        *,
        slot: str | None = None,
        town_labels: Mapping[str, str] | None = None,
        on_settings: Callable[[UserSettings], None] | None = None,
    ) -> None:
        self.panels = panels
        self.text = text
        self.saver = saver
        self.player_settings = player_settings
        self.notify = notify
        self.slot = slot  # the slot this town was loaded from or last saved as
        self.town_labels = dict(town_labels or {})
        self.on_settings = on_settings or (lambda settings: None)
        self.leaving: LeaveTown | None = None
        self._leave_after_save: LeaveTown | None = None
        self._load_after_save: LeaveTown | None = None  # a save to load once ours is written

    @property
    def slots(self) -> SaveSlots:
        return self.saver.slots

    # --- opening menus ----------------------------------------------------------------------

    def open_pause(self) -> None:
        self.panels.open(PauseMenu(self.text, self.slot or "", over_town=True))

    def ask_quit(self, to_title: bool = False) -> None:
        """The save prompt; asked a second time (the close button again), quit at once."""
        prompt = self.panels.find(SavePrompt)
        if prompt is not None and not to_title:
            self.leaving = LeaveTown("quit")
            return
        where = self.slot or AUTOSAVE_SLOT
        self.panels.open(
            SavePrompt(self.text, to_title, f"The town will be saved as {where}.", True)
        )

    def open_load(self, error: str = "") -> None:
        self.panels.open(
            LoadMenu(
                self.text, self.slots.list(), error, over_town=True, town_labels=self.town_labels
            )
        )

    # --- each frame -------------------------------------------------------------------------

    def update(self, now: datetime) -> None:
        """Act on the menus' choices (a save asked for starts at the next `tick_saves`)."""
        for menu in [p for p in self.panels if isinstance(p, MenuPanel)]:
            choice = menu.take_choice()
            if choice is not None:
                self.act(menu, choice)

    def tick_saves(self, now: datetime) -> None:
        """Let the saver go on (each frame, before the population's update: see
        `TownAutosaver.tick`) and tell how a save went."""
        message = self.saver.tick(now)
        if message is not None:
            self._saved(message)
        if self._load_after_save is not None and not self.saver.saving:
            self.leaving, self._load_after_save = self._load_after_save, None

    @property
    def saving(self) -> bool:
        """True while a save is being taken or written."""
        return self.saver.saving

    def act(self, menu: MenuPanel, choice: object) -> None:
        match choice:
            case Resume() | Back():
                menu.closed = True
            case SaveAs(name=name):
                self.saver.request(name)
                menu.say(f"Saving {name}...", "info")
            case OpenLoad():
                self.open_load()
            case OpenSettings():
                self.panels.open(self.player_settings.menu(self.text, over_town=True))
            case SaveSettings():
                self._save_settings(menu, choice)
            case LoadSlot(name=name, previous=previous):
                if self.saver.saving:  # never read a slot while it may be swapped in
                    self._load_after_save = LeaveTown("load", name, previous)
                    menu.say("Finishing the save first...", "info")
                else:
                    self.leaving = LeaveTown("load", name, previous)
            case DeleteSlot(name=name):
                self._delete(menu, name)
            case QuitToTitle(save_first=None):
                self.ask_quit(to_title=True)
            case QuitGame(save_first=None):
                self.ask_quit(to_title=False)
            case QuitToTitle(save_first=save) | QuitGame(save_first=save):
                leave = LeaveTown("title" if isinstance(choice, QuitToTitle) else "quit")
                if save:
                    self._leave_after_save = leave
                    self.saver.request(self.slot or AUTOSAVE_SLOT, leaving=True)
                    menu.say("Saving...", "info")
                else:
                    self.leaving = leave

    def _saved(self, message: str) -> None:
        ok = bool(self.saver.last_ok)
        if ok and self.saver.last_slot != AUTOSAVE_SLOT:
            self.slot = self.saver.last_slot
        for menu in self.panels:
            if isinstance(menu, PauseMenu | SavePrompt):
                menu.say(message, "good" if ok else "error")
        self.notify(message, "good" if ok else "error")
        leave, self._leave_after_save = self._leave_after_save, None
        if leave is not None and ok:
            self.leaving = leave

    def _save_settings(self, menu: MenuPanel, choice: SaveSettings) -> None:
        problem = self.player_settings.apply(choice)
        if problem is not None:
            menu.say(problem)
            return
        self.saver.set_interval(choice.settings.autosave_minutes)
        self.on_settings(choice.settings)
        menu.closed = True
        self.notify("Settings saved. A new brain drives the next town you start or load.", "good")

    def _delete(self, menu: MenuPanel, name: str) -> None:
        if delete_slot(self.slots, menu, name) and self.slot == name:
            self.slot = None


def delete_slot(slots: SaveSlots, menu: MenuPanel, name: str) -> bool:
    """Delete the slot the player confirmed and show the load menu the new list (or why it
    could not be deleted); True when it was deleted."""
    try:
        slots.delete(name)
    except (SaveError, OSError) as error:
        problem = f"Could not delete {name}: {error}"
    else:
        problem = ""
    if isinstance(menu, LoadMenu):
        menu.set_slots(slots.list(), problem)
    return not problem
