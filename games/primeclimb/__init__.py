"""Prime Climb: two pawns each climb the coloured spiral from 0 to 101 with +, −, × and ÷.

game.py is the Game and its registration, moves.py the moves, bots.py the computer players,
texts.py How to play, Learn to play and the rules for teachers; the rules modules beside them
are listed in game.py. Pure Python: no Django.
"""

from .game import PRIME_CLIMB  # noqa: F401  importing the package registers the game
