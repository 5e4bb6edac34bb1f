"""A host by the name a user gives it: this computer (``local``) or a saved SSH host (:func:`make_host`),
and the pair a run uses (:func:`make_run_hosts`)."""

from __future__ import annotations

from bancada.core.errors import RunError
from bancada.core.i18n import translate
from bancada.hosts.base import Host

#: The names of this computer.
LOCAL_NAMES = ("local", "localhost", "this-computer")


def make_host(name: str) -> Host:
    """The host named ``name``: this computer (one of :data:`LOCAL_NAMES`) or a saved SSH host
    (blocking: connects over SSH).

    Raises:
        RunError: no such host, or it cannot be reached (one line).
    """
    if name in LOCAL_NAMES:
        from bancada.hosts.local import LocalHost

        return LocalHost()
    try:
        from bancada.hosts.ssh_host import connect_saved_host
    except ImportError:
        raise RunError(
            translate("Hosts", "unknown host {name!r}: only 'local' is available in this build").format(name=name)
        ) from None
    return connect_saved_host(name)


def make_run_hosts(host_name: str, driver_host_name: str | None) -> tuple[Host, Host | None]:
    """The workers' host and the driver's (None: this computer, as for ``driver_host_name`` None or ``local``).

    Raises:
        RunError: a host cannot be made; the other, made already, is closed.
    """
    host = make_host(host_name)
    if driver_host_name in (None, "local"):
        return host, None
    try:
        return host, make_host(driver_host_name)
    except RunError:
        host.close()
        raise
