"""PrimePak: the deck levels, factor sets, and one module per PrimePak game."""

from games.engine.registry import register

from .canasta import PRIME_CANASTA
from .challenge import CHALLENGE
from .rummy import FACTOR_RUMMY
from .solitaire import SOLITAIRE

register(CHALLENGE)
register(SOLITAIRE)
register(FACTOR_RUMMY)
register(PRIME_CANASTA)
