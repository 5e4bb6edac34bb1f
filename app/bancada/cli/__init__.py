"""The ``bancada`` command: argparse and printing only, one module per command."""
