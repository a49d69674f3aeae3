"""Shared pytest set-up."""

import signal

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("default")

# A shell starts a background command with SIGINT ignored, and the programs the
# tests start inherit that: their Ctrl-C (a terminal session's save-and-stop)
# would never arrive.  Give them the default back.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
