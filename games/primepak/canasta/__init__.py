"""Prime Canasta: lay down factor sets and runs of primes with your side, make canastas, go out.

state.py holds the rules core, moves.py the moves and what each does, game.py the Game (which
games/primepak/__init__.py registers), bots.py the computer players and texts.py How to play,
Learn to play and the rules for teachers.
"""
