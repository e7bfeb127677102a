"""PrimePak: the deck levels, factor sets, and one module per PrimePak game."""

from games.engine.registry import register

from .challenge import CHALLENGE
from .solitaire import SOLITAIRE

register(CHALLENGE)
register(SOLITAIRE)
