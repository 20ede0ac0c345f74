"""The offline brain's keyword tables: importance, emoji, object states, small activities.

Rows are checked in order; the first row whose keywords occur in the text wins.
"""

from __future__ import annotations

Table = tuple[tuple[tuple[str, ...], str], ...]

IMPORTANCE: tuple[tuple[tuple[str, ...], int], ...] = (
    (("fire", "burning", "died", "accident", "emergency", "engaged", "break up"), 9),
    (("party", "election", "mayor", "love", "crush", "valentine", "wedding", "invit"), 8),
    (("candida", "campaign", "exhibition", "show", "thesis", "research", "project"), 6),
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
    (("election", "campaign", "mayor", "vote"), "🗳️"),
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

# Small activities for a stretch of the day: (keywords, ((activity, object or ""), ...)).
ROUTINES: tuple[tuple[tuple[str, ...], tuple[tuple[str, str], ...]], ...] = (
    (
        ("wake", "get ready", "morning routine"),
        (
            ("get out of bed", "bed"),
            ("use the bathroom", "toilet"),
            ("take a shower", "shower"),
            ("get dressed", "closet"),
        ),
    ),
    (
        ("breakfast",),
        (("make breakfast", "stove"), ("eat breakfast", "counter"), ("wash the dishes", "sink")),
    ),
    (
        ("lunch", "dinner", "meal"),
        (("cook a meal", "stove"), ("eat", "counter"), ("clean up after eating", "sink")),
    ),
    (
        ("party", "celebration", "gathering"),
        (
            ("greet the other guests", ""),
            ("chat with friends", "customer table"),
            ("enjoy drinks and music", "counter"),
        ),
    ),
    (
        ("cafe", "coffee"),
        (
            ("brew coffee", "coffee machine"),
            ("serve customers", "counter"),
            ("arrange the pastries", "pastry display"),
            ("wipe down the tables", "customer table"),
        ),
    ),
    (
        ("pub", "bar"),
        (
            ("chat with people", "bar counter"),
            ("have a drink", "pub table"),
            ("listen to the music", "piano"),
        ),
    ),
    (
        ("market", "pharmacy", "grocer", "store", "shop", "supply"),
        (
            ("stock the shelves", "grocery shelves"),
            ("help customers", "counter"),
            ("check the inventory", "supply shelves"),
            ("fill prescriptions", "pharmacy counter"),
        ),
    ),
    (
        ("college", "class", "library", "study", "research", "lecture", "thesis"),
        (
            ("look for books", "bookshelves"),
            ("read and take notes", "library table"),
            ("work through the material", "desk"),
            ("review notes", "student desk"),
        ),
    ),
    (
        ("paint", "art", "studio", "animat", "photo"),
        (
            ("set up the materials", "easel"),
            ("work on the piece", "desk"),
            ("step back and review the work", ""),
        ),
    ),
    (
        ("write", "poem", "book", "novel"),
        (
            ("draft new pages", "desk"),
            ("revise yesterday's pages", "desk"),
            ("read for inspiration", "shelf"),
        ),
    ),
    (
        ("park", "walk", "garden"),
        (
            ("stroll through the garden", "park garden"),
            ("sit on a bench", "bench"),
            ("watch the pond", "pond"),
        ),
    ),
    (
        ("relax", "evening", "wind down", "home"),
        (("tidy up", "shelf"), ("read a book", "bed"), ("relax in the common room", "couch")),
    ),
    (
        ("work", "software", "code", "math", "law", "tax", "campaign"),
        (
            ("work on the main task", "desk"),
            ("answer messages", "desk"),
            ("take a short break", ""),
            ("plan the next steps", "desk"),
        ),
    ),
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
