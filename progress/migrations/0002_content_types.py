# The moved models' content types follow them to the progress app, so their permissions (and
# anything else pointing at a content type) stay attached; no new ones, no stale classrooms
# ones. A fresh database has none yet: this then does nothing.

from django.db import migrations

MODELS = ('studentprogress', 'progresscounted', 'reportjob')


def move_content_types(apps, schema_editor, source, target):
    ContentType = apps.get_model('contenttypes', 'ContentType')
    types = ContentType.objects.using(schema_editor.connection.alias)
    for model in MODELS:
        if not types.filter(app_label=target, model=model).exists():
            types.filter(app_label=source, model=model).update(app_label=target)


def forwards(apps, schema_editor):
    move_content_types(apps, schema_editor, 'classrooms', 'progress')


def backwards(apps, schema_editor):
    move_content_types(apps, schema_editor, 'progress', 'classrooms')


class Migration(migrations.Migration):

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('progress', '0001_initial'),
    ]

    operations = [
        migrations.RunPython(forwards, backwards),
    ]
