"""The admin's word list on millions of rows: an index it pages by, and prefix search by index.

On PostgreSQL the text column takes the "C" collation: words are a-z only, so
their order is the same, and a b-tree index in "C" order serves ``LIKE 'abc%'``
(an index in a language's collation does not). SQLite already compares bytes.
"""

from django.db import migrations, models


def text_collation_c(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            'ALTER TABLE dictionaries_word ALTER COLUMN text TYPE varchar(64) COLLATE "C"'
        )


def text_collation_default(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            'ALTER TABLE dictionaries_word ALTER COLUMN text TYPE varchar(64) COLLATE "default"'
        )


class Migration(migrations.Migration):
    dependencies = [
        ("dictionaries", "0004_dictionaryimport"),
    ]

    operations = [
        migrations.RunPython(text_collation_c, text_collation_default, elidable=False),
        migrations.RemoveIndex(model_name="word", name="word_dictionary_length"),
        migrations.AddIndex(
            model_name="word",
            index=models.Index(
                fields=["dictionary", "length", "text"], name="word_dictionary_length_text"
            ),
        ),
    ]
