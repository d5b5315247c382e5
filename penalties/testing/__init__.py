"""Test support for penalties and the apps above it (appeals): see `fixtures`."""
