"""The offline brain's keyword tables: importance, emoji, object states, places, interests.

Rows are checked in order; the first row whose keywords occur in the text wins.
"""

from __future__ import annotations

Table = tuple[tuple[tuple[str, ...], str], ...]

IMPORTANCE: tuple[tuple[tuple[str, ...], int], ...] = (
    (("fire", "burning", "died", "accident", "emergency", "engaged", "break up"), 9),
    (("love", "crush", "wedding", "invit"), 8),
    (("married", "husband$", "wife$", "son$", "daughter$", "mother$", "father$"), 7),
    (("parent", "brother$", "sister$"), 7),
    (("exhibition", "show$", "thesis", "research", "project"), 6),
    (("conversation", "talked", "told", "said", "intends", "plan for"), 5),
    (("friend", "met", "customer", "class", "work"), 4),
    (("sleep", "idle", "brush", "shower", "toilet", "walking", "bed", "eating", "breakfast"), 2),
)

EMOJI: Table = (
    (("wake", "get out of bed", "get dressed", "get ready"), "🌅"),
    (("sleep", "bed"), "😴"),
    (("party", "celebrat"), "🎉"),
    (("coffee", "espresso"), "☕"),
    (("breakfast", "lunch", "dinner", "cook", "eat", "meal", "snack"), "🍽️"),
    (("shower", "bath", "wash", "teeth", "toilet"), "🚿"),
    (("beer", "drink", "pub", "bar "), "🍺"),
    (("paint", "draw", "sketch", "art"), "🎨"),
    (("photo", "camera"), "📷"),
    (("music", "piano", "compos", "song", "guitar"), "🎵"),
    (("stream", "game"), "🎮"),
    (("code", "program", "software", "computer", "email"), "💻"),
    (("write", "writing", "poem", "novel", "notes"), "✍️"),
    (("read", "study", "book", "library", "research", "thesis", "homework"), "📚"),
    (("class", "lecture", "teach", "seminar"), "🏫"),
    (("shop", "grocer", "stock", "shelves", "sell", "customer"), "🛒"),
    (("garden", "plant", "water the"), "🌱"),
    (("walk", "park", "stroll"), "🚶"),
    (("run", "exercise", "gym", "train", "jog"), "🏃"),
    (("clean", "tidy", "wipe", "sweep"), "🧹"),
    (("talk", "chat", "convers", "greet", "meet"), "💬"),
    (("math", "proof", "equation"), "🧮"),
    (("work",), "💼"),
    (("relax", "rest", "wind down", "tv"), "🛋️"),
)

OBJECT_STATES: Table = (
    (("coffee",), "brewing coffee"),
    (("cook", "breakfast", "lunch", "dinner", "fry", "bake"), "cooking"),
    (("sleep", "nap", "rest"), "occupied"),
    (("shower", "bath"), "running water"),
    (("wash", "dishes", "rinse"), "running water"),
    (("toilet", "bathroom"), "occupied"),
    (("read", "book", "browse"), "being browsed"),
    (("write", "study", "homework", "notes", "work"), "in use"),
    (("paint", "draw"), "holding a painting in progress"),
    (("piano", "music", "play"), "being played"),
    (("stock", "arrange", "restock"), "being restocked"),
    (("serve", "sell", "customer", "pour"), "serving customers"),
    (("clean", "wipe", "tidy"), "being cleaned"),
    (("sit", "chat", "drink", "eat"), "occupied"),
)

PLACE_WORDS: Table = (
    (("coffee", "cafe", "pastr"), "cafe"),
    (("pub", "beer", "bar "), "pub"),
    (("grocer", "pharmacy", "market"), "market"),
    (("supply", "hardware"), "supply"),
    (("college", "class", "library", "lecture", "campus"), "college"),
    (("park", "stroll", "pond", "lake"), "park"),
)

ARENA_WORDS: Table = (
    (("sleep", "bed", "get dressed", "nap"), "bedroom"),
    (("shower", "bath", "toilet", "teeth"), "bathroom"),
    (("cook", "breakfast", "lunch", "dinner", "dishes", "kitchen"), "kitchen"),
    (("relax", "common", "tv", "friends"), "common room"),
    (("library", "book"), "library"),
    (("class", "lecture"), "classroom"),
    (("paint", "studio"), "studio"),
    (("garden",), "garden"),
)

OBJECT_WORDS: Table = (
    (("sleep", "nap", "out of bed"), "bed"),
    (("shower",), "shower"),
    (("toilet", "bathroom"), "toilet"),
    (("cook", "fry", "make breakfast"), "stove"),
    (("dishes", "wash"), "sink"),
    (("coffee",), "coffee machine"),
    (("read", "book"), "shelf"),
    (("write", "study", "work", "notes", "code"), "desk"),
    (("dress",), "closet"),
    (("sit", "bench"), "bench"),
    (("serve", "customer", "counter"), "counter"),
    (("drink", "bar"), "bar counter"),
    (("eat", "table"), "table"),
)

# What a day is made of besides work and meals. A person's interests come from the words of
# their identity line (every matching row counts); the places they know are sorted into kinds
# by the words of their names (the first matching row wins); an outing is (interest, or ""
# for anyone; kind of place, or "home"; activity with "{place}", or "{room}" for one's own).
INTERESTS: Table = (
    (
        (
            "runner",
            "runs on",
            "runs every",
            "goes running",
            "jog",
            "race",
            "marathon",
            "athlet",
            "trains",
            "training",
        ),
        "run",
    ),
    (("paint", "watercolo", "sketch", "draw", "artist", "animat", "illustrat"), "paint"),
    (("photo", "camera"), "photo"),
    (("writ", "poem", "poet", "novel", "author", "book"), "write"),
    (("stud", "research", "thesis", "library", "professor", "bookish", "literature"), "study"),
    (("music", "compos", "piano", "guitar", "singer", "band"), "music"),
    (("comed", "actor", "perform", "stand-up", "jokes"), "perform"),
    (("software", "code", "coding", "program", "developer"), "code"),
    (("math", "proof", "philosoph", "think"), "think"),
    (("walk", "stroll", "wander", "outdoors", "hike", "nature"), "walk"),
    (("garden", "plants", "flowers"), "garden"),
    (("bak", "cook", "pastr", "recipe"), "cook"),
    (("pub", "tavern", "drink", "bartend"), "pub"),
    (("cafe", "café", "coffee"), "cafe"),
    (("market", "shopping", "grocer", "household", "homemaker", "errand"), "shop"),
    (("video game", "stream", "gaming"), "game"),
    (("family",), "family"),
    (("quiet evening", "evening at home", "at home in the evening", "relaxes at home"), "home"),
    (("outgoing", "sociable", "welcoming", "gossip", "friendly", "jovial"), "social"),
)

PLACE_KINDS: Table = (
    (("cafe", "café", "coffee", "bakery", "tea room", "diner", "bistro", "restaurant"), "cafe"),
    (("pub", "bar", "tavern", "inn", "saloon", "brewery", "lounge"), "pub"),
    (("supply", "hardware"), "supply"),
    (("market", "grocer", "pharmacy", "shop", "store", "bazaar", "mall"), "market"),
    (("library", "bookshop", "bookstore"), "library"),
    (("college", "university", "campus", "school", "academy"), "college"),
    (("park", "garden", "green", "woods", "forest", "lake", "beach", "meadow", "nature"), "park"),
    (("square", "plaza", "commons"), "square"),
    (("theatre", "theater", "cinema", "hall", "venue", "gallery", "museum", "club"), "venue"),
)

OUTINGS: tuple[tuple[str, str, str], ...] = (
    ("", "park", "take a walk in {place}"),
    ("", "cafe", "have a coffee at {place}"),
    ("", "pub", "have a drink at {place}"),
    ("", "square", "stroll around {place}"),
    ("", "venue", "see what is on at {place}"),
    ("", "market", "buy groceries at {place}"),
    ("", "home", "read a book in {room} at home"),
    ("", "home", "relax at home"),
    ("", "home", "listen to some music in {room} at home"),
    ("", "home", "tidy up at home"),
    ("", "home", "call a friend from home"),
    ("run", "park", "go for a run in {place}"),
    ("run", "college", "train with the team at {place}"),
    ("paint", "park", "paint outdoors in {place}"),
    ("paint", "home", "sketch in {room} at home"),
    ("paint", "supply", "buy art supplies at {place}"),
    ("photo", "park", "take photographs in {place}"),
    ("photo", "square", "photograph street life around {place}"),
    ("write", "cafe", "write in a corner of {place}"),
    ("write", "library", "read at {place}"),
    ("write", "park", "look for ideas on a walk in {place}"),
    ("study", "library", "study at {place}"),
    ("study", "college", "read in the library at {place}"),
    ("study", "cafe", "study over a coffee at {place}"),
    ("music", "pub", "listen to live music at {place}"),
    ("music", "venue", "catch a concert at {place}"),
    ("music", "home", "practise the piano at home"),
    ("perform", "pub", "try out new jokes at {place}"),
    ("perform", "cafe", "write new material at {place}"),
    ("code", "cafe", "code over a coffee at {place}"),
    ("code", "home", "tinker with a side project in {room} at home"),
    ("think", "park", "walk and think in {place}"),
    ("think", "cafe", "think over a coffee at {place}"),
    ("walk", "park", "take a long walk in {place}"),
    ("walk", "square", "wander around {place}"),
    ("garden", "park", "admire the gardens in {place}"),
    ("cook", "home", "bake something at home"),
    ("cook", "market", "shop for ingredients at {place}"),
    ("pub", "pub", "have a drink with friends at {place}"),
    ("cafe", "cafe", "meet a friend at {place}"),
    ("shop", "market", "do the week's shopping at {place}"),
    ("shop", "supply", "pick up things for the house at {place}"),
    ("game", "home", "stream a video game in {room} at home"),
    ("family", "home", "spend time with the family at home"),
    ("home", "home", "spend a quiet evening at home"),
    ("social", "cafe", "catch up with friends at {place}"),
    ("social", "pub", "catch up with friends at {place}"),
)

# "… is writing a picture book about …" → a project of one's own ("the picture book").
PROJECT_VERBS = (
    "writing", "working on", "preparing", "painting", "animating", "composing", "building",
    "drafting", "putting together", "planning", "developing", "designing", "researching",
    "editing", "recording", "restoring",
)  # fmt: skip
