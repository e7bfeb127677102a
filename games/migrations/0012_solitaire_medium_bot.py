"""Prime Solitaire's careful bot is now called "medium" (a strong bot joined it)."""

from django.db import migrations


def rename(apps, old, new):
    Seat = apps.get_model("games", "Seat")
    Seat.objects.filter(match__game="prime-solitaire", bot=old).update(bot=new)


class Migration(migrations.Migration):
    dependencies = [("games", "0011_seat_former_student")]

    operations = [
        migrations.RunPython(
            lambda apps, schema_editor: rename(apps, "fair", "medium"),
            lambda apps, schema_editor: rename(apps, "medium", "fair"),
        )
    ]
