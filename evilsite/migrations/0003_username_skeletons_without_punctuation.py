"""The skeletons of every name again, now that they leave out ``. _ - @ +`` (issue 26)."""

from django.conf import settings
from django.db import migrations


def remember_skeletons_again(apps, schema_editor):
    """Every account's skeletons by today's rule: new names are checked against them."""
    from django.contrib.auth import get_user_model

    from accounts.usernames import skeletons

    name_field = get_user_model().USERNAME_FIELD
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    UsernameSkeleton = apps.get_model("evilsite", "UsernameSkeleton")
    UsernameSkeleton.objects.all().delete()
    rows = []
    for pk, username in User.objects.values_list("pk", name_field).iterator():
        rows.extend(UsernameSkeleton(user_id=pk, skeleton=text) for text in skeletons(username))
    UsernameSkeleton.objects.bulk_create(rows, batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("evilsite", "0002_username_skeletons"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [migrations.RunPython(remember_skeletons_again, migrations.RunPython.noop)]
