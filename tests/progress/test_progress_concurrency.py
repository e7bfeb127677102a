"""Progress writers at the same moment: each match is counted once (PostgreSQL row locks)."""

import os
import threading

import pytest
from django.db import connection

from classrooms import services as roster
from progress import services as progress
from progress.models import ProgressCounted, StudentProgress

from .test_progress import facts, played, snapshot

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

THREADS = 8


@pytest.fixture(autouse=True)
def _needs_postgresql(db):
    if connection.vendor != "postgresql":
        if os.environ.get("CI"):
            pytest.fail("CI must run this on PostgreSQL")
        pytest.skip("row locks are tested on PostgreSQL (set DATABASE_URL)")


def at_once(calls) -> list:
    """Run the calls in threads released together; their results (or exceptions)."""
    results: list = []
    barrier = threading.Barrier(len(calls))

    def run(call):
        barrier.wait()
        try:
            results.append(call())
        except Exception as error:  # reported by the test
            results.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_the_same_match_counted_by_many_workers_at_once_is_counted_once(student, classroom):
    ben = roster.student_create(classroom=classroom, name="Ben")
    match = played([student, ben], events=facts(3, 1) + facts(2, 0, seat=1))
    results = at_once([lambda: progress.progress_for_match(match_id=match.pk)] * THREADS)
    assert sorted(results) == [0] * (THREADS - 1) + [2]
    assert ProgressCounted.objects.count() == 2
    assert sorted(StudentProgress.objects.values_list("attempts", flat=True)) == [2, 4]


def test_updates_during_a_rebuild_neither_double_nor_lose_a_match(classroom):
    students = roster.students_import(classroom=classroom, names=[f"S{i}" for i in range(6)])
    matches = [played([s], events=facts(4, 1)) for s in students for _ in range(3)]
    calls = [lambda: progress.progress_rebuild(chunk_size=2)] + [
        (lambda pk=m.pk: progress.progress_for_match(match_id=pk)) for m in matches
    ]
    results = at_once(calls)
    assert not [r for r in results if isinstance(r, Exception)], results
    during = snapshot()
    assert {row["games_played"] for row in during.values()} == {3}
    progress.progress_rebuild()
    assert snapshot() == during
