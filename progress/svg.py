"""Server-drawn charts for the progress pages: the geometry here, the markup in templates.

No script and no inline style (the CSP forbids both): templates write plain SVG attributes
and CSS classes from these numbers. Every chart has its numbers as text next to it too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

STATUSES = ("not_started", "practising", "proficient", "mastered")
STATUS_WORDS = {
    "not_started": "Not started",
    "practising": "Practising",
    "proficient": "Proficient",
    "mastered": "Mastered",
}
BAR_WIDTH = 320
BAR_HEIGHT = 26
MIN_LABELLED = 18  # narrower segments would crowd their number: the table beside has it


@dataclass(frozen=True)
class Segment:
    """One status's part of a stacked bar."""

    status: str
    count: int
    x: float
    width: float

    @property
    def word(self) -> str:
        return STATUS_WORDS.get(self.status, self.status)

    @property
    def label_x(self) -> float:
        return round(self.x + self.width / 2, 1)

    @property
    def labelled(self) -> bool:
        return self.width >= MIN_LABELLED


@dataclass(frozen=True)
class StackedBar:
    """How many students are at each status on one level, as a bar of BAR_WIDTH."""

    segments: list[Segment]
    total: int
    width: int = BAR_WIDTH
    height: int = BAR_HEIGHT

    @property
    def text(self) -> str:
        """The bar in words, for screen readers and titles."""
        parts = [f"{s.count} {s.word.lower()}" for s in self.segments]
        return ", ".join(parts) if parts else "no students"


def stacked_bar(counts: Mapping[str, int], *, width: int = BAR_WIDTH) -> StackedBar:
    """Segments for each status with students, in the order a student moves through them."""
    total = sum(max(0, counts.get(status, 0)) for status in STATUSES)
    segments, x = [], 0.0
    for status in STATUSES:
        count = max(0, counts.get(status, 0))
        if not count:
            continue
        part = round(width * count / total, 1)
        segments.append(Segment(status, count, round(x, 1), part))
        x += part
    return StackedBar(segments, total, width)


ROW_HEIGHT = 28
ROW_GAP = 8
LABEL_WIDTH = 250
PLOT_WIDTH = 300
LABEL_CHARS = 28  # about what fits in LABEL_WIDTH at the chart's font size


@dataclass(frozen=True)
class HBar:
    """One row of a horizontal bar chart: a label and a value 0–1 (None: no answers yet)."""

    label: str
    value: float | None
    y: float
    width: float

    @property
    def short_label(self) -> str:
        return self.label if len(self.label) <= LABEL_CHARS else self.label[: LABEL_CHARS - 1] + "…"

    @property
    def percent(self) -> str:
        return "no answers yet" if self.value is None else f"{self.value * 100:.0f}%"

    @property
    def text_y(self) -> float:
        return self.y + ROW_HEIGHT / 2 + 5  # the text's baseline, about centred on the bar

    @property
    def value_x(self) -> float:
        return LABEL_WIDTH + self.width + 6


@dataclass(frozen=True)
class BarChart:
    """Horizontal bars (accuracy per level), with gridlines at 0, 50 and 100%."""

    bars: list[HBar]
    label_width: int = LABEL_WIDTH
    plot_width: int = PLOT_WIDTH
    bar_height: int = ROW_HEIGHT

    @property
    def width(self) -> int:
        return self.label_width + self.plot_width + 64  # room for "100%" after a full bar

    @property
    def plot_bottom(self) -> int:
        return len(self.bars) * (ROW_HEIGHT + ROW_GAP)

    @property
    def height(self) -> int:
        return self.plot_bottom + 22  # the axis labels

    @property
    def axis_y(self) -> int:
        return self.plot_bottom + 16

    @property
    def grid(self) -> list[tuple[float, str]]:
        return [(self.label_width + self.plot_width * f, f"{f * 100:.0f}%") for f in (0, 0.5, 1)]

    @property
    def text(self) -> str:
        """The chart in words."""
        return "; ".join(f"{bar.label}: {bar.percent}" for bar in self.bars)


def accuracy_chart(rows: Iterable[tuple[str, float | None]]) -> BarChart:
    """Bars for (label, accuracy) rows, top to bottom; a chart with no bars for no rows."""
    bars = []
    for index, (label, value) in enumerate(rows):
        fraction = 0.0 if value is None else min(1.0, max(0.0, value))
        y = index * (ROW_HEIGHT + ROW_GAP) + ROW_GAP / 2
        bars.append(HBar(label, value, y, round(PLOT_WIDTH * fraction, 1)))
    return BarChart(bars)


def stars(count: int) -> str:
    """ "★★☆" for 2 of 3 stars."""
    count = min(3, max(0, count))
    return "★" * count + "☆" * (3 - count)
