"""Prime Solitaire: clear a layout of overlapping cards by forming factor sets.

layout.py holds the layouts, search.py finds the sets the rules allow, moves.py the moves,
state.py the deal and how the state reads and changes, game.py the Game (which
games/primepak/__init__.py registers), solver.py the solver (the deal of the day, the
teacher's analysis), bots.py the computer players and texts.py How to play, Learn to play and
the rules for teachers.
"""
