"""Issue 30: Prime Challenge, Prime Solitaire and The Multiplication Game have a "product while
choosing" setting ("multipliers while choosing" in The Multiplication Game), hidden unless the
teacher shows it. Games played before it were played with the products shown: they keep them,
so their replays, boards and learning records agree. Assignments made before it get the new
default (hidden), as docs/rules.md says: the child works the products out."""

from django.db import migrations

GAMES = ("prime-challenge", "prime-solitaire", "multiplication")


def forwards(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Assignment = apps.get_model("classrooms", "Assignment")
    for match in Match.objects.filter(game__in=GAMES).only("settings", "state").iterator():
        if "product" in match.settings:
            continue
        match.settings = {**match.settings, "product": "shown"}
        fields = ["settings"]
        if match.state and isinstance(match.state.get("settings"), dict):
            match.state = {
                **match.state,
                "settings": {**match.state["settings"], "product": "shown"},
            }
            fields.append("state")
        match.save(update_fields=fields)
    for assignment in Assignment.objects.filter(game__in=GAMES).only("settings").iterator():
        if "product" not in assignment.settings:
            assignment.settings = {**assignment.settings, "product": "hidden"}
            assignment.save(update_fields=["settings"])


class Migration(migrations.Migration):
    dependencies = [
        ("classrooms", "0006_progress_passive_and_helped_wins"),
        ("games", "0015_seat_own_play"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
