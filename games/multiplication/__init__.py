"""The Multiplication Game: discard cards of the 10 × 10 table that share a multiplier."""

from games.engine.registry import register

from .rules import MultiplicationGame

register(MultiplicationGame())
