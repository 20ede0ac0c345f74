"""Editing a town from the title screen: acts on the town editor's menus (the residents list,
the resident form, the scenario and intention forms) by calling the bridge's `TownEditor`.

    editing = TownEditing(text, panels, on_saved=lambda entry: ...)
    editing.open("the_ville_n3", new_town_menu)     # the editor over New town
    if editing.handles(menu):
        editing.act(menu, choice)                    # each frame, for each menu's choice

The menus hold plain data and never call the game; here each choice becomes one editor call
(`put_resident`, `remove_resident`, `put_scenario_times`, `put_intention`, `remove_intention`,
`save`). A change the town refuses leaves the form open with the problems on it and changes
nothing; an accepted one closes the form and refreshes the list under it. Nothing reaches the
disk until Save, which writes every file at once (a bundled town becomes the player's own).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timedelta

from game.render.text import PixelText
from game.town_files import TownEditor, TownEntry, TownFileError
from game.ui.menus import (
    Back,
    EditIntention,
    EditResident,
    IntentionForm,
    MenuPanel,
    OpenScenario,
    PutIntention,
    PutResident,
    PutScenarioTimes,
    RemoveIntention,
    RemoveResident,
    ResidentForm,
    SaveTown,
    ScenarioForm,
    TownEditorMenu,
)
from game.ui.panels import PanelStack

EDITING_MENUS = (TownEditorMenu, ResidentForm, ScenarioForm, IntentionForm)
MOST_DAYS = 14  # the intention form offers at most this many days


def first_lines(error: TownFileError, most: int = 4) -> str:
    """The first few of an error's problems, one a line."""
    lines = list(error.problems[:most])
    if len(error.problems) > most:
        lines.append(f"… and {len(error.problems) - most} more")
    return "\n".join(lines)


def refused(form: MenuPanel, problems: list[str]) -> bool:
    """True when the town refused a form's change: the problems are shown on the form, which
    stays open. An accepted change closes the form."""
    if problems:
        if isinstance(form, ResidentForm | ScenarioForm | IntentionForm):
            form.show_problems(problems)
        return True
    form.closed = True
    return False


def scenario_days(start: str, run_until: str) -> list[date]:
    """The days a scenario covers (from its start to its last minute), at most `MOST_DAYS`."""
    try:
        first, last = datetime.fromisoformat(start), datetime.fromisoformat(run_until)
    except ValueError:
        return []
    end = max(first, last - timedelta(minutes=1)).date()
    days: list[date] = []
    day = first.date()
    while day <= end and len(days) < MOST_DAYS:
        days.append(day)
        day += timedelta(days=1)
    return days


class TownEditing:
    """The town being edited (one at a time) and its menus in `panels`. `on_saved` gets the
    town as listed after each save (the title refreshes New town with it)."""

    def __init__(
        self, text: PixelText, panels: PanelStack, on_saved: Callable[[TownEntry], None]
    ) -> None:
        self.text = text
        self.panels = panels
        self.on_saved = on_saved
        self.editor: TownEditor | None = None
        self.menu: TownEditorMenu | None = None

    def open(self, town: str, asked_from: MenuPanel) -> None:
        """The editor for `town` over `asked_from` (which says why when it cannot be)."""
        try:
            editor = TownEditor.open(town)
        except TownFileError as error:
            asked_from.say(f"This town cannot be edited: {first_lines(error)}")
            return
        self.editor = editor
        self.menu = TownEditorMenu(
            self.text, editor.label, editor.residents(), editor.bundled, editor.dirty
        )
        self.panels.open(self.menu)

    @staticmethod
    def handles(menu: MenuPanel) -> bool:
        return isinstance(menu, EDITING_MENUS)

    def act(self, menu: MenuPanel, choice: object) -> None:
        editor = self.editor
        if editor is None:  # the editor was closed under this menu
            menu.closed = True
            return
        match choice:
            case EditResident(name=name):
                self._resident_form(editor, name)
            case PutResident(values=values, replacing=replacing):
                self._put_resident(editor, menu, dict(values), replacing)
            case RemoveResident(name=name):
                self._remove_resident(editor, menu, name)
            case OpenScenario():
                form = ScenarioForm(self.text, editor.scenario(), editor.intentions())
                self.panels.open(form)
            case PutScenarioTimes(start=start, run_until=run_until):
                self._put_times(editor, menu, start, run_until)
            case EditIntention(id=id):
                self._intention_form(editor, id)
            case PutIntention(values=values, replacing=replacing):
                self._put_intention(editor, menu, dict(values), replacing)
            case RemoveIntention(id=id):
                problems = editor.remove_intention(id)
                if isinstance(menu, ScenarioForm):
                    if problems:
                        menu.show_problems(problems)
                    else:
                        menu.set_intentions(editor.intentions())
                        menu.say("The intention is gone.", "info")
                self._refresh(editor)
            case SaveTown(name=name):
                self._save(editor, menu, name)
            case Back():
                menu.closed = True
                if menu is self.menu:
                    self.editor = self.menu = None

    # --- residents ------------------------------------------------------------------------

    def _names(self, editor: TownEditor) -> list[str]:
        return [str(resident["name"]) for resident in editor.residents()]

    def _resident_form(self, editor: TownEditor, name: str | None) -> None:
        residents = {str(r["name"]): r for r in editor.residents()}
        values = residents.get(name) if name is not None else editor.blank_resident()
        if values is None:  # gone meanwhile
            self._refresh(editor)
            return
        self.panels.open(ResidentForm(self.text, values, editor.places(), list(residents), name))

    def _put_resident(
        self,
        editor: TownEditor,
        form: MenuPanel,
        values: dict[str, object],
        replacing: str | None,
    ) -> None:
        if refused(form, editor.put_resident(values, replacing)):
            return
        name = str(values.get("name", ""))
        self._refresh(editor, selected=name)
        if self.menu is not None:
            done = "added" if replacing is None else "changed"
            self.menu.say(f"{name} {done}: Save to keep it.", "good")

    def _remove_resident(self, editor: TownEditor, menu: MenuPanel, name: str) -> None:
        problems = editor.remove_resident(name)
        self._refresh(editor)
        if problems:
            menu.say("\n".join(problems))
        else:
            menu.say(f"{name} is no longer in the town: Save to keep it.", "info")

    # --- the scenario ---------------------------------------------------------------------

    def _put_times(self, editor: TownEditor, form: MenuPanel, start: str, run_until: str) -> None:
        if refused(form, editor.put_scenario_times(start, run_until)):
            return
        self._refresh(editor)
        if self.menu is not None:
            self.menu.say("The scenario's times are set: Save to keep them.", "good")

    def _intention_form(self, editor: TownEditor, id: str | None) -> None:
        intentions = editor.intentions()
        values = next((i for i in intentions if i.get("id") == id), None)
        if id is not None and values is None:
            return
        scenario = editor.scenario()
        days = scenario_days(str(scenario.get("start", "")), str(scenario.get("run_until", "")))
        taken = [str(i.get("id")) for i in intentions]
        sectors = sorted(editor.places())
        form = IntentionForm(self.text, values, self._names(editor), sectors, days, taken)
        self.panels.open(form)

    def _put_intention(
        self,
        editor: TownEditor,
        form: MenuPanel,
        values: dict[str, object],
        replacing: str | None,
    ) -> None:
        before = {str(i.get("id")) for i in editor.intentions()}
        if refused(form, editor.put_intention(values, replacing)):
            return
        intentions = editor.intentions()
        added = [str(i.get("id")) for i in intentions if str(i.get("id")) not in before]
        scenario = self.panels.find(ScenarioForm)
        if isinstance(scenario, ScenarioForm):
            scenario.set_intentions(intentions, selected=added[0] if added else replacing)
            scenario.say(f"{values.get('host')} plans {values.get('what')}.", "good")
        self._refresh(editor)

    # --- saving ---------------------------------------------------------------------------

    def _save(self, editor: TownEditor, menu: MenuPanel, name: str | None) -> None:
        try:
            entry = editor.save(name)
        except TownFileError as error:
            menu.say(f"Not saved: {first_lines(error)}")
            return
        if isinstance(menu, TownEditorMenu):
            menu.set_town(entry.label, entry.bundled)
        self._refresh(editor)
        if self.menu is not None:
            self.menu.say(f"Saved: {entry.label} is in New town.", "good")
        self.on_saved(entry)

    def _refresh(self, editor: TownEditor, selected: str | None = None) -> None:
        if self.menu is not None:
            self.menu.set_residents(editor.residents(), editor.dirty, selected)


__all__ = ["EDITING_MENUS", "TownEditing", "first_lines", "refused", "scenario_days"]
