from __future__ import annotations

from game.render.camera import Camera


def test_camera_clamps_to_the_map_edges() -> None:
    camera = Camera(1920, 1440, 1280, 720, zoom=2)
    camera.look_at(-500, -500)
    assert camera.origin == (0, 0)
    camera.look_at(99_999, 99_999)
    assert camera.origin == (1920 * 2 - 1280, 1440 * 2 - 720)


def test_a_map_smaller_than_the_window_is_centred() -> None:
    camera = Camera(320, 160, 1280, 720, zoom=1)
    camera.pan(400, 400)
    assert camera.origin == (-(1280 - 320) // 2, -(720 - 160) // 2)


def test_zoom_keeps_the_point_under_the_mouse() -> None:
    camera = Camera(1920, 1440, 1280, 720, zoom=2)
    camera.look_at(960, 720)
    before = camera.screen_to_map(700, 300)
    camera.set_zoom(3, anchor=(700, 300))
    after = camera.screen_to_map(700, 300)
    assert abs(before[0] - after[0]) < 1 and abs(before[1] - after[1]) < 1


def test_zoom_stays_between_one_and_four() -> None:
    camera = Camera(1920, 1440, zoom=9)
    assert camera.zoom == 4
    camera.set_zoom(0)
    assert camera.zoom == 1


def test_map_and_screen_coordinates_round_trip() -> None:
    camera = Camera(1920, 1440, 1280, 720, zoom=2)
    camera.look_at(800, 600)
    assert camera.screen_to_map(*camera.map_to_screen(812, 640)) == (812, 640)


def test_resize_reclamps() -> None:
    camera = Camera(1920, 1440, 640, 480, zoom=1)
    camera.look_at(1920, 1440)
    camera.resize(1600, 1200)
    assert camera.origin == (1920 - 1600, 1440 - 1200)
