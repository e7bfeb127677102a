"""Equate: equations crossword-style. Rules core only so far (tiles.py: the tile set, scores and
premium squares; expr.py: reading one line of tiles; board.py: lines and their scores on the
board; rules.py: the deal, plays, trades, passes and the end); not registered as a game yet."""
