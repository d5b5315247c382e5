"""Errors the core's services raise besides ValidationError."""


class Conflict(Exception):
    """The request was based on a state that has changed since (HTTP 409)."""

    def __init__(self, message: str, *, current_version: int | None = None, next_number: int | None = None):
        super().__init__(message)
        self.message = message
        self.current_version = current_version
        self.next_number = next_number  # for a hand submitted with a stale number
