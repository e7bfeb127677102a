"""Shared bits for the benchmarks: machine description and percentiles."""

import os
import platform
import statistics


def machine() -> str:
    """One line about the machine the figures come from."""
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as info:
            cpu = next(line.split(":", 1)[1].strip() for line in info if "model name" in line)
    except (OSError, StopIteration):
        pass
    return f"{platform.node()}: {os.cpu_count()} cores, {cpu}, Python {platform.python_version()}"


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
