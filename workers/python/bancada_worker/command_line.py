"""The checks of the command line every Python-hosted Bancada worker shares (this worker's and
the Flask worker's): ``--protocol`` given, ``--port``, ``--delay-us`` and ``--max-message-mib``
in range. Argparse only, so the Flask worker on Debian's Python can use it."""

from __future__ import annotations

import argparse


def check_common(parser: argparse.ArgumentParser, args: argparse.Namespace, protocols: list[str]) -> None:
    """Stop with ``parser.error`` (exit status 2, the flag named) at the first common flag out of range."""
    if args.protocol is None:
        parser.error(f"--protocol is required ({', '.join(protocols)})")
    if not 0 <= args.port <= 65535:
        parser.error(f"--port {args.port} out of range 0..65535")
    if args.delay_us < 0:
        parser.error(f"--delay-us must be >= 0, got {args.delay_us}")
    if not 1 <= args.max_message_mib <= 2047:
        parser.error(f"--max-message-mib must be in 1..2047, got {args.max_message_mib}")
