"""Bancada's Flask worker: the Bench contract's REST mapping served by Flask on gevent's
WSGI server (the Python pairing of the REST-in-seven-languages study)."""

NAME = "flask"  # the manifest's name; the implementation is NAME + "-rest"
LANGUAGE = "python"
VERSION = "0.1.0"
