"""gunicorn's settings, the same for the club's network (scripts/serve-lan) and the load test
(bench/load_test.py): gunicorn -c config/gunicorn_conf.py config.wsgi.

Measured on 2 cores, 64 tables posting without pause (bench/load_test.py --mode burst):
- reuse_port: each worker listens on its own socket and the kernel spreads the connections.
  With one shared socket, one worker accepted every phone's kept-alive connection and served
  all of them alone (1,024 posts out of 1,024) while the other sat idle: 84–104 donnes/s.
- 2 threads a worker, twice as many workers as cores: a worker's threads share one GIL, and a
  thread holding the database's write lock waits for the GIL behind the others; with 8 threads
  a worker the burst made 114/s, with 2 threads 130/s, with 1 thread 150/s. Two threads keep a
  worker answering while its other thread builds a long PDF."""

from __future__ import annotations

import os

worker_class = "gthread"
# WEB_CONCURRENCY (gunicorn's own variable) sets the workers; at most 8, each holds ~70 MB.
workers = int(os.environ.get("WEB_CONCURRENCY") or min(8, 2 * (os.cpu_count() or 1)))
threads = 2
reuse_port = True
# The application loaded once, by the master, before it forks the workers: each worker was
# loading Django, the URLs and WeasyPrint itself (1.5 s of CPU), still doing so as the first
# phones posted.
preload_app = True
timeout = 120

