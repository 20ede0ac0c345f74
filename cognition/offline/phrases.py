"""The offline brain's phrasings: several ways to say each thing, filled from typed facts.

A rule picks one with its seeded random. Placeholders: {first} the listener's first name,
{me} the speaker's full name, {source} who told the speaker (first name), {news} a statement,
{mine} something about the speaker in the first person, {event}, {place}, {day}, {span},
{subject} a person's first name, {topic} what a fact is about.

Whether a line accepts or turns down an invitation is data (`DialogueLine.answer`, set by
the rule that says it), and so is whether it asks the listener about themselves
(`DialogueLine.asks`). No memory is read by these words. They are read only in a line
whose field is unknown (None): a player's own typed words — input the offline brain must
answer, for which no field can exist — or a line recorded before the fields. Each reader
sits beside the phrases it reads, with a round-trip test: `answer_in` (`ACCEPTED`,
`DECLINED`: every acceptance here says "I'll be there" or "I'll come", and no other line
does; `test_invitation_answers.py`) and `asks_about_you` (`ASKED_ABOUT_YOU`, the reader of
`ASKS_ABOUT_YOU`; `test_player_words.py`, both in tests/cognition/offline/).
"""

from __future__ import annotations

import re

GREETINGS = (
    "Hi {first}! Good to see you.",
    "Hey {first}, how are you doing?",
    "Oh, hello {first}! How's your day going?",
    "{first}! Nice to run into you. How have you been?",
    "Morning, {first}! What are you up to today?",
)
EVENING_GREETINGS = (
    "Evening, {first}! How was your day?",
    "Hi {first}! Busy day?",
    "Hey {first}, good to see you this evening.",
)
AT_PLACE = (
    "Hi {first}! Fancy meeting you at {place}.",
    "Oh, {first}! Do you come to {place} often?",
    "Hey {first}, nice to see you here at {place}.",
    "{first}! I didn't expect to see you at {place} today.",
)
STRANGER = (
    "Hi, I'm {me}. I don't think we've met yet — nice to meet you!",
    "Hello! I'm {me}. I don't think we've been introduced.",
    "Hi there, I'm {me}. Are you new around here?",
    "Excuse me — I'm {me}. I've seen you around, but we've never talked.",
    "Hi! We haven't met, have we? I'm {me}.",
    "Good to finally say hello. I'm {me}.",
    "Hello — I'm {me}. I don't believe we've spoken before.",
    "Hi! I'm {me} — I keep meaning to introduce myself.",
    "Nice to meet you — I'm {me}. I've seen you about.",
    "Hello there! I'm {me}. Lovely to meet you at last.",
    "Hi, we've not been introduced, have we? I'm {me}.",
    "Sorry to barge in — I'm {me}, and I don't think we've met.",
    "Hey, I'm {me}. Good to put a face to the town.",
    "Hello! I'm {me}. Do you live around here?",
)
MEETING_BACK = (
    "Nice to meet you too, I'm {me}.",
    "Hi! I'm {me}, good to meet you.",
    "Oh, hello {first}! {me} — pleased to meet you.",
    "Good to meet you, {first}. I'm {me}.",
    "The pleasure's mine, {first} — I'm {me}.",
    "Hi {first}, I'm {me}. Nice to finally meet you.",
)
SMALL_TALK = (
    "Pretty good, thanks! {mine}",
    "Busy, as usual. {mine}",
    "Not bad at all. {mine}",
    "Oh, you know me. {mine}",
    "Good! {mine} How about you, {first}?",  # asks back (ASKS_ABOUT_YOU)
    "Can't complain, {first}. {mine}",
    "All good here, {first}. {mine}",
    "Keeping well, thanks for asking. {mine}",
    "Same as ever, {first}! {mine}",
    "Oh, plodding along. {mine}",
)
ASK_BACK = (
    "What have you been up to, {first}?",
    "And you, {first}? What keeps you busy these days?",
    "How are things with you?",
)
# the phrases that ask the listener about themselves: a line said with one says so as data
# (`DialogueLine.asks`); `asks_about_you` reads the words of a line whose `asks` is unknown
ASKS_ABOUT_YOU = frozenset({"Good! {mine} How about you, {first}?", *ASK_BACK})
ASKED_ABOUT_YOU = re.compile(
    r"\b(?:how about you|and you|what have you been up to|what keeps you busy|how are things)",
    re.IGNORECASE,
)
INTEREST = (
    "That sounds like a lot of work. Good luck with it, {first}!",
    "Oh, I'd love to hear how that turns out, {first}.",
    "Sounds interesting — keep me posted, {first}.",
    "Nice! It's good to see you so into it, {first}.",
    "Wow, {first}, that's a lot on your plate.",
    "I hope it goes well, {first}.",
    "You'll have to tell me more about it some time, {first}.",
    "Ha, that sounds just like you, {first}.",
    "Good for you, {first} — that takes some doing.",
    "I like the sound of that, {first}.",
    "{first}, you never stop, do you?",
    "That's lovely to hear, {first}.",
    "Well, I'm impressed, {first}.",
    "Fingers crossed it all works out, {first}.",
)
TELL_HEARD = (
    "Did you hear? {source} told me that {news}.",
    "Guess what — {source} told me that {news}.",
    "Have you heard? According to {source}, {news}.",
    "By the way, I heard from {source} that {news}.",
    "{first}, did you hear? {source} told me that {news}.",
    "Oh, {first} — {source} told me that {news}.",
    "Have you heard, {first}? I heard from {source} that {news}.",
    "{first}, you'll like this — {source} says {news}.",
    "I ran into {source} earlier, and apparently {news}.",
    "So, {first}: {source} told me that {news}.",
    "Have you heard the latest, {first}? {source} says {news}.",
)
TELL_OWN = (
    "{first}, did you know {news}?",
    "{first}, have you heard that {news}?",
    "{first}, word is that {news}.",
    "By the way, {first}, have you heard that {news}?",
    "Did you know {news}?",
    "{first}, I keep hearing that {news}.",
    "{first}, apparently {news}.",
    "Here's something: {news}.",
)
# one's own news, opened as its importance says (`talk.announced`): everyday news plainly,
# news that matters (`talk.BIG_NEWS` or more, as the item or the memory rates it) as big
TELL_MINE = (
    "Oh, I should tell you: {news}.",
    "By the way, {news}.",
    "{first}, I wanted to tell you — {news}.",
    "Something new with me, {first}: {news}.",
)
TELL_MINE_BIG = (
    "Guess what — {news}.",
    "Big news from me: {news}.",
    "You might not know yet, but {news}.",
)
MINE_AFTER = ("", " What do you think, {first}?")  # after one's own news that is no event
MINE_AFTER_BIG = (  # after one's own big news that is no event
    "",
    " I wanted you to hear it from me, {first}.",
    " You're one of the first I've told.",
    " I'm still taking it in myself.",
)
INVITE = (
    " Would you like to come, {first}?",
    " I'd love for you to come!",
    " You should come, {first}!",
    " Want to join?",
)
KNEW_FROM = (
    "Yes, {source} told me about it.",
    "I know — {source} mentioned it.",
    "Oh yes, I heard it from {source}.",
)
KNEW_FROM_YOU = (  # the news is the listener's own, or the listener told it before
    "Yes, {first}, you told me about it.",
    "I know — you mentioned it.",
    "Oh yes, you said so last time.",
)
KNEW = (
    "Yes, I know about it.",
    "I'd heard, yes.",
    "Yes, {first}, I'd heard that.",
)
ACCEPT = (
    "Oh, I'd love to, {first} — I'll be there!",
    "Count on me, I'll come to the {event}.",
    "That sounds fun. I'll be there on {day}!",
    "A {event} at {place}? I'll come, thanks for telling me!",
)
ALREADY_GOING = (
    "I'm going too — I'll be there!",
    "Yes, and I'll be there, of course.",
)
DECLINE_BUSY = (
    "That sounds lovely, but I'm {busy} then. Maybe next time.",
    "Oh, I wish I could — I'm {busy} at that time.",
)
DECLINE_MOOD_YOU = (
    "Hmm, that's not really my thing, but thanks for asking.",
    "That's nice of you. I don't think I'll make it, though.",
    "I'll think about it — I'm not sure it's for me.",
)
DECLINE_MOOD = (
    "Hmm, that's not really my thing, but thanks.",
    "That's nice of them. I don't think I'll make it, though.",
    "I'll think about it — I'm not sure it's for me.",
)
NEW_NEWS = (
    "Really? I had no idea about that.",
    "Oh, that's news to me!",
    "Huh, I didn't know that. Thanks for telling me, {first}.",
    "Is that so, {first}?",
    "Oh really? That's the first I've heard of it.",
    "No way, {first}!",
    "Well, how about that, {first}.",
    "I hadn't heard, {first}.",
)
FOR_SUBJECT = (
    "Good for {subject}!",
    "I'm happy for {subject}.",
    "{subject} must be busy, then.",
    "I should ask {subject} about it.",
    "That's just like {subject}.",
)
FOR_YOU = (  # the listener's own news
    "Good for you!",
    "I'm happy for you, {first}.",
    "You must be busy, then.",
    "That's just like you, {first}.",
    "I'd love to hear more about it some time.",
    "That sounds exciting.",
    "How's it going so far?",
    "You'll have to show me some time.",
)
ECHO_YOU = (  # the listener's own news, its topic said back ("Writing a book? …")
    "{Topic}? Good for you!",
    "{Topic}? Good for you, {first}!",
    "{Topic} — that's just like you, {first}.",
    "{Topic}? I'd love to hear more about that.",
    "{Topic}? Tell me more some time, {first}.",
    "Wow, {first} — {topic}!",
)
ECHO_SUBJECT = (
    "{Topic}? Good for {subject}!",
    "{subject}, {topic}? That's just like {subject}.",
    "{Topic}? I'll have to ask {subject} about it.",
    "{subject}, {topic}? Good to hear.",
)
CLOSERS = (
    "Well, I should get going. See you around, {first}!",
    "It was nice talking, {first}. Take care!",
    "I'd better get back to it. Bye for now, {first}!",
    "Good talking to you, {first}. See you soon!",
    "Anyway, I'll let you get on with your day. Bye, {first}!",
    "Right, I'll let you go, {first}. Have a good one!",
    "Lovely chatting, {first}. Catch you later!",
    "I must run — see you, {first}!",
    "Take care, {first}. Talk soon!",
    "Anyway, enjoy the rest of your day, {first}!",
)
CLOSERS_NEXT = (  # {next}: what the speaker's plan has it do next ("work at the shop")
    "Well, I should get going — I'm off to {next}. See you, {first}!",
    "I'd better run, {first}: time to {next}.",
    "Anyway, I need to {next} soon. Take care, {first}!",
    "Right, I have to {next} before long. Bye for now, {first}!",
    "Good talking to you, {first}. I'm off to {next} now.",
    "Oh, look at the time, {first} — I'm due to {next}. Talk soon!",
)
GREETINGS_DOING = (  # {doing}: what the speaker is busy with now ("having lunch at the cafe")
    "Hi {first}! I'm just {doing}.",
    "Oh, hello {first}! I'm {doing} — how are you?",
    "Hey {first}! Fancy seeing you — I'm {doing}.",
    "{first}! Good timing, I'm {doing}.",
)
GROUP_GREETINGS = (  # the opener of a group talk, to everyone ({first}: whom it came to)
    "Hi everyone! Good to see you all.",
    "Hello, all! {first}, nice to see you too.",
    "Hey, everyone — how's the day treating you?",
    "Oh, hi all! Lovely to bump into you, {first}.",
    "Well, look who's here — hello, everyone!",
    "Hi, all! What's everyone up to?",
    "Good to see so many friendly faces. Hello, {first}!",
    "Hello there, everyone. Busy day, {first}?",
    "Hey, {first}! And hello to the rest of you.",
    "Morning, all — or is it afternoon already? Hi, {first}!",
)
GROUP_CLOSERS = (  # a member leaving a group that goes on: said to everyone, no one named
    "Well, I should get going. See you all!",
    "I'd better run — bye, everyone!",
    "Good talking with you all. Take care!",
    "I'll leave you to it. Bye for now, all!",
    "Sorry, I have to go. Enjoy the rest of the day, everyone!",
    "Right, that's me off. See you around, all!",
    "Lovely catching up, everyone. Talk soon!",
    "I'll let you all carry on. Bye!",
)
GROUP_CLOSERS_NEXT = (  # the same, with what the speaker's plan has it do next
    "I should get going, everyone — I'm off to {next}.",
    "Time I went: I have to {next}. Bye, all!",
    "Sorry, everyone, I need to {next}. See you!",
    "That's me off to {next}. Take care, all!",
)
MEETING_OPEN = (  # the host opens a meeting
    "Thanks for coming, everyone. The question today: {topic}",
    "Welcome, all! Let's talk about this: {topic}",
    "Good to see you here. What do we think — {topic}",
)
FOR_IT = (  # a member's view on a meeting's question, with its reason
    "I'm for it. {mine}, and I think it would help.",
    "I'd say yes. {mine}, so I can see the good in it.",
    "Count me in favour — {mine_lower}, and it makes sense to me.",
)
AGAINST_IT = (
    "I'm not convinced. {mine}, and I worry about the cost of it.",
    "I'd say no, honestly. {mine}, and I don't see the need.",
    "I have my doubts — {mine_lower}, and it could go wrong.",
)
UNDECIDED = (
    "I'm torn, to be honest. {mine}, so I can see both sides.",
    "I haven't made up my mind. {mine}.",
)
AGREE_WITH = ("I agree with {first}.", "{first} has a point.", "Same as {first}, really.")
DISAGREE_WITH = (
    "I see it differently from {first}.",
    "With respect, {first}, I disagree.",
    "I'm not sure {first} is right there.",
)

ACCEPTED = re.compile(r"\bI'll (?:be there|come)\b")
DECLINED = re.compile(
    r"\b(?:can't make it|wish I could|won't make it|don't think I'll make it|"
    r"not really my thing|not sure it's for me|maybe next time)\b",
    re.IGNORECASE,
)


def answer_in(sentence: str) -> str:
    """The answer to an invitation a sentence gives in words: "accept", "decline", or ""
    (the reader of `ACCEPT`, `ALREADY_GOING` and the `DECLINE_*` phrases, for lines whose
    answer is not known as data)."""
    if ACCEPTED.search(sentence):
        return "accept"
    return "decline" if DECLINED.search(sentence) else ""


def asks_about_you(text: str) -> bool:
    """Whether a line's words ask the listener about themselves (the reader of
    `ASKS_ABOUT_YOU`'s phrases, for lines whose `asks` is not known as data)."""
    return ASKED_ABOUT_YOU.search(text) is not None


SOCIABLE = (
    "warm",
    "welcoming",
    "friendly",
    "outgoing",
    "cheerful",
    "energetic",
    "social",
    "playful",
    "kind",
    "curious",
    "open",
    "generous",
    "hospitable",
    "gregarious",
)
RESERVED = ("shy", "introverted", "quiet", "reserved", "private", "solitary", "aloof", "anxious")
HOPEFUL = ("kind", "warm", "optimistic", "hopeful", "earnest", "generous", "friendly", "loyal")
CRITICAL = (
    "blunt",
    "critical",
    "skeptical",
    "sceptical",
    "stubborn",
    "cynical",
    "opinionated",
    "argumentative",
    "sharp",
    "honest",
)
