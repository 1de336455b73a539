"""Servers on 127.0.0.1 that are not Dask schedulers, for the tests of `--cluster` and
scripts/hostile.py: each accepts connections and answers them its own way."""

from __future__ import annotations

import contextlib
import os
import socket
import threading
from collections.abc import Callable, Iterator


@contextlib.contextmanager
def peer(answer: Callable[[socket.socket], None]) -> Iterator[str]:
    """A server on 127.0.0.1 that answers each connection with `answer`."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    held: list[socket.socket] = []

    def serve() -> None:
        with contextlib.suppress(OSError):
            while True:
                conn, _ = server.accept()
                held.append(conn)
                with contextlib.suppress(OSError):
                    answer(conn)

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        server.close()
        for conn in held:
            conn.close()


def silent(conn: socket.socket) -> None:
    pass


def http(conn: socket.socket) -> None:
    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")


def noise(conn: socket.socket) -> None:
    conn.sendall(os.urandom(4096))


def small_lie(conn: socket.socket) -> None:  # a plausible length, then bytes that are no frames
    conn.sendall((64).to_bytes(8, "little") + os.urandom(64))


def flood(conn: socket.socket) -> None:
    with contextlib.suppress(OSError):
        for _ in range(200):
            conn.sendall(b"\xff" * 65536)
