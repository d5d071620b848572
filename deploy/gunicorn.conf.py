"""gunicorn's configuration for an app node (deploy/systemd/evilhangman-web.service):
``gunicorn -c deploy/gunicorn.conf.py evilsite.wsgi``. See docs/deploying.md."""

import multiprocessing
import os

# Only the reverse proxy on this host reaches gunicorn (DJANGO_TRUSTED_PROXIES=127.0.0.1).
# Under systemd the socket is evilhangman-web.socket's (ListenStream=, the same address),
# which gunicorn takes from systemd instead of binding it: a restart refuses nobody.
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")

# Two synchronous workers a core: a guess is CPU work (the word-maker's search) with short
# waits on the database in between. Each worker keeps up to LEXICON_CACHE_MB of word lists,
# so a node needs about workers x (LEXICON_CACHE_MB + 150 MB) of memory.
workers = int(os.environ.get("GUNICORN_WORKERS", 2 * multiprocessing.cpu_count()))

# The slowest honest request is an admin's upload of a 20 MB list (stored, not imported:
# the worker imports it) or a fiendish reply, a few seconds; a worker silent this long is
# stuck and is replaced.
timeout = 60
graceful_timeout = 30  # a restart lets requests in flight finish
keepalive = 5  # behind a proxy that reuses its connections

# The site is loaded once, in the master, before the workers are forked: a graceful reload
# (``kill -HUP``, ``systemctl reload``) then replaces the workers in milliseconds. Loaded
# in each worker instead, Django took 4 to 7 s to start on a busy 2-core machine while the
# old workers had already been stopped: requests waited up to 11 s (bench/reload.py). The
# price: a reload keeps the code the master loaded, so new code or a changed env file
# takes ``systemctl restart`` (docs/operations.md). Nothing opens a connection at import.
preload_app = True

# gunicornc's control socket in the service's runtime directory (systemd makes
# /run/evilhangman for RuntimeDirectory= and names it in $RUNTIME_DIRECTORY), readable by
# the service's user only; outside systemd, GUNICORN_CONTROL_SOCKET or none at all. (By
# default gunicorn puts it in $HOME/.gunicorn/, where a second gunicorn took it over.)
_runtime_directory = os.environ.get("RUNTIME_DIRECTORY", "").split(":")[0]
if os.environ.get("GUNICORN_CONTROL_SOCKET"):
    control_socket = os.environ["GUNICORN_CONTROL_SOCKET"]
elif _runtime_directory:
    control_socket = os.path.join(_runtime_directory, "gunicorn.ctl")
else:
    control_socket_disable = True
control_socket_mode = 0o600

# One access line per request on standard output (the journal), with the request id the
# site answers in X-Request-ID (the same id as the site's own lines for that request, and
# the proxy's when it sends one) and the client's address as the proxy forwarded it.
accesslog = "-"
errorlog = "-"
access_log_format = (
    '%(h)s "%({x-forwarded-for}i)s" %(t)s "%(r)s" %(s)s %(B)s %(M)sms '
    'req=%({x-request-id}o)s "%(f)s" "%(a)s"'
)
