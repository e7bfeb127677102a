"""PrimePak: the deck and its games.

The shared deck layer: cards.py (the cards and deck levels), levels.py (progress by deck
level), factorsets.py (factor sets), meld.py (sets and runs for the rummy games) and base.py
(PrimePakGame, the Game base of every PrimePak game). One package per game beside it:
challenge/, canasta/, rummy/, solitaire/ and primebomb/ (Prime Bomb – Capture), each with its
game.py, moves.py, bots.py and texts.py. Importing this package registers the five games.
"""

from games.engine.registry import register

from .canasta.game import PRIME_CANASTA
from .challenge.game import CHALLENGE
from .primebomb.game import PRIME_BOMB
from .rummy.game import FACTOR_RUMMY
from .solitaire.game import SOLITAIRE

register(CHALLENGE)
register(SOLITAIRE)
register(FACTOR_RUMMY)
register(PRIME_CANASTA)
register(PRIME_BOMB)
