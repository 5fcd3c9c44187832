"""Process niceness for the kernels of a learner who opens many pages: their pages
still open, but the rest of the class comes first for the CPU."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["autogroup_niceness", "lower_priority", "set_autogroup_niceness"]


def lower_priority(pid: int, niceness: int) -> None:
    """Lower process ``pid``'s CPU priority to ``niceness`` (clamped to 0 to 19): its
    niceness, and that of its autogroup; raises :class:`OSError` when the process's
    niceness cannot be set (it is gone, or not ours).

    Each kernel starts a session of its own (``setsid``), and where Linux groups
    the CPU by session (``/proc/sys/kernel/sched_autogroup_enabled``, on by
    default) a process's niceness only weighs against the other processes of
    its session: the kernel would still get as much CPU as the server or any
    learner's kernel. Measured: two busy processes on one core, one at niceness
    10 in a session of its own, shared it 50/50; with its autogroup also at 10,
    90/10."""
    niceness = max(0, min(19, niceness))
    os.setpriority(os.PRIO_PROCESS, pid, niceness)
    set_autogroup_niceness(pid, niceness)


def set_autogroup_niceness(pid: int, niceness: int) -> bool:
    """Set the niceness of the CPU autogroup of process ``pid`` (its session, where
    the kernel groups the CPU by session); whether it was set (not where the kernel
    has no autogroups, or the process is gone)."""
    try:
        Path(f"/proc/{pid}/autogroup").write_text(f"{niceness}\n")
    except OSError:
        return False
    return True


def autogroup_niceness(pid: int) -> int | None:
    """The niceness of the CPU autogroup of process ``pid`` (``None`` where there is
    none to read)."""
    try:
        text = Path(f"/proc/{pid}/autogroup").read_text()
    except OSError:
        return None
    _, _, value = text.rpartition(" nice ")
    return int(value) if value.strip().lstrip("-").isdigit() else None
