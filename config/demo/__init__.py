"""The demo tournament (make run): every app's data, built through the apps' own services."""
