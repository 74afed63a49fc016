"""Errors of the Rampart client."""


class RampartError(Exception):
    """Anything the client raises."""


class RampartApiError(RampartError):
    """The appliance answered with an error: its HTTP status and the ``code`` of its error body."""

    def __init__(self, status, body, retry_after=None):
        error = body.get("error", {})
        super().__init__(error.get("message", "HTTP %d" % status))
        self.status = status
        self.code = error.get("code")
        self.request_id = error.get("request_id")
        self.field = error.get("field")
        self.retry_after = retry_after
        self.body = body


class RampartUnavailableError(RampartError):
    """The appliance could not be reached or gave no usable answer (what ``fail_open`` lets through).

    ``code`` is ``unreachable`` (connection or TLS failure), ``timeout``, or ``unavailable``
    (502, 503 or 504 to the last attempt).
    """

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


class RampartProtocolError(RampartError):
    """The appliance answered with something that is not the check API's."""
