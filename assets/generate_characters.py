"""Draw the 26 character sprite sheets, their portraits and index.json, deterministically.

The drawing code and the cast live in the game (`game/render/figure/`, `game/town/cast.py`),
which draws players' own looks with the same code at run time.

    uv run python assets/generate_characters.py          # writes assets/characters/
    uv run python assets/generate_characters.py --contact  # also out/characters_contact.png

Sheet contract: 16×24 frames, 4 columns × 5 rows (64×120 px), transparent RGBA.
Rows 0–3 face down, left, right, up; column 0 stands, columns 1–3 walk (step, pass, step).
Row 4 holds special poses: sleeping, sitting, talking/waving, reading/working.
Feet rest on y = 23; the renderer adds the shadow.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from assets.characters_sprite import FRAME_H, FRAME_W, ROWS, SPECIAL, draw_portrait, draw_sheet
from game.render.figure.canvas import Canvas
from game.town.cast import CAST

ROOT = Path(__file__).resolve().parent
DEFAULT_OUT = ROOT / "characters"
CONTACT = ROOT.parent / "out" / "characters_contact.png"


def index_document() -> dict[str, object]:
    rows: dict[str, object] = {name: row for name, row in ROWS.items() if name != "special"}
    rows["special"] = {"row": ROWS["special"], "columns": list(SPECIAL)}
    return {
        "frame_width": FRAME_W,
        "frame_height": FRAME_H,
        "columns": 4,
        "walk_columns": {"idle": 0, "step_left": 1, "pass": 2, "step_right": 3},
        "rows": rows,
        "characters": [
            {
                "name": look.name,
                "slug": look.slug,
                "sheet": f"{look.slug}.png",
                "portrait": f"portraits/{look.slug}.png",
                "look": look.description,
            }
            for look in CAST
        ],
    }


def contact_sheet(scale: int = 4) -> Canvas:
    """All sheets side by side on a checked grass backdrop, for looking at the art."""
    cols, pad = 9, 4
    cell_w, cell_h = 64 + pad, 120 + 32 + pad * 2
    rows = (len(CAST) + cols - 1) // cols
    out = Canvas(cols * cell_w, rows * cell_h)
    checks = ((120, 168, 104, 255), (132, 178, 114, 255))
    out.px = [[checks[(x // 8 + y // 8) % 2] for x in range(out.width)] for y in range(out.height)]
    for i, look in enumerate(CAST):
        x, y = (i % cols) * cell_w + pad // 2, (i // cols) * cell_h + pad // 2
        out.blit(draw_sheet(look), x, y)
        out.blit(draw_portrait(look), x + 16, y + 120 + pad)
    return out.scaled(scale)


def main(out_dir: Path | None = None) -> None:
    out = DEFAULT_OUT if out_dir is None else Path(out_dir)
    (out / "portraits").mkdir(parents=True, exist_ok=True)
    for look in CAST:
        draw_sheet(look).save(out / f"{look.slug}.png")
        draw_portrait(look).save(out / "portraits" / f"{look.slug}.png")
    text = json.dumps(index_document(), indent=2, ensure_ascii=False) + "\n"
    (out / "index.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
    if "--contact" in sys.argv:
        contact_sheet().save(CONTACT)
        print(f"wrote {CONTACT}")
