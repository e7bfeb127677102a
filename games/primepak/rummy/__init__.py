"""Factor Rummy: fill your hand with factor sets, then go out before the others.

state.py holds the deal, the scoring and the round's end, moves.py the moves, game.py the Game
(which games/primepak/__init__.py registers), bots.py the computer players and texts.py How to
play, Learn to play and the rules for teachers.
"""
