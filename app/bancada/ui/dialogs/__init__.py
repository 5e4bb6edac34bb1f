"""The dialogs: hosts, my own service, file choosers, the Compare view."""
