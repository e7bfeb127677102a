# The progress models moved to the progress app (issue 31: one-way apps). Only Django's state
# changes here: their tables stay as they are, under the same names, and progress migration
# 0001_initial takes the models over (Meta.db_table keeps the old names).

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('classrooms', '0006_progress_passive_and_helped_wins'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name='ProgressCounted'),
                migrations.DeleteModel(name='ReportJob'),
                migrations.DeleteModel(name='StudentProgress'),
            ],
            database_operations=[],
        ),
    ]
