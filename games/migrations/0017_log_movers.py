"""Issue 30, "Who moved": every event of a game's public log says who made its move ("by",
engine.mark_mover), and only events without it are marked when a move is kept. The events of
games going on now were logged before: mark them as they were told (the player's own), so the
next move does not claim them."""

from django.db import migrations


def mark_logged(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    for match in Match.objects.filter(status__in=["lobby", "playing"]).iterator(chunk_size=200):
        log = match.state.get("log") if isinstance(match.state, dict) else None
        if not isinstance(log, list):
            continue
        changed = False
        for event in log:
            if isinstance(event, dict) and "by" not in event:
                event["by"] = None
                changed = True
        if changed:
            Match.objects.filter(pk=match.pk).update(state=match.state)


class Migration(migrations.Migration):
    dependencies = [("games", "0016_products_shown_setting")]

    operations = [migrations.RunPython(mark_logged, migrations.RunPython.noop)]
