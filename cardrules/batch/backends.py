"""Where batches of work run: this process, local worker processes, or Ray.

:func:`run_ordered` maps a function over jobs and yields the results in the
order of the jobs, whatever order they finish in, so a run's results never
depend on the backend or the number of workers.  When the caller stops reading
(Ctrl-C, an early stop), the jobs not started are cancelled and the running
ones stopped.

``"ray"`` uses Ray's task API (the ``ray`` extra: ``pip install
'cardrules[ray]'``): on the cluster named by ``RAY_ADDRESS`` when it is set
(``ray://host:10001`` or ``auto``), else on a Ray started here with
``workers`` CPUs.  Every node needs cardrules installed (the same version),
with any plugin the profile uses.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, TypeVar

from cardrules.errors import CardrulesError

__all__ = ["BACKENDS", "check_backend", "run_ordered"]

#: The backends :func:`run_ordered` knows.
BACKENDS: Final = ("local", "ray")

J = TypeVar("J")
R = TypeVar("R")


def check_backend(backend: object) -> str:
    """``backend`` if it is known; else a :class:`~cardrules.CardrulesError`."""
    if backend not in BACKENDS:
        raise CardrulesError(
            f"invalid backend: {backend!r} (expected {' or '.join(map(repr, BACKENDS))})"
        )
    return str(backend)


def run_ordered(
    fn: Callable[[J], R], jobs: Sequence[J], *, backend: str = "local", workers: int = 1
) -> Iterator[R]:
    """``fn(job)`` for every job, in job order: here (one worker), on ``workers`` local
    processes, or on Ray.  ``fn`` and the jobs must pickle for the last two."""
    check_backend(backend)
    if backend == "ray":
        return _ray(fn, jobs, workers)
    if workers <= 1 or len(jobs) <= 1:
        return (fn(job) for job in jobs)
    return _pool(fn, jobs, workers)


def _worker_start() -> None:
    """Workers leave Ctrl-C to the parent, which stops them (no traceback from each)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool(fn: Callable[[J], R], jobs: Sequence[J], workers: int) -> Iterator[R]:
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_start)
    finished = False
    try:
        yield from pool.map(fn, jobs)
        finished = True
    finally:  # an error, Ctrl-C, or a reader that stops early (the generator is closed)
        if finished:
            pool.shutdown()
        else:
            _stop_pool(pool)


def _stop_pool(pool: Any) -> None:
    processes = list((pool._processes or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join()


def ray_module() -> Any:
    """The ``ray`` module, or a :class:`~cardrules.CardrulesError` saying how to get it."""
    try:
        import ray
    except ImportError:
        raise CardrulesError("the ray backend needs Ray: pip install 'cardrules[ray]'") from None
    return ray


def _ray_start(ray: Any, workers: int) -> None:
    if ray.is_initialized():
        return
    address = os.environ.get("RAY_ADDRESS")
    if address:
        ray.init(address=address, log_to_driver=False)
    else:
        ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)


def _ray(fn: Callable[[J], R], jobs: Sequence[J], workers: int) -> Iterator[R]:
    ray = ray_module()
    _ray_start(ray, workers)
    task = ray.remote(fn)
    refs = [task.remote(job) for job in jobs]
    try:
        for ref in refs:
            yield ray.get(ref)
    finally:
        for ref in refs:  # (a task already finished cannot be cancelled)
            with contextlib.suppress(Exception):
                ray.cancel(ref, force=True)
