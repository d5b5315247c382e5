"""gunicorn's settings, shared by docker-compose.yml, the slow-client test and bench/crowd.py.

Behind nginx (deploy/nginx/mcr.conf), which buffers whole requests and answers, a worker never
waits on a client's network: it is busy exactly while the app works, and the app's requests are
short and database-bound (a hand is a few milliseconds of Python around one transaction). So:

- worker class gthread, WEB_THREADS threads per process: a thread waiting on PostgreSQL (a row
  lock behind another tablet of the same table, a long PDF) no longer holds the whole process;
  bench/crowd.py measured sync against gthread (figures in docs/deployment.md);
- WEB_WORKERS processes (default 2 x CPUs + 1, gunicorn's own advice), each with one persistent
  database connection per thread (settings/production.py CONN_MAX_AGE): 5 x 4 = 20 connections on a
  2-core machine, below PostgreSQL's 100 (with the worker's and beat's);
- timeout 60 s: the slowest request (the results PDF of 600 players) takes a few seconds; a
  worker silent for a minute is stuck and is replaced. nginx's proxy_read_timeout (75 s) is longer,
  so gunicorn decides first;
- keep-alive 30 s towards nginx, longer than nginx's upstream keepalive_timeout (20 s), so nginx
  never reuses a connection gunicorn is closing (that race answered 502 to a few hands in bench-crowd);
- max-requests with jitter: each worker is replaced after ~2,000 requests, so a slow leak cannot
  grow for the whole tournament day.
"""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
worker_class = os.environ.get("WEB_WORKER_CLASS", "gthread")
workers = int(os.environ.get("WEB_WORKERS", 2 * multiprocessing.cpu_count() + 1))
threads = int(os.environ.get("WEB_THREADS", 4))
timeout = 60
graceful_timeout = 30
keepalive = 30  # longer than nginx's upstream keepalive_timeout (20 s): nginx closes first
max_requests = 2000
max_requests_jitter = 200
backlog = 512
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-") or None
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# gunicorn 27's control socket ($HOME/.gunicorn/gunicorn.ctl) is not used; several servers on one
# machine (tests, benchmarks) would share its path.
control_socket_disable = True
