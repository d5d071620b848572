"""Every account's skeletons computed again by today's rule (issue 37, finding 4): Unicode's
confusable skeletons as ICU computes them, after ICU's Latin-ASCII transform and letters
read by their names, so that letters with strokes and small capitals (``đ``, ``ø``, ``ᴅ``,
``ⱦ``, ``ꭤ``) are look-alikes of their plain letters.

Existing accounts whose names now share a skeleton keep both names: nobody is renamed
or locked out; only new names are refused (docs/security.md).
"""

from django.conf import settings
from django.db import migrations


def remember_usernames(apps, schema_editor):
    from django.contrib.auth import get_user_model

    from accounts.usernames import skeletons

    name_field = get_user_model().USERNAME_FIELD
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    UsernameSkeleton = apps.get_model("accounts", "UsernameSkeleton")
    UsernameSkeleton.objects.all().delete()
    rows = []
    for pk, username in User.objects.values_list("pk", name_field).iterator():
        rows.extend(UsernameSkeleton(user_id=pk, skeleton=text) for text in skeletons(username))
        if len(rows) >= 1000:
            UsernameSkeleton.objects.bulk_create(rows)
            rows = []
    UsernameSkeleton.objects.bulk_create(rows)


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0002_preferences"),
    ]

    operations = [
        migrations.RunPython(remember_usernames, migrations.RunPython.noop),
    ]
