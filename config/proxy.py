"""The shipped deployment on loopback, for tests and benchmarks: gunicorn with deploy/gunicorn.conf.py
and nginx with deploy/nginx/mcr.conf in front of it (the Debian package's binary, our configuration).

    with served(database_url=..., settings="config.settings.test") as stack:
        stack.nginx_port, stack.gunicorn_port

The server block is the shipped file with only its addresses replaced (the upstream, the port it
listens on, the static folder), wrapped in a minimal main configuration whose paths are all in a
temporary folder, so it runs unprivileged and leaves nothing behind.
"""

from __future__ import annotations

import contextlib
import dataclasses
import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NGINX_CONF = ROOT / "deploy" / "nginx" / "mcr.conf"
MAIN_CONF = NGINX_CONF.parent / "nginx.conf"
GUNICORN_CONF = ROOT / "deploy" / "gunicorn.conf.py"
HOST = "127.0.0.1"


def nginx_binary() -> str | None:
    return shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.path.exists(p)), None)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def render_server_block(*, upstream: str | list[str], listen: str, static_root: str,
                        cache_root: str = "/tmp/mcr-cache") -> str:
    """The shipped server block with its four addresses replaced (each must be found exactly once); several
    upstream servers are balanced by nginx as compose's replicas of `web` are (issue 31)."""
    text = NGINX_CONF.read_text()
    servers = "\n    ".join(f"server {address};" for address in ([upstream] if isinstance(upstream, str) else upstream))
    for old, new in (("server web:8000;", servers), ("listen 80;", f"listen {listen};"),
                     ("alias /srv/static/;", f"alias {static_root.rstrip('/')}/;"),
                     ("proxy_cache_path /var/cache/nginx/mcr ", f"proxy_cache_path {cache_root} ")):
        if text.count(old) != 1:
            raise RuntimeError(f"{NGINX_CONF}: expected {old!r} once")
        text = text.replace(old, new)
    return text


def shipped_limits() -> tuple[int, int]:
    """worker_connections and worker_rlimit_nofile of the shipped deploy/nginx/nginx.conf."""
    text = MAIN_CONF.read_text()
    return (int(re.search(r"worker_connections (\d+);", text).group(1)),
            int(re.search(r"worker_rlimit_nofile (\d+);", text).group(1)))


def main_conf(folder: Path, server_block: Path) -> str:
    """The shipped main configuration's limits around the server block, with every path in `folder`."""
    user = "user root;\n" if os.geteuid() == 0 else ""
    connections, files = shipped_limits()
    temp = "\n".join(f"    {name}_temp_path {folder / name};" for name in
                     ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return f"""{user}worker_processes 1;
pid {folder / 'nginx.pid'};
error_log {folder / 'error.log'} warn;
worker_rlimit_nofile {files};
events {{ worker_connections {connections}; }}
http {{
    include /etc/nginx/mime.types;
    access_log off;
{temp}
    include {server_block};
}}
"""


@dataclasses.dataclass
class Stack:
    nginx_port: int
    gunicorn_ports: list[int]
    folder: Path

    @property
    def gunicorn_port(self) -> int:
        return self.gunicorn_ports[0]

    def log(self) -> str:
        parts = []
        for path in sorted(self.folder.glob("*.log")):
            parts.append(f"--- {path.name}\n{path.read_text()[-4000:]}")
        return "\n".join(parts)


def _wait_for(port: int, path: str, process: subprocess.Popen, stack: Stack, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{process.args[0]} stopped:\n{stack.log()}")
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=2)
            connection.request("GET", path)
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        finally:
            connection.close()
        time.sleep(0.1)
    raise RuntimeError(f"nothing answered {path} on port {port} in {seconds} s:\n{stack.log()}")


def _stop(process: subprocess.Popen | None) -> None:
    """SIGTERM to the process group we started (gunicorn's master and its workers, which hold
    database connections), then SIGKILL to the group after gunicorn's graceful timeout."""
    if process is None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        process.wait(timeout=40)
    except subprocess.TimeoutExpired:
        pass
    try:
        os.killpg(process.pid, signal.SIGKILL)  # anything of the group still there
    except ProcessLookupError:
        pass
    process.wait()


@contextlib.contextmanager
def served(*, database_url: str, settings: str, static_root: str | None = None, env: dict | None = None,
           webs: int = 1, worker: bool = False):
    """gunicorn (the shipped settings, overridable through `env`: WEB_WORKERS, WEB_WORKER_CLASS,
    WEB_THREADS) and nginx in front of it, all on free loopback ports; stopped on exit.

    `webs` gunicorn servers, balanced by nginx, and with `worker` a Celery worker (both queues): each runs in an
    empty working directory of its own, the code found through PYTHONPATH, as on hosts of their own (issue 31):
    what one keeps on its disk, another cannot see."""
    nginx = nginx_binary()
    if nginx is None:
        raise RuntimeError("nginx not found (Debian package nginx: scripts/system-packages.sh installs it)")
    folder = Path(tempfile.mkdtemp(prefix="mcr-proxy."))
    os.chmod(folder, 0o755)
    stack = Stack(nginx_port=free_port(), gunicorn_ports=[free_port() for _ in range(webs)], folder=folder)
    processes: list[subprocess.Popen] = []
    proxy = None
    base_env = {**os.environ, "DJANGO_SETTINGS_MODULE": settings, "DATABASE_URL": database_url,
                "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")])),
                **(env or {})}
    try:
        static = static_root or str(folder / "static")
        os.makedirs(static, exist_ok=True)
        # The pages nginx answers itself (the documents' busy page), where collectstatic puts them.
        shutil.copytree(ROOT / "static" / "errors", Path(static) / "errors", dirs_exist_ok=True)
        block = folder / "mcr.conf"
        block.write_text(render_server_block(upstream=[f"{HOST}:{port}" for port in stack.gunicorn_ports],
                                             listen=f"{HOST}:{stack.nginx_port}", static_root=static,
                                             cache_root=str(folder / "cache")))
        (folder / "nginx.conf").write_text(main_conf(folder, block))
        for number, port in enumerate(stack.gunicorn_ports, start=1):
            processes.append(_started(
                [os.path.join(os.path.dirname(sys.executable), "gunicorn"), "-c", str(GUNICORN_CONF),
                 "config.wsgi:application"],
                f"web{number}" if webs > 1 else "gunicorn", folder,
                {**base_env, "GUNICORN_BIND": f"{HOST}:{port}", "GUNICORN_ACCESS_LOG": "",
                 "GUNICORN_LOG_LEVEL": "warning", **(env or {})}))
        if worker:
            processes.append(_started(
                [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo", "--queues",
                 "celery,documents", "--loglevel", "WARNING", "--without-gossip", "--without-mingle",
                 "--hostname", f"proxy-worker-{stack.nginx_port}@%h"], "worker", folder, base_env))
        for port, process in zip(stack.gunicorn_ports, processes):
            _wait_for(port, "/health/", process, stack, 60)
        proxy = subprocess.Popen([nginx, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"],
                                 stdout=subprocess.DEVNULL, stderr=open(folder / "error.log", "a"),
                                 start_new_session=True)
        _wait_for(stack.nginx_port, "/health/", proxy, stack, 20)
        yield stack
    finally:
        _stop(proxy)
        for process in processes:
            _stop(process)
        shutil.rmtree(folder, ignore_errors=True)


def _started(command: list[str], name: str, folder: Path, env: dict) -> subprocess.Popen:
    """`command` in an empty working directory of its own (folder/name), its output in folder/name.log."""
    workdir = folder / name
    workdir.mkdir()
    with open(folder / f"{name}.log", "w") as log:
        return subprocess.Popen(command, cwd=workdir, env=env, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
