"""The bundled cast's looks: the 25 residents of the_ville and the visitor, in the parts'
own words (`game.town.looks.LOOK_PARTS`). A part left out is the plain one
(`game.town.looks.PLAIN_PARTS`: brown shoes, no hat, a red book…).

`assets/generate_characters.py` draws `assets/characters/<slug>.png` from these; at run time
`game.town.looks.BUNDLED_LOOKS` offers them as starting points ("looks like Isabella").
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CastMember:
    """One bundled character: its name, a short description (index.json's "look") and the
    parts it differs from the plain look in."""

    name: str
    description: str
    parts: tuple[tuple[str, str], ...]

    @property
    def slug(self) -> str:
        return self.name.lower().replace(" ", "_")


def _member(name: str, description: str, parts: str) -> CastMember:
    """`parts` is "part=option part=option …", as a player could write it."""
    pairs = tuple((key, value) for key, _, value in (p.partition("=") for p in parts.split()))
    return CastMember(name, description, pairs)


CAST: tuple[CastMember, ...] = (
    _member(
        "Isabella Rodriguez",
        "dark wavy hair, cream blouse, red cafe apron, coffee mug",
        "skin=tan hair=espresso hair_style=wavy_long top=tee top_color=cream accent=cream "
        "bottom=pants bottom_color=brown apron=red prop=mug prop_color=white",
    ),
    _member(
        "Klaus Mueller",
        "swept blond hair, round glasses, forest-green hoodie, backpack",
        "skin=porcelain hair=blond hair_style=side_part top=hoodie top_color=forest "
        "accent=cream bottom=pants bottom_color=charcoal glasses=yes backpack=brown "
        "prop=notebook prop_color=khaki",
    ),
    _member(
        "Maria Lopez",
        "dark high ponytail, purple hoodie, gaming headset, jeans",
        "skin=olive hair=espresso hair_style=ponytail top=hoodie top_color=purple "
        "accent=lavender bottom=pants bottom_color=denim shoes=white hat=headset "
        "hat_color=charcoal prop=laptop prop_color=charcoal",
    ),
    _member(
        "Latoya Williams",
        "big curly hair, mustard jacket, camera on a strap",
        "skin=deep hair=black hair_style=afro top=blazer top_color=mustard accent=white "
        "bottom=pants bottom_color=charcoal neck=camera neck_color=charcoal prop=camera "
        "prop_color=charcoal",
    ),
    _member(
        "Rajiv Patel",
        "tousled black hair, stubble, paint-spattered sky-blue smock",
        "skin=brown hair=black hair_style=messy top=smock top_color=sky accent=white "
        "bottom=pants bottom_color=brown pattern=splotch facial=stubble prop=palette "
        "prop_color=tweed",
    ),
    _member(
        "Abigail Chen",
        "black bob with blunt bangs, lavender sweater, black skirt",
        "skin=golden hair=black hair_style=bob top=sweater top_color=lavender accent=white "
        "bottom=skirt bottom_color=black shoes=black prop=tablet prop_color=charcoal",
    ),
    _member(
        "Francisco Lopez",
        "black quiff, loud yellow striped shirt, red bow tie",
        "skin=tan hair=black hair_style=quiff top=tee top_color=yellow accent=orange "
        "bottom=pants bottom_color=black shoes=black pattern=stripes neck=bowtie "
        "prop=notebook",
    ),
    _member(
        "Hailey Johnson",
        "long copper hair, green turtleneck, cream scarf, notebook",
        "skin=porcelain hair=copper hair_style=long top=turtleneck top_color=green "
        "accent=cream bottom=skirt bottom_color=brown neck=scarf neck_color=cream "
        "prop=notebook prop_color=wine",
    ),
    _member(
        "Arthur Burton",
        "brown hair and beard, white shirt, wine bartender vest",
        "skin=fair hair=chestnut hair_style=short top=vest top_color=wine accent=white "
        "bottom=pants bottom_color=black shoes=black facial=beard neck=bowtie "
        "neck_color=black prop=mug prop_color=gold broad=yes",
    ),
    _member(
        "Ryan Park",
        "neat black hair, square glasses, blue plaid flannel, khakis",
        "skin=golden hair=black hair_style=neat top=tee top_color=denim accent=sky "
        "bottom=pants bottom_color=khaki pattern=plaid glasses=yes prop=laptop "
        "prop_color=silver",
    ),
    _member(
        "Giorgio Rossi",
        "dark curls, round glasses, tweed blazer over blue shirt",
        "skin=olive hair=espresso hair_style=curly top=blazer top_color=tweed accent=sky "
        "bottom=pants bottom_color=charcoal glasses=yes facial=stubble prop=notebook "
        "prop_color=cream",
    ),
    _member(
        "Carlos Gomez",
        "slick shoulder-length hair, goatee, black turtleneck, wine scarf",
        "skin=tan hair=black hair_style=slick top=turtleneck top_color=charcoal "
        "accent=charcoal bottom=pants bottom_color=black shoes=black facial=goatee "
        "neck=scarf neck_color=wine prop=notebook prop_color=cream",
    ),
    _member(
        "Ayesha Khan",
        "teal hijab, navy cardigan, mustard backpack, book",
        "skin=brown hair=black hair_style=hijab top=cardigan top_color=navy accent=cream "
        "bottom=long_skirt bottom_color=khaki hat_color=teal backpack=mustard "
        "prop_color=wine",
    ),
    _member(
        "Wolfgang Schulz",
        "short ash buzz cut, red track jacket, athletic build",
        "skin=fair hair=ash hair_style=buzz top=track top_color=red accent=white "
        "bottom=pants bottom_color=navy shoes=white prop_color=green broad=yes",
    ),
    _member(
        "Mei Lin",
        "black hair in a low bun, glasses, wine cardigan, long skirt",
        "skin=golden hair=black hair_style=bun top=cardigan top_color=wine accent=cream "
        "bottom=long_skirt bottom_color=charcoal shoes=black glasses=yes prop_color=navy",
    ),
    _member(
        "John Lin",
        "neat black hair greying at the temples, white pharmacist coat",
        "skin=golden hair=black hair_style=neat_grey top=coat top_color=white accent=sky "
        "bottom=pants bottom_color=grey shoes=black neck=tie neck_color=navy prop=clipboard "
        "prop_color=brown",
    ),
    _member(
        "Eddy Lin",
        "messy black hair, red headphones, yellow hoodie, jeans",
        "skin=golden hair=black hair_style=spiky top=hoodie top_color=yellow accent=orange "
        "bottom=pants bottom_color=denim shoes=white hat=headphones hat_color=red "
        "prop=notebook prop_color=sky",
    ),
    _member(
        "Tom Moreno",
        "salt-and-pepper hair, thick moustache, green grocer's apron",
        "skin=tan hair=salt hair_style=short top=tee top_color=sky accent=sky bottom=pants "
        "bottom_color=brown apron=forest facial=moustache prop=clipboard prop_color=brown "
        "broad=yes",
    ),
    _member(
        "Jane Moreno",
        "chestnut shoulder-length hair, rose dress with white dots",
        "skin=olive hair=chestnut hair_style=shoulder top=dress top_color=rose accent=white "
        "bottom=skirt bottom_color=rose shoes=wine pattern=dots prop=mug prop_color=cream",
    ),
    _member(
        "Tamara Taylor",
        "long dark braids, orange sweater, teal skirt",
        "skin=deep hair=espresso hair_style=braids top=sweater top_color=orange "
        "accent=yellow bottom=skirt bottom_color=teal prop_color=yellow",
    ),
    _member(
        "Carmen Ortiz",
        "dark hair under a red bandana, denim overalls, white tee",
        "skin=tan hair=espresso hair_style=tied top=overalls top_color=denim accent=white "
        "bottom=pants bottom_color=denim hat=bandana hat_color=red prop=clipboard "
        "prop_color=khaki",
    ),
    _member(
        "Sam Moore",
        "white hair and moustache, navy officer's jacket, gold buttons",
        "skin=fair hair=white hair_style=receding top=blazer top_color=navy accent=white "
        "bottom=pants bottom_color=grey shoes=black facial=moustache neck=badge "
        "prop=clipboard prop_color=cream broad=yes",
    ),
    _member(
        "Jennifer Moore",
        "silver hair in a bun, glasses, lilac painter's smock",
        "skin=porcelain hair=silver hair_style=bun_top top=smock top_color=lilac "
        "accent=cream bottom=long_skirt bottom_color=teal pattern=splotch glasses=yes "
        "prop=palette prop_color=cream",
    ),
    _member(
        "Yuriko Yamamoto",
        "long sleek black hair, charcoal suit, briefcase",
        "skin=fair hair=black hair_style=sleek top=blazer top_color=charcoal accent=white "
        "bottom=skirt bottom_color=charcoal shoes=black prop=clipboard prop_color=brown",
    ),
    _member(
        "Adam Smith",
        "tousled light-brown hair, full beard, oatmeal knit sweater",
        "skin=fair hair=brown hair_style=shaggy top=sweater top_color=khaki accent=cream "
        "bottom=pants bottom_color=olive facial=beard prop_color=forest",
    ),
    _member(
        "Visitor",
        "traveller: wide-brim hat, big orange backpack, teal rain jacket",
        "skin=olive hair=chestnut hair_style=short top=coat top_color=teal accent=cream "
        "bottom=pants bottom_color=brown hat=brim hat_color=tweed backpack=orange prop=map "
        "prop_color=cream",
    ),
)
