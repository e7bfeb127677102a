"""Equate: equations crossword-style on a 19 × 19 board.

tiles.py holds the tile sets, scores and premium squares; expr.py reads one line of tiles;
board.py the lines and their scores; rules.py the deal, plays, trades, passes and the end;
movegen.py (with scan.py) finds the plays; moves.py the moves and their JSON and form text;
game.py is the Game; bots.py the computer players (best.py their search); texts.py How to play,
Learn to play and the rules for teachers.
"""

from games.engine.registry import register

from .game import EQUATE

register(EQUATE)
