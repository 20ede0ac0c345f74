"""The offline brain's routines: what a stretch of the day is made of, step by step.

A stretch ("have breakfast at home", "work at the bakery") is decomposed by the first row
whose keywords start words of it: its steps are walked once, then — when the stretch is
longer — its fillers in a varied order, never the row's steps again (no second breakfast).
A working stretch is read by the person's occupation first (`WORK_ROUTINES`).

The rows are written as text: a line of keywords ("wake | get ready"), then indented lines
of steps ("activity@preferred object; …"), the fillers after "then:".
"""

from __future__ import annotations

Steps = tuple[tuple[str, str], ...]  # (activity, preferred object or "")
Routine = tuple[tuple[str, ...], Steps, Steps]  # (keywords, steps walked once, fillers)


def steps(text: str) -> Steps:
    """ "make tea@stove; sit down" → (("make tea", "stove"), ("sit down", ""))."""
    found = (part.partition("@") for part in text.split(";") if part.strip())
    return tuple((activity.strip(), thing.strip()) for activity, _, thing in found)


def routines(text: str) -> tuple[Routine, ...]:
    """Rows from blocks separated by blank lines (see the module's documentation)."""
    rows = []
    for block in text.strip().split("\n\n"):
        head, *lines = block.splitlines()
        walked, _, fillers = " ".join(line.strip() for line in lines).partition("then:")
        keys = tuple(key.strip() for key in head.split("|"))
        rows.append((keys, steps(walked), steps(fillers)))
    return tuple(rows)


# The verbs come before the kinds of place: "write at a cafe" is writing, "have a coffee at a
# cafe" is the cafe's.
ROUTINES = routines("""
wake | get ready | morning routine
    get out of bed@bed; use the bathroom@toilet; take a shower@shower; get dressed@closet
    then: make the bed@bed; look over the day's plans@desk; pack a bag for the day;
    water the plants

host
    set out drinks and snacks@counter; welcome the guests; chat with the guests@customer table
    then: refill the snacks@counter; introduce guests to each other; put on some music;
    thank people for coming

party | celebration | gathering | concert | festival | night | performance | go to the
    greet the other guests; chat with friends@customer table; enjoy drinks and music@counter
    then: meet someone new; watch the performers; get another drink@counter; cheer and applaud

breakfast
    make breakfast@stove; eat breakfast@counter; wash the dishes@sink
    then: read the news@couch; check messages; sit back for a moment@couch; have a cup of tea;
    chat with whoever is around

lunch | dinner | meal | snack
    cook a meal@stove; eat@counter; clean up after eating@sink
    then: read the news@couch; check messages; sit back for a moment@couch; have a cup of tea;
    chat with whoever is around

buy | groceries | shop for | pick up | errand
    take a basket; browse the shelves@grocery shelves; pick out what is needed@grocery shelves;
    pay at the counter@counter
    then: compare prices@grocery shelves; chat with the shopkeeper@counter;
    check the shopping list

run | jog | train
    stretch and warm up; run a few laps; cool down with a slow jog
    then: run hill repeats; stretch again; catch your breath on a bench@bench

photograph
    look for a good shot; take photographs; review the shots
    then: wait for the right light; try a new angle; note ideas for the project

paint | sketch | draw | art
    set up the materials@easel; work on the piece@desk; step back and review the work
    then: mix new colours@easel; sketch a detail@desk; clean the brushes@sink;
    add finishing touches@easel

write | poem | novel | draft
    draft new pages@desk; revise yesterday's pages@desk; read for inspiration@shelf
    then: outline the next part@desk; jot down ideas@desk; reread a passage aloud;
    make a cup of tea

piano | practise | song | compos
    warm up@piano; play through the piece@piano; listen back and adjust@desk
    then: try a new variation@piano; write down a melody@desk; take a short break

video game | stream
    set up the stream@desk; play a video game@desk; chat with viewers@desk
    then: try a new level@desk; read the chat@desk; take a short break

jokes | comedy | routine | material
    run through the new jokes; try a bit on friends; note what got a laugh@desk
    then: rework a punchline@desk; watch the room; chat with the audience

bake | cook something
    gather the ingredients@counter; mix the dough@counter; bake@oven; let it cool@counter
    then: wash up@sink; taste the result; tidy the kitchen@counter

family
    chat with the family@couch; play a board game@table; help with the chores
    then: make tea for everyone; look at old photos@couch; plan the weekend together

spend time on | progress on | project
    get set up@desk; focus on the task@desk; take a short break; look over what got done@desk
    then: tidy up the materials@desk; plan the next step@desk; make a cup of tea

relax | wind down | quiet evening | read a book | rest
    tidy up@shelf; read a book@couch; put your feet up@couch
    then: listen to some music; call a friend; make a cup of tea; water the plants

read | study | library | research | thesis | lecture | class | college
    look for books@bookshelves; read and take notes@library table;
    work through the material@desk; review notes@student desk
    then: summarise a chapter@library table; look up a reference@bookshelves;
    stretch your legs; quiz yourself on the notes@desk

coffee | cafe
    order a coffee@counter; sit at a table@customer table; people-watch by the window
    then: read a little@customer table; chat with the barista@counter;
    order a pastry@pastry display

pub | bar | drink
    order a drink@bar counter; chat with people@pub table; listen to the music@piano
    then: play a round of darts; get another drink@bar counter;
    swap stories with the regulars@pub table

market | pharmacy | grocer | store | shop | supply
    take a basket; browse the shelves@grocery shelves; pay at the counter@counter
    then: compare prices@grocery shelves; chat with the shopkeeper@counter

park | walk | garden | stroll | square | outdoors | wander
    stroll through the garden@park garden; sit on a bench@bench; watch the pond@pond
    then: walk another loop; watch people go by@bench; enjoy the fresh air;
    stop to look at the trees

home | evening
    tidy up@shelf; read a book@couch; put your feet up@couch
    then: listen to some music; call a friend; make a cup of tea; water the plants

work | job | office
    work on the main task@desk; answer messages@desk; take a short break;
    plan the next steps@desk
    then: tidy the workspace@desk; review the progress so far@desk; make a cup of coffee;
    sort through papers@desk
""")

# A meal somewhere other than home: (steps, fillers).
EATING_OUT: tuple[Steps, Steps] = (
    steps("order food@counter; eat@customer table; chat over the meal@customer table"),
    steps("linger over a coffee@customer table; read the news; chat with people nearby"),
)

# Any other stretch: the stretch itself, then these.
SHORT_FILLERS = steps("take a short break; look around; chat with someone nearby")

# A working stretch, by the words of the person's occupation in the identity line.
WORK_ROUTINES = routines("""
cafe | coffee | barista | bakery | pastr
    brew coffee@coffee machine; serve customers@counter; arrange the pastries@pastry display;
    wipe down the tables@customer table
    then: chat with a regular@counter; wash cups@sink; restock the cups@cup shelf;
    take stock of supplies

bartend | pub | bar | tavern
    pour drinks@bar counter; serve customers@bar counter; wipe down the tables@pub table
    then: chat with regulars@bar counter; wash glasses@sink; restock the bottles@bar counter;
    change a keg

comed | stand-up | actor | perform
    warm up the voice; rehearse a new routine; perform a set@piano
    then: jot down a joke@desk; chat with the audience; watch the other acts

music | compos | musician | piano | song
    practise scales@piano; write down a melody@desk; play through the piece@piano
    then: listen to a recording; fix the harmony@desk; try a new variation@piano

professor | teach | lecturer | teacher
    prepare the lecture@teacher's desk; teach a class@blackboard; grade papers@teacher's desk
    then: answer students' questions; plan the next lesson@teacher's desk; meet a colleague

pharmac
    fill prescriptions@pharmacy counter; advise a customer@pharmacy counter;
    check the medicine stock
    then: restock the shelves; answer a phone call; tidy the counter@pharmacy counter

grocer | market | shop | store | supply
    stock the shelves@grocery shelves; help customers@counter; check the inventory@supply shelves
    then: ring up purchases@counter; face the shelves@grocery shelves; unpack a delivery;
    sweep the floor

photo | camera
    look for a good shot; take photographs; review the shots
    then: wait for the right light; try a new angle; edit photos@desk

paint | watercolo | artist | animat | illustrat | draw
    set up the materials@easel; work on the piece@desk; step back and review the work
    then: mix new colours@easel; sketch a detail@desk; clean the brushes@sink;
    add finishing touches@easel

software | program | developer | code
    write code@desk; test the changes@desk; fix a bug@desk; review the code@desk
    then: read the documentation@desk; answer messages@desk; sketch the design@desk

mathemat | math | proof | physic | scientist
    work through the proof@desk; check a calculation@desk; sketch ideas on paper@desk
    then: read a paper@desk; fill the blackboard@blackboard; pace and think

lawyer | law | tax | accountant | client
    review client files@desk; draft a letter to a client@desk; answer client calls
    then: check the regulations@desk; file the paperwork@desk; plan tomorrow's meetings@desk

writ | poet | poem | novel | author | philosoph
    draft new pages@desk; revise yesterday's pages@desk; read for inspiration@shelf
    then: outline the next part@desk; jot down ideas@desk; reread a passage aloud

stud | thesis | research | college | library
    look for books@bookshelves; read and take notes@library table;
    work through the material@desk; review notes@student desk
    then: summarise a chapter@library table; look up a reference@bookshelves;
    quiz yourself on the notes@student desk

homemaker | household | housework
    do the laundry; tidy the rooms; fix something around the house
    then: plan the meals for the week; water the plants; sort the mail
""")
