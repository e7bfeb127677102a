"""Fill Match.level and LearningRecord.level_key for matches made before progress reports."""

from django.db import migrations
from django.db.models import OuterRef, Subquery

BATCH = 2000


def fill(apps, schema_editor):
    # The rules decide a match's level (pure Python, no models): the same call match_create
    # makes today.
    from games.engine import get_game

    Match = apps.get_model("games", "Match")
    LearningRecord = apps.get_model("games", "LearningRecord")
    by_level: dict[str, list[int]] = {}
    for match in Match.objects.only("id", "game", "settings").iterator(chunk_size=BATCH):
        try:
            key = get_game(match.game).progress_level(match.settings)[0]
        except KeyError:  # a game no longer offered
            key = "all"
        by_level.setdefault(key, []).append(match.pk)
    for key, ids in by_level.items():
        for start in range(0, len(ids), BATCH):
            Match.objects.filter(pk__in=ids[start : start + BATCH]).update(level=key)
    level = Match.objects.filter(pk=OuterRef("match_id")).values("level")[:1]
    LearningRecord.objects.update(level_key=Subquery(level))


class Migration(migrations.Migration):
    dependencies = [("games", "0005_progress_level")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
