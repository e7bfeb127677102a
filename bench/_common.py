"""Shared bits for the benchmarks: machine description and percentiles."""

import math
import os
import platform
import statistics
from importlib import import_module

from config.games import GAMES

for _module in GAMES:  # the games register themselves (Django's games app does this too)
    import_module(_module)


def machine() -> str:
    """One line about the machine the figures come from."""
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as info:
            cpu = next(line.split(":", 1)[1].strip() for line in info if "model name" in line)
    except (OSError, StopIteration):
        pass
    return f"{platform.node()}: {os.cpu_count()} cores, {cpu}, Python {platform.python_version()}"


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate (wins may count a shared win as a half)."""
    if not games:
        return (math.nan, math.nan)
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    return (centre - half / (1 + z * z / games), centre + half / (1 + z * z / games))


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) of values, by linear interpolation."""
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[max(0, min(98, round(q) - 1))]


def summary(name: str, values_ms: list[float], errors: int = 0) -> str:
    """A table row: count, p50, p95, p99, max, errors."""
    if not values_ms:
        return f"{name:<34} {'—':>7}"
    return (
        f"{name:<34} {len(values_ms):>7} {percentile(values_ms, 50):>8.2f} "
        f"{percentile(values_ms, 95):>8.2f} {percentile(values_ms, 99):>8.2f} "
        f"{max(values_ms):>8.2f} {errors:>7}"
    )


HEADER = (
    f"{'':<34} {'count':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8} {'errors':>7}"
)


def _processes() -> dict[int, tuple[str, int, float, float]]:
    """Every process: pid -> (name, parent pid, user and system CPU seconds so far)."""
    ticks = os.sysconf("SC_CLK_TCK")
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                text = stat.read()
        except OSError:
            continue
        name = text[text.index("(") + 1 : text.rindex(")")]
        fields = text[text.rindex(")") + 2 :].split()
        found[int(entry)] = (name, int(fields[1]), int(fields[11]) / ticks, int(fields[12]) / ticks)
    return found


def cpu_seconds(roots: dict[str, int], names: dict[str, str]) -> dict[str, tuple[float, float]]:
    """(user, system) CPU seconds used so far by process trees (label -> root pid) and by
    processes whose name starts with a prefix (label -> prefix: "postgres", "redis-server")."""
    procs = _processes()
    children: dict[int, list[int]] = {}
    for pid, (_, parent, _, _) in procs.items():
        children.setdefault(parent, []).append(pid)
    used = {}
    for label, root in roots.items():
        tree, user, system = [root], 0.0, 0.0
        while tree:
            pid = tree.pop()
            _, _, u, s = procs.get(pid, ("", 0, 0.0, 0.0))
            user, system = user + u, system + s
            tree.extend(children.get(pid, []))
        used[label] = (user, system)
    for label, prefix in names.items():
        mine = [(u, s) for name, _, u, s in procs.values() if name.startswith(prefix)]
        used[label] = (sum(u for u, _ in mine), sum(s for _, s in mine))
    return used
