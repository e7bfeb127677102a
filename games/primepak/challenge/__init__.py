"""Prime Challenge: pick up factor sets from a shared foundation; opponents challenge mistakes.

state.py holds the state and its checks, flow.py the turns and the clock, judge.py the
challenges, view.py what each player sees, moves.py the moves, game.py the Game (which
games/primepak/__init__.py registers), bots.py the computer players and texts.py How to play,
Learn to play and the rules for teachers.
"""
