"""Code every part of Bancada shares: samples, errors, paths, translation; imports nothing of Bancada."""
