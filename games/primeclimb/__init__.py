"""Prime Climb: two pawns each climb the coloured spiral from 0 to 101 with +, −, × and ÷.

Pure Python (no Django) apart from this registration with the platform's registry.
"""

from games.engine.registry import register

from .rules import PRIME_CLIMB

register(PRIME_CLIMB)
