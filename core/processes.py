"""Child processes that end with their parent (development's server, worker and reloader)."""

from __future__ import annotations

import ctypes
import os
import signal

PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Linux: this process gets SIGTERM when its parent dies, however it dies (a SIGKILL
    included), so no worker is left running with nobody to stop it. Elsewhere, nothing."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        return
    if os.getppid() == 1:  # the parent died before the call: nobody will signal
        os.kill(os.getpid(), signal.SIGTERM)
