"""Prime Climb gained the setting "show the results" (issue 11), off by default: children now
work out where each pawn lands. Games played before it were played with the results shown, so
they keep that setting (their move logs have no answers, and must replay exactly); assignments
made before it get the new default, so the games started from them match them again."""

from django.db import migrations

GAME = "prime-climb"


def forwards(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Assignment = apps.get_model("classrooms", "Assignment")
    for match in Match.objects.filter(game=GAME).iterator():
        if "show_results" in match.settings:
            continue
        match.settings = {**match.settings, "show_results": "yes"}
        if match.state and isinstance(match.state.get("settings"), dict):
            match.state = {
                **match.state,
                "settings": {**match.state["settings"], "show_results": "yes"},
            }
        match.save(update_fields=["settings", "state"])
    for assignment in Assignment.objects.filter(game=GAME).iterator():
        if "show_results" not in assignment.settings:
            assignment.settings = {**assignment.settings, "show_results": "no"}
            assignment.save(update_fields=["settings"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_learn_practice_give_up"),
        ("classrooms", "0004_progress_help_and_own_games"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
