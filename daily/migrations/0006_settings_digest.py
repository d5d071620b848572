"""The project's words (docs/GLOSSARY.md): a daily answer's ``board`` (a digest of the
word-maker's settings) is its ``settings_digest``. A rename: every stored answer stays."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('daily', '0005_dailygame'),
    ]

    operations = [
        migrations.RemoveConstraint(model_name='dailyanswer', name='dailyanswer_one_per_position'),
        migrations.RenameField(model_name='dailyanswer', old_name='board', new_name='settings_digest'),
        migrations.AddConstraint(
            model_name='dailyanswer',
            constraint=models.UniqueConstraint(fields=('puzzle', 'settings_digest', 'position'), name='dailyanswer_one_per_position'),
        ),
        migrations.AlterField(
            model_name='dailygame',
            name='played_as_guest',
            field=models.BooleanField(default=False, help_text="An attempt a visitor played as a guest: the day's one attempt, never ranked nor on the day's leaderboard, kept when they sign up."),
        ),
    ]
