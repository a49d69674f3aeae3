"""Structured logs: one JSON object a line.  Only what is safe to keep: never a
seat token, a hand or a hidden action (callers pass table ids, versions,
paths without their query)."""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import Any

__all__ = ["JsonFormatter", "BadUtf8Frame", "quiet_bad_utf8_frames", "setup_logging"]

_STANDARD = set(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """``{"ts": …, "level": …, "logger": …, "msg": …, <extra fields>}``."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for key, value in record.__dict__.items():
            if key not in _STANDARD and key != "color_message" and not key.startswith("_"):
                out[key] = value
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def setup_logging(level: int = logging.INFO) -> None:
    """JSON lines on stderr for the server's and uvicorn's loggers."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    for name in ("stickspel.server", "uvicorn", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level)
        logger.propagate = False
    logging.getLogger("uvicorn.access").disabled = True  # its lines carry query strings
    quiet_bad_utf8_frames()


# What uvicorn's websockets-sansio protocol logs when a text frame is not UTF-8.
_BAD_UTF8 = "Invalid UTF-8 sequence received from client."


class BadUtf8Frame(logging.Filter):
    """One line at info, without the traceback, for a text frame that is not UTF-8.

    uvicorn decodes a text frame before the application sees it and, when that
    fails, logs ``logger.exception`` on ``uvicorn.error`` (an error with a
    traceback), then closes the connection with 1007 as the protocol says.  Our
    code never sees the frame, so the record is met here: only that message with a
    ``UnicodeDecodeError`` is changed; every other record passes as it is.  Without
    this any client could fill the log with error tracebacks.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if record.msg == _BAD_UTF8 and isinstance(exc, UnicodeDecodeError):
            record.levelno, record.levelname = logging.INFO, "INFO"
            record.msg, record.args = "websocket text frame not UTF-8: closed with 1007", ()
            record.exc_info, record.exc_text = None, None
        return True


def quiet_bad_utf8_frames() -> None:
    """Put :class:`BadUtf8Frame` on uvicorn's ``uvicorn.error`` logger (once)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, BadUtf8Frame) for f in logger.filters):
        logger.addFilter(BadUtf8Frame())
