"""An assignment's games are stored as counting for it (``Game.counts_as``), as the hook the
classes app registered said of them (no hint, no undo, secret while played)."""

from django.db import migrations


def mark_assignment_games(apps, schema_editor):
    alias = schema_editor.connection.alias
    game_model = apps.get_model("games", "Game")
    link_model = apps.get_model("classes", "AssignmentGame")
    linked = link_model.objects.using(alias).values("game_id")
    game_model.objects.using(alias).filter(pk__in=linked, played_by_computer=False).update(
        counts_as="assignment"
    )


def unmark_assignment_games(apps, schema_editor):
    alias = schema_editor.connection.alias
    game_model = apps.get_model("games", "Game")
    assignment_games = game_model.objects.using(alias).filter(counts_as="assignment")
    assignment_games.filter(is_ranked=False, unranked_by_hint=False).update(counts_as="")
    assignment_games.update(counts_as="ranked")


class Migration(migrations.Migration):
    dependencies = [
        ("classes", "0003_settings_fields"),
        ("games", "0017_counts_as"),
    ]

    operations = [
        migrations.RunPython(mark_assignment_games, unmark_assignment_games, elidable=False),
    ]
