"""The demo class's finished games, for `manage.py seed_demo` (progress): configuration, like
config/games.py, so the platform's code names no game.

Each game: (student, game, settings, the bot that plays the student's moves, the bot
opponents, seed[, how the student plays]). A fixed seed makes each game the same every time,
and lets a second run see it is already there. How: OWN (the default); (FIRST, move type):
that move first (a hint), then as the bot plays; (ONLY, move type): that move whenever the
rules allow it (drawing, never a try of their own); GIVE_UP or STAND_IN after AWAY_AFTER
moves of their own.
"""

OWN, FIRST, ONLY, GIVE_UP, STAND_IN = "own", "first", "only", "give-up", "stand-in"

SOLITAIRE = ("prime-solitaire", {"level": 1})
TIMES = ("multiplication", {"free_cards": 0})
CLIMB = ("prime-climb", {"turn_limit": 8})
ASSIGNMENT = SOLITAIRE  # the demo's assignment: finish 3 of these, due in a week
DEMO_GAMES = [
    ("Ana", *SOLITAIRE, "medium", [], 9101),
    ("Ana", *SOLITAIRE, "medium", [], 9102),
    ("Ana", *SOLITAIRE, "medium", [], 9103),
    ("Ben", *SOLITAIRE, "easy", [], 9104),
    ("Ben", *SOLITAIRE, "medium", [], 9105),
    ("Chloe", *SOLITAIRE, "easy", [], 9106),
    ("Dev", *SOLITAIRE, "medium", [], 9107),
    ("Emma", *SOLITAIRE, "easy", [], 9108),
    ("Ana", *TIMES, "strong", ["easy"], 9201),
    ("Chloe", *TIMES, "easy", ["strong"], 9202),
    ("Femi", *TIMES, "strong", ["easy"], 9203),
    ("Dev", *CLIMB, "strong", ["easy"], 9301),
    ("Emma", *CLIMB, "easy", ["easy"], 9302),
    # The report's other counts, one of each (docs/rules.md, "Only the child's own play
    # counts"): a win with a hint, a game given up, one a stand-in bot finished, one with no
    # try of their own.
    ("Ben", *SOLITAIRE, "medium", [], 9113, (FIRST, "hint")),
    ("Chloe", *SOLITAIRE, "easy", [], 9112, GIVE_UP),
    ("Dev", *TIMES, "strong", ["easy"], 9211, STAND_IN),
    ("Femi", *TIMES, "strong", ["easy"], 9212, (ONLY, "draw")),
]
AWAY_AFTER = 6  # own moves before giving up, or before a stand-in bot takes over
