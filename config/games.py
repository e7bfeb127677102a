"""The games this site offers: the packages that register them (settings.GAMES).

Plain Python, so the benchmarks can load the same games without Django. A new game is a new
package under games/ and a line here (a PrimePak game: a package under games/primepak/ and a
line in its __init__); nothing else on the platform names it."""

GAMES = [
    "games.equate",
    "games.multiplication",
    "games.primeclimb",
    "games.primepak",
]
