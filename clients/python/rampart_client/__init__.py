"""Client of the Rampart check API, standard library only."""

from .client import RampartClient, backoff_seconds, retry_after_seconds
from .errors import RampartApiError, RampartError, RampartProtocolError, RampartUnavailableError

__all__ = [
    "RampartClient",
    "RampartError",
    "RampartApiError",
    "RampartUnavailableError",
    "RampartProtocolError",
    "backoff_seconds",
    "retry_after_seconds",
]
