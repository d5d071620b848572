"""The project's words (docs/GLOSSARY.md): a rated board is a challenge. Renames only:
every rating and change stays (tests/test_rename_migrations.py)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0019_challenge_and_category_names'),
        ('ratings', '0002_board_history'),
    ]

    operations = [
        migrations.RenameModel(old_name='BoardRating', new_name='ChallengeRating'),
        migrations.RenameIndex(model_name='challengerating', new_name='challengerating_by_rating', old_name='boardrating_by_rating'),
        migrations.RemoveConstraint(model_name='challengerating', name='boardrating_positive_spread'),
        migrations.RemoveConstraint(model_name='challengerating', name='boardrating_unique_board'),
        migrations.RemoveIndex(model_name='ratingchange', name='ratingchange_board_hist'),
        migrations.RenameField(model_name='ratingchange', old_name='board', new_name='challenge'),
        migrations.RenameField(model_name='ratingchange', old_name='board_after', new_name='challenge_after'),
        migrations.RenameField(model_name='ratingchange', old_name='board_before', new_name='challenge_before'),
        migrations.RenameField(model_name='ratingchange', old_name='board_deviation_after', new_name='challenge_deviation_after'),
        migrations.RenameField(model_name='ratingchange', old_name='moved_board', new_name='moved_challenge'),
        migrations.AlterField(
            model_name='ratingchange',
            name='challenge_deviation_after',
            field=models.FloatField(default=350.0, help_text='Read to decide whether a later game on the challenge counts (ratings.rules).'),
        ),
        migrations.AlterField(
            model_name='ratingchange',
            name='moved_challenge',
            field=models.BooleanField(default=True, help_text="Whether the result moved the challenge's rating too (ratings.rules.moves_challenge)."),
        ),
        migrations.AddIndex(
            model_name='ratingchange',
            index=models.Index(fields=['challenge', 'finished_at', 'game'], name='ratingchange_challenge_hist'),
        ),
        migrations.AddConstraint(
            model_name='challengerating',
            constraint=models.CheckConstraint(condition=models.Q(('deviation__gt', 0), ('volatility__gt', 0)), name='challengerating_positive_spread'),
        ),
        migrations.AddConstraint(
            model_name='challengerating',
            constraint=models.UniqueConstraint(fields=('dictionary', 'length', 'max_misses', 'difficulty'), name='challengerating_unique'),
        ),
    ]
