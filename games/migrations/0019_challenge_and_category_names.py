"""The project's words (docs/GLOSSARY.md): a board prior is a challenge prior, a board
total a category total, the daily board the day's leaderboard. Renames only: every row stays
(tests/test_rename_migrations.py)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('dictionaries', '0007_word_zipf'),
        ('games', '0018_daily_link_out'),
    ]

    operations = [
        migrations.RenameModel(old_name='BoardTotal', new_name='CategoryTotal'),
        migrations.RenameModel(old_name='BoardPrior', new_name='ChallengePrior'),
        migrations.AlterField(
            model_name='challengeprior',
            name='dictionary',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='challenge_priors', to='dictionaries.dictionary'),
        ),
        migrations.RenameIndex(model_name='categorytotal', new_name='categorytotal_category', old_name='boardtotal_bucket'),
        migrations.RenameIndex(model_name='game', new_name='game_ranked_category', old_name='game_ranked_bucket'),
        migrations.AlterField(
            model_name='game',
            name='played_by_bot',
            field=models.BooleanField(db_default=False, default=False, help_text='A program played it through the API (api app): never ranked, never on the human leaderboards, statistics, streaks or daily leaderboard.'),
        ),
        migrations.AlterField(
            model_name='playertotal',
            name='last_scored_at',
            field=models.DateTimeField(help_text='When the points were reached: the latest best win of the categories.', null=True),
        ),
        migrations.RemoveConstraint(model_name='categorytotal', name='boardtotal_unique_bucket'),
        migrations.RemoveConstraint(model_name='categorytotal', name='boardtotal_wins_le_games'),
        migrations.RemoveConstraint(model_name='par', name='par_unique_board'),
        migrations.RemoveConstraint(model_name='challengeprior', name='board_prior_unique_board'),
        migrations.RemoveConstraint(model_name='challengeprior', name='board_prior_games'),
        migrations.RemoveConstraint(model_name='challengeprior', name='board_prior_rule_difficulty'),
        migrations.AddConstraint(
            model_name='categorytotal',
            constraint=models.CheckConstraint(condition=models.Q(('wins__lte', models.F('games'))), name='categorytotal_wins_le_games'),
        ),
        migrations.AddConstraint(
            model_name='categorytotal',
            constraint=models.UniqueConstraint(fields=('player', 'dictionary', 'length', 'difficulty'), name='categorytotal_unique'),
        ),
        migrations.AddConstraint(
            model_name='par',
            constraint=models.UniqueConstraint(fields=('dictionary', 'length', 'difficulty'), name='par_unique_settings'),
        ),
        migrations.AddConstraint(
            model_name='challengeprior',
            constraint=models.UniqueConstraint(fields=('dictionary', 'length', 'difficulty'), name='challenge_prior_unique'),
        ),
        migrations.AddConstraint(
            model_name='challengeprior',
            constraint=models.CheckConstraint(condition=models.Q(('games__gte', 1)), name='challenge_prior_games'),
        ),
        migrations.AddConstraint(
            model_name='challengeprior',
            constraint=models.CheckConstraint(condition=models.Q(('difficulty__in', ['easy', 'medium', 'hard'])), name='challenge_prior_rule_difficulty'),
        ),
    ]
