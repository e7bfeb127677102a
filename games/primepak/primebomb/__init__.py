"""Prime Bomb – Capture: every player throws cards in secret to capture the flipped card.

On the PrimePak deck (games/primepak: the cards, the deck levels and the PrimePak base).
rules.py holds the rules, moves.py the moves, game.py the Game (secret simultaneous choices,
the clocks; games/primepak/__init__.py registers it), bots.py the computer players and
texts.py How to play, Learn to play and the rules for teachers.
"""
