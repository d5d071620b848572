"""``Dictionary.key_order`` where 0009 did not make it.

Migration 0009 was edited after release 0.4.0 (tag v0.4.0): ``key_order`` was added to
it two minutes later. A database migrated by 0.4.0's 0009 recorded it as applied without
the column, so ``migrate`` found nothing to do and the first query of a dictionary
failed. This adds the column where it is missing (SQLite and PostgreSQL alike; a database
that has it is left as it is) and fills it for the lists already imported, as an import
would have (their letters, the commonest first). The model's state already has the field
(0009's), so only the database changes. Nothing to undo backwards: the column is 0009's.
"""

from collections import Counter

from django.db import migrations


def _commonest_first(alphabet, words):
    # dictionaries.languages.commonest_first as it was at 0.4.2, frozen here: a migration
    # must not change when the code it was written against does.
    holding = Counter(letter for word in words for letter in set(word))
    return "".join(sorted(alphabet, key=lambda c: (-holding[c], alphabet.index(c))))


def add_key_order_where_missing(apps, schema_editor):
    dictionary_model = apps.get_model("dictionaries", "Dictionary")
    table = dictionary_model._meta.db_table
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        columns = {
            column.name for column in connection.introspection.get_table_description(cursor, table)
        }
    if "key_order" in columns:
        return
    schema_editor.add_field(dictionary_model, dictionary_model._meta.get_field("key_order"))
    word_model = apps.get_model("dictionaries", "Word")
    for dictionary in dictionary_model.objects.using(connection.alias).only("pk", "alphabet"):
        words = (
            word_model.objects.using(connection.alias)
            .filter(dictionary_id=dictionary.pk)
            .values_list("text", flat=True)
            .iterator(chunk_size=20_000)
        )
        dictionary_model.objects.using(connection.alias).filter(pk=dictionary.pk).update(
            key_order=_commonest_first(dictionary.alphabet, words)
        )


class Migration(migrations.Migration):
    dependencies = [
        ("dictionaries", "0009_languages_at_import"),
    ]

    operations = [
        migrations.RunPython(
            add_key_order_where_missing, migrations.RunPython.noop, elidable=False
        ),
    ]
