"""A small REST server and a small gRPC server with server reflection, written for the tests of "my own
service": not Bancada's workers (see servers.py)."""
