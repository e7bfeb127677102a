"""The progress charts' geometry: bars fill their width in status order, labels fit."""

from progress.svg import BAR_WIDTH, PLOT_WIDTH, accuracy_chart, stacked_bar, stars


def test_a_stacked_bar_keeps_the_status_order_and_fills_its_width():
    bar = stacked_bar({"mastered": 1, "not_started": 2, "practising": 1})
    assert [s.status for s in bar.segments] == ["not_started", "practising", "mastered"]
    assert [s.count for s in bar.segments] == [2, 1, 1]
    assert bar.segments[0].x == 0 and bar.segments[1].x == bar.segments[0].width
    assert abs(sum(s.width for s in bar.segments) - BAR_WIDTH) < 0.5
    assert bar.total == 4
    assert bar.text == "2 not started, 1 practising, 1 mastered"


def test_an_empty_bar_says_so_and_tiny_segments_carry_no_label():
    assert stacked_bar({}).segments == [] and stacked_bar({}).text == "no students"
    bar = stacked_bar({"not_started": 60, "mastered": 1})
    assert bar.segments[0].labelled and not bar.segments[1].labelled


def test_accuracy_bars_scale_to_the_plot_and_name_missing_answers():
    chart = accuracy_chart([("Level 1", 1.0), ("Level 2", 0.5), ("Level 3", None)])
    assert [bar.width for bar in chart.bars] == [PLOT_WIDTH, PLOT_WIDTH / 2, 0]
    assert [bar.percent for bar in chart.bars] == ["100%", "50%", "no answers yet"]
    assert chart.bars[0].y < chart.bars[1].y < chart.bars[2].y < chart.plot_bottom < chart.height
    assert chart.text == "Level 1: 100%; Level 2: 50%; Level 3: no answers yet"


def test_long_labels_are_shortened_on_the_chart_only():
    label = "Prime Climb Solitaire 2 · Level with a very long name"
    bar = accuracy_chart([(label, 0.3)]).bars[0]
    assert bar.short_label.endswith("…") and len(bar.short_label) <= 28
    assert bar.label == label


def test_stars_are_three_with_some_filled():
    assert [stars(n) for n in (0, 2, 3, 7, -1)] == ["☆☆☆", "★★☆", "★★★", "★★★", "☆☆☆"]
