"""What the command line, the window and the report share to analyse runs."""
