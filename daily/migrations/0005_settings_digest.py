"""The project's words (docs/GLOSSARY.md): a daily answer's ``board`` (a digest of the
word-maker's settings) is its ``settings_digest``. A rename: every stored answer stays."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('daily', '0004_settings_fields'),
    ]

    operations = [
        migrations.RemoveConstraint(model_name='dailyanswer', name='dailyanswer_one_per_position'),
        migrations.RenameField(model_name='dailyanswer', old_name='board', new_name='settings_digest'),
        migrations.AddConstraint(
            model_name='dailyanswer',
            constraint=models.UniqueConstraint(fields=('puzzle', 'settings_digest', 'position'), name='dailyanswer_one_per_position'),
        ),
    ]
