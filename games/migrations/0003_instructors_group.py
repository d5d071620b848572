"""The "Instructors" group: members may review every player's games.

Permissions are normally created by a post_migrate signal, i.e. only after
every migration has run, so this migration makes the ones it grants itself
(get_or_create: the signal later finds them and adds nothing). Admins put
people in the group from the user admin.
"""

from __future__ import annotations

from django.db import migrations

INSTRUCTORS_GROUP = "Instructors"
# (model, codename, name) granted to the group: the review permission, plus
# read access to games and moves in the admin for instructors who are staff.
GRANTED = (
    ("game", "review_all_games", "Can review every player's games"),
    ("game", "view_game", "Can view game"),
    ("move", "view_move", "Can view move"),
)


def create_instructors_group(apps, schema_editor) -> None:
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")
    using = schema_editor.connection.alias
    group, _ = Group.objects.using(using).get_or_create(name=INSTRUCTORS_GROUP)
    for model, codename, name in GRANTED:
        content_type, _ = ContentType.objects.using(using).get_or_create(
            app_label="games", model=model
        )
        permission, _ = Permission.objects.using(using).get_or_create(
            content_type=content_type, codename=codename, defaults={"name": name}
        )
        group.permissions.add(permission)


def remove_instructors_group(apps, schema_editor) -> None:
    Group = apps.get_model("auth", "Group")
    Group.objects.using(schema_editor.connection.alias).filter(name=INSTRUCTORS_GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("games", "0002_leaderboard_indexes_and_totals"),
    ]

    operations = [
        migrations.RunPython(create_instructors_group, remove_instructors_group),
    ]
