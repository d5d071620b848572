"""English pages' dates as the site always wrote them ("28 Nov 2026", "2026-11-28 23:42"),
not Django's American ones ("Nov. 28, 2026", "11/28/2026 11:42 p.m.").

The pages name formats (``|date:"SHORT_DATETIME_FORMAT"``), never write one, so each
language gets its own: Spanish, French and German take Django's (``28 de noviembre de
2026``, ``28/11/2026 23:42``, ``28.11.2026 23:42``). Read through ``FORMAT_MODULE_PATH``.
"""

DATE_FORMAT = "j M Y"
SHORT_DATE_FORMAT = "Y-m-d"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
DATETIME_FORMAT = "j M Y H:i"
MONTH_DAY_FORMAT = "j M"
TIME_FORMAT = "H:i"
