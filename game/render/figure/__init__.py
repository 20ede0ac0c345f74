"""game/render/figure — the character drawing code, pure Python (no pygame).

Draws a `game.town.looks.Look` into a `Canvas` of RGBA tuples: the 4×5 sheet of 16×24
frames (`sheet.draw_sheet`) and the 32×32 portrait (`portrait.draw_portrait`). The same code
draws the bundled art (`assets/generate_characters.py` writes it to PNG with
`Canvas.png_bytes`) and the looks players pick at run time (`game.render.looks`).
"""
