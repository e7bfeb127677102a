"""Prime Bomb – Capture: every player throws cards in secret to capture the flipped card.

Only the rules core (`rules.py`) so far; the game is not registered (the platform part,
simultaneous secret moves, comes later: issue 16).
"""
