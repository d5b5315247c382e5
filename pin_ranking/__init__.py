"""The Pin system (Appendix 9-10): planned, not built yet. The app is registered so that its
migrations and pages can land without touching the settings; it has no models, views or URLs."""
