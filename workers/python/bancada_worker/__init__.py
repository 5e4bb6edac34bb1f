"""Bancada's Python worker: the Bench contract (proto/bancada/v1/bench.proto) served over
one of the protocols of :mod:`bancada_worker.protocols`, chosen at start. Run it with
``python -m bancada_worker --protocol NAME`` (:mod:`bancada_worker.cli`).
"""

NAME = "python"  # the manifest's name; an implementation id is NAME + "-" + protocol
LANGUAGE = "python"
VERSION = "0.1.0"  # the worker's own version, reported by Info and --version
