"""The real town: the_ville with all 25 residents in their own sprites."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.play.app import DEFAULT_CHARACTERS, DEFAULT_MAP, App, AppOptions

pytestmark = pytest.mark.skipif(not DEFAULT_MAP.is_file(), reason="maps/the_ville.tmx missing")


@pytest.fixture(scope="module")
def ville() -> Iterator[App]:
    pygame.init()
    yield App.build(AppOptions(size=(640, 360)))
    pygame.quit()


def test_the_ville_opens_with_25_residents_in_their_sprites(ville: App) -> None:
    assert len(ville.population) == 25
    slugs = [resident.slug for resident in ville.population]
    if DEFAULT_CHARACTERS.is_dir():
        sheets = ville.scene.painter.sheets
        assert [s for s in slugs if sheets.is_placeholder(s)] == []


def test_every_resident_has_a_schedule_and_walks_to_work(ville: App) -> None:
    ville.view.speed.set(60)
    for _ in range(120):  # two game hours: 7:00 → 9:00
        ville.step(1 / 60)
    working = [r for r in ville.population if r.activity and r.activity.key.startswith("work@")]
    assert len(working) == 25
    ville.view.selected = ville.population.residents[0].name
    ville.step(1 / 60)  # the camera follows the selected resident
    assert ville.view.selected in {resident.name for resident, _ in ville.scene.placed}
