"""Client of the Rampart check API, standard library only (urllib, ssl, json)."""

import json
import math
import random
import socket
import ssl
import time
import urllib.error
import urllib.request
from email.utils import parsedate_to_datetime

from .errors import RampartApiError, RampartProtocolError, RampartUnavailableError

CHECK_PATH = "/apikey/api/guardrail/v1"
# Worth another attempt: rate limited, or the appliance briefly unable.
RETRIED_STATUSES = frozenset((429, 503))
# The appliance (or a proxy before it) could not answer: what fail_open lets through.
UNAVAILABLE_STATUSES = frozenset((502, 503, 504))


def retry_after_seconds(header, now=None):
    """``Retry-After`` in seconds (a number of seconds or an HTTP date); None when absent or unreadable."""
    if not header or not header.strip():
        return None
    value = header.strip()
    if value.isdigit():
        return int(value)
    try:
        when = parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0, math.ceil(when - (now if now is not None else time.time())))


def backoff_seconds(attempt, base, maximum, retry_after=None, rand=random.random):
    """Wait before retry ``attempt`` (0 first): exponential with jitter, at most ``maximum``; Retry-After is the least wait."""
    exponential = min(maximum, base * 2 ** attempt)
    jittered = exponential / 2 + rand() * exponential / 2
    return jittered if retry_after is None else max(float(retry_after), jittered)


class RampartClient:
    """input_check before the LLM sees a prompt, output_check before the user sees an answer.

    ``fail_open``: when the appliance cannot be reached (or answers 502/503/504 to the last attempt),
    False (the default) raises RampartUnavailableError; True returns a verdict with
    ``injection_detected`` False and ``failed_open`` True. Client mistakes (401, 400, 413) always raise.
    """

    def __init__(self, base_url, api_key, ca_file=None, timeout=10.0, retries=2, retry_base=0.25, retry_max=10.0, fail_open=False, on_fail_open=None):
        if not api_key:
            raise ValueError("api_key is required")
        if not base_url.startswith(("https://", "http://")):
            raise ValueError("base_url must be an http or https URL")
        self._base = base_url.rstrip("/")
        self._api_key = api_key
        self._timeout = timeout
        self._retries = retries
        self._retry_base = retry_base
        self._retry_max = retry_max
        self._fail_open = fail_open
        self._on_fail_open = on_fail_open
        # The system's trust store, plus the appliance's certificate (e.g. its self-signed data/tls/cert.pem).
        self._context = ssl.create_default_context(cafile=ca_file) if ca_file else ssl.create_default_context()

    def input_check(self, message, traceparent=None, request_id=None):
        """Checks a user prompt before it reaches the LLM; returns the verdict (a dict)."""
        return self._check("input-check", {"message": message}, traceparent, request_id)

    def output_check(self, message, prompt=None, traceparent=None, request_id=None):
        """Checks an LLM answer (and optionally the prompt that led to it) before it reaches the user."""
        body = {"message": message}
        if prompt is not None:
            body["prompt"] = prompt
        return self._check("output-check", body, traceparent, request_id)

    def _check(self, route, body, traceparent, request_id):
        try:
            return self._send(route, body, traceparent, request_id)
        except RampartUnavailableError as error:
            if not self._fail_open:
                raise
            if self._on_fail_open:
                self._on_fail_open(error)
            return {"injection_detected": False, "failed_open": True, "blocked_by": [], "monitored_by": [], "error": error}

    def _send(self, route, body, traceparent, request_id):
        headers = {"Content-Type": "application/json", "Accept": "application/json", "X-API-Key": self._api_key}
        if traceparent:
            headers["traceparent"] = traceparent
        if request_id:
            headers["X-Request-ID"] = request_id
        data = json.dumps(body).encode("utf-8")
        url = "%s%s/%s" % (self._base, CHECK_PATH, route)
        attempt = 0
        while True:
            last = attempt >= self._retries
            try:
                status, answer_headers, text = self._post(url, data, headers)
            except RampartUnavailableError:
                if last:
                    raise
                time.sleep(backoff_seconds(attempt, self._retry_base, self._retry_max))
                attempt += 1
                continue
            try:
                payload = json.loads(text)
            except ValueError:
                payload = None
            if status == 200:
                if not isinstance(payload, dict) or not isinstance(payload.get("injection_detected"), bool):
                    raise RampartProtocolError("The Rampart appliance answered 200 without a check response.")
                return payload
            retry_after = retry_after_seconds(answer_headers.get("Retry-After"))
            wait = backoff_seconds(attempt, self._retry_base, self._retry_max, retry_after)
            if status in RETRIED_STATUSES and not last and wait <= self._retry_max:
                time.sleep(wait)
                attempt += 1
                continue
            if isinstance(payload, dict) and isinstance(payload.get("error"), dict):
                error = RampartApiError(status, payload, retry_after)
                if status in UNAVAILABLE_STATUSES:
                    raise RampartUnavailableError("unavailable", str(error)) from error
                raise error
            if status in UNAVAILABLE_STATUSES:
                raise RampartUnavailableError("unavailable", "The Rampart appliance answered HTTP %d." % status)
            raise RampartProtocolError("The Rampart appliance answered HTTP %d without an error body." % status)

    def _post(self, url, data, headers):
        request = urllib.request.Request(url, data=data, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self._timeout, context=self._context) as response:
                return response.status, response.headers, response.read().decode("utf-8")
        except urllib.error.HTTPError as error:
            with error:
                return error.code, error.headers, error.read().decode("utf-8")
        except (socket.timeout, TimeoutError) as error:
            raise RampartUnavailableError("timeout", "The Rampart appliance did not answer in time.") from error
        except urllib.error.URLError as error:
            if isinstance(error.reason, (socket.timeout, TimeoutError)):
                raise RampartUnavailableError("timeout", "The Rampart appliance did not answer in time.") from error
            raise RampartUnavailableError("unreachable", "The Rampart appliance could not be reached (%s)." % error.reason) from error
        except (ConnectionError, ssl.SSLError, OSError) as error:
            raise RampartUnavailableError("unreachable", "The Rampart appliance could not be reached (%s)." % error) from error
