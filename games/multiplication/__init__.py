"""The Multiplication Game: discard cards of the 10 × 10 table that share a multiplier.

cards.py holds the deck; moves.py the moves and their JSON form; rules.py the deal, the checks
and the changes a move makes; view.py and story.py what a player sees; game.py the Game and
its registration; bots.py the computer players; texts.py How to play, Learn to play and the
rules for teachers.
"""

from .game import MULTIPLICATION  # noqa: F401  importing the package registers the game
