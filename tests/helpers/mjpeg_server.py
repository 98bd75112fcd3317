"""A local MJPEG stream for the ``--camera URL`` tests (issue 9 §7): serves the frames
of a video file as ``multipart/x-mixed-replace`` JPEGs at ``/stream``, paced at the
video's frame rate, on 127.0.0.1 only, to one client at a time.

Usage: ``python mjpeg_server.py VIDEO [--die-after N] [--fps F]``. Prints the port on
its first line of stdout once listening. With ``--die-after N`` the process kills
itself (SIGKILL, like a phone's app killed) after sending N frames.
"""

from __future__ import annotations

import argparse
import http.server
import os
import signal
import socketserver
import sys
import time

import cv2

BOUNDARY = b"frame"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("video")
    ap.add_argument("--die-after", type=int, default=0)
    ap.add_argument("--fps", type=float, default=0.0)
    ap.add_argument("--quality", type=int, default=70)
    args = ap.parse_args()
    cap = cv2.VideoCapture(args.video)
    fps = args.fps or cap.get(cv2.CAP_PROP_FPS) or 10.0
    frames = []
    while True:
        ok, frame = cap.read()
        if not ok:
            break
        frames.append(cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, args.quality])[1].tobytes())
    cap.release()

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *a: object) -> None:
            pass

        def do_GET(self) -> None:
            if self.path != "/stream":
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", "multipart/x-mixed-replace; boundary=" + BOUNDARY.decode())
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            start = time.monotonic()
            for i, jpg in enumerate(frames):
                if args.die_after and i >= args.die_after:
                    os.kill(os.getpid(), signal.SIGKILL)
                delay = start + i / fps - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
                try:
                    self.wfile.write(
                        b"--"
                        + BOUNDARY
                        + b"\r\nContent-Type: image/jpeg\r\n"
                        + f"Content-Length: {len(jpg)}\r\n\r\n".encode()
                        + jpg
                        + b"\r\n"
                    )
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    return

    class Server(socketserver.TCPServer):
        allow_reuse_address = True

    with Server(("127.0.0.1", 0), Handler) as srv:
        print(srv.server_address[1], flush=True)
        srv.timeout = 60
        deadline = time.monotonic() + 120  # bounded: never outlives a test run for long
        while time.monotonic() < deadline:
            srv.handle_request()
    sys.exit(0)


if __name__ == "__main__":
    main()
