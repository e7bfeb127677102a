# The progress models, moved from the classrooms app with their tables as they are (issue 31:
# one-way apps): only Django's state changes here. The tables keep their classrooms names
# (Meta.db_table), made by classrooms migrations 0003, 0004 and 0006; classrooms migration
# 0007 forgets the models first.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('classrooms', '0007_progress_moved_to_progress_app'),
        ('games', '0017_log_movers'),
    ]

    state_operations = [
        migrations.CreateModel(
            name='StudentProgress',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('game', models.CharField(max_length=40)),
                ('level', models.CharField(max_length=40)),
                ('level_label', models.CharField(max_length=80)),
                ('games_played', models.PositiveIntegerField(default=0)),
                ('games_finished', models.PositiveIntegerField(default=0)),
                ('wins', models.PositiveIntegerField(default=0)),
                ('wins_with_help', models.PositiveIntegerField(db_default=0, default=0)),
                ('games_gave_up', models.PositiveIntegerField(default=0)),
                ('games_stood_in', models.PositiveIntegerField(default=0)),
                ('games_passive', models.PositiveIntegerField(db_default=0, default=0)),
                ('seconds_played', models.PositiveBigIntegerField(default=0)),
                ('attempts', models.PositiveIntegerField(default=0)),
                ('correct', models.PositiveIntegerField(default=0)),
                ('hints', models.PositiveIntegerField(default=0)),
                ('helped', models.PositiveIntegerField(default=0)),
                ('mistakes', models.JSONField(default=dict)),
                ('skills', models.JSONField(default=dict)),
                ('recent', models.JSONField(default=list)),
                ('last_played_at', models.DateTimeField(blank=True, null=True)),
                ('status', models.CharField(choices=[('not_started', 'Not started'), ('practising', 'Practising'), ('proficient', 'Proficient'), ('mastered', 'Mastered')], default='not_started', max_length=12)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('student', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='progress', to='classrooms.student')),
            ],
            options={
                'db_table': 'classrooms_studentprogress',
                'constraints': [models.UniqueConstraint(fields=('student', 'game', 'level'), name='progress_unique_level')],
            },
        ),
        migrations.CreateModel(
            name='ProgressCounted',
            fields=[
                ('pk', models.CompositePrimaryKey('student', 'match', blank=True, editable=False, primary_key=True, serialize=False)),
                ('student', models.ForeignKey(db_constraint=False, db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='classrooms.student')),
                ('match', models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='games.match')),
            ],
            options={
                'db_table': 'classrooms_progresscounted',
            },
        ),
        migrations.CreateModel(
            name='ReportJob',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('class', 'Asked for by the teacher'), ('nightly', 'Nightly rebuild')], default='class', max_length=10)),
                ('status', models.CharField(choices=[('queued', 'Waiting to start'), ('running', 'Running'), ('done', 'Done'), ('failed', 'Failed')], default='queued', max_length=10)),
                ('done', models.PositiveIntegerField(default=0)),
                ('total', models.PositiveIntegerField(default=0)),
                ('error', models.TextField(blank=True)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('started_at', models.DateTimeField(blank=True, null=True)),
                ('finished_at', models.DateTimeField(blank=True, null=True)),
                ('classroom', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='report_jobs', to='classrooms.classroom')),
            ],
            options={
                'db_table': 'classrooms_reportjob',
                'ordering': ['-created_at', '-pk'],
                'indexes': [models.Index(fields=['classroom', 'status'], name='classrooms__classro_4ea866_idx')],
            },
        ),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=state_operations, database_operations=[]),
    ]
