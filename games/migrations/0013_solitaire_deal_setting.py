"""Prime Solitaire has a new setting, "deal" (a new shuffle, or the deal of the day): games and
assignments made before it had a new shuffle. Progress matches a game's settings to its
assignment's exactly, so both get the setting."""

from django.db import migrations

GAME = "prime-solitaire"


def add_deal(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Assignment = apps.get_model("classrooms", "Assignment")
    for match in Match.objects.filter(game=GAME).only("settings", "state").iterator():
        match.settings = {**match.settings, "deal": match.settings.get("deal", "shuffled")}
        if match.state and "settings" in match.state:
            match.state["settings"] = {**match.state["settings"], "deal": "shuffled"}
        match.save(update_fields=["settings", "state"])
    for assignment in Assignment.objects.filter(game=GAME).only("settings").iterator():
        assignment.settings = {**assignment.settings, "deal": "shuffled"}
        assignment.save(update_fields=["settings"])


def drop_deal(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Assignment = apps.get_model("classrooms", "Assignment")
    for model in (Match, Assignment):
        for row in model.objects.filter(game=GAME).iterator():
            row.settings = {k: v for k, v in row.settings.items() if k != "deal"}
            fields = ["settings"]
            if model is Match and row.state and "settings" in row.state:
                row.state["settings"].pop("deal", None)
                fields.append("state")
            row.save(update_fields=fields)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0012_solitaire_medium_bot"),
        ("classrooms", "0005_sounds_and_watching"),
    ]

    operations = [migrations.RunPython(add_deal, drop_deal)]
