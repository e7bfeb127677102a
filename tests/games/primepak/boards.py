"""What the board tests of the card games share: a match and seats as a template reads them,
without the database."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class FakeMatch:
    pk: int = 7
    version: int = 12
    status: str = "playing"


@dataclass
class FakeSeat:
    index: int
    display_name: str
    bot_stand_in: bool = False
    is_human: bool = True
    match: FakeMatch = field(default_factory=FakeMatch)
