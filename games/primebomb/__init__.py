"""Prime Bomb – Capture: every player throws cards in secret to capture the flipped card.

rules.py holds the rules, game.py the Game (secret simultaneous choices, the clocks), bots.py
the computer players and texts.py How to play, Learn to play and the rules for teachers.
"""

from games.engine.registry import register

from .game import PRIME_BOMB

register(PRIME_BOMB)
