"""Bancada: a workbench for API-performance experiments."""
__version__ = "0.1.0"
