"""A town started on routes tests each endpoint behind the loading screen: one that fails is
left out, its steps start on the fallback route, and the town's first notices say so."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.bridge import RouteChoice, TownRecipe, route_settings
from game.play.app import AppOptions
from game.play.entry import load_town_with_screen


def test_an_unreachable_endpoint_is_left_out_and_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SMALLVILLE_DATA_DIR", str(tmp_path / "data"))
    routes = route_settings(
        RouteChoice(
            endpoints=["gone=base_url=http://127.0.0.1:9/v1,model=m"],
            routes=["importance=gone", "default=offline"],
        ),
        env={},
    )
    recipe = TownRecipe(
        town="the_ville_n3", embedder="hashing", routes=routes, memory_dir=tmp_path / "memory"
    )
    pygame.init()
    try:
        screen = pygame.display.set_mode((640, 360))
        options = AppOptions(minds=True, town="the_ville_n3", embedder="hashing")
        prepared = load_town_with_screen(screen, options, recipe=recipe)
        living = prepared.opened.living
        try:
            pool = living.stack.pool
            assert pool is not None
            notices = pool.take_notices()
            assert any(n.startswith("endpoints.gone: could not reach") for n in notices), notices
            assert pool.settings.route_of("rate_importance") == ("offline",)
        finally:
            living.close()
    finally:
        pygame.quit()
