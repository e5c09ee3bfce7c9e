"""The shared services of a multi-node install, started on loopback by the tests that need them.

- ``s3_server``: moto's S3-compatible server (``moto_server``, a real HTTP server in its own process);
- ``s3_storage``: settings.STORAGES pointed at a fresh bucket on it (django-storages' S3 backend, as
  ``VENTILA_STORAGE_URL=s3://…`` configures it);
- Redis: the machine's own at 127.0.0.1:6379 (``REDIS_URL``), when the test asks for it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from trust.test_backup import committed  # noqa: F401  (fixture: a world committed, its files on the disk)

AWS_ENV = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing", "AWS_DEFAULT_REGION": "us-east-1"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing answers on 127.0.0.1:{port}")


@pytest.fixture(scope="session")
def s3_server() -> Iterator[str]:
    """moto's S3 server on a free loopback port: its endpoint URL."""
    port = free_port()
    moto = Path(sys.executable).with_name("moto_server")
    proc = subprocess.Popen(
        [str(moto), "-H", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, **AWS_ENV},
    )
    try:
        wait_for_port(port)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.kill()
        proc.wait()


def s3_client(endpoint: str) -> Any:
    import boto3

    return boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", **_keys())


def _keys() -> dict[str, str]:
    return {
        "aws_access_key_id": AWS_ENV["AWS_ACCESS_KEY_ID"],
        "aws_secret_access_key": AWS_ENV["AWS_SECRET_ACCESS_KEY"],
    }


def new_bucket(endpoint: str) -> str:
    bucket = f"ventila-{uuid.uuid4().hex[:12]}"
    s3_client(endpoint).create_bucket(Bucket=bucket)
    return bucket


def storage_url(endpoint: str, bucket: str, prefix: str = "archivos") -> str:
    return f"s3://{bucket}/{prefix}?endpoint_url={endpoint}&region_name=us-east-1&addressing_style=path"


@pytest.fixture
def s3_storage(settings: Any, s3_server: str, monkeypatch: Any) -> Iterator[tuple[Any, str]]:
    """The default storage on a new bucket, configured from a storage URL as settings.py reads it."""
    from ventila.settings import _storages

    for k, v in AWS_ENV.items():
        monkeypatch.setenv(k, v)
    bucket = new_bucket(s3_server)
    settings.STORAGES = _storages(storage_url(s3_server, bucket))
    yield s3_client(s3_server), bucket


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    """The two-node test starts servers and takes a minute: ``.ci/run`` runs it (``VENTILA_CLUSTER=1``)."""
    if os.environ.get("VENTILA_CLUSTER") == "1":
        return
    left_out = [item for item in items if "tests/cluster/test_two_nodes.py" in item.nodeid]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if item not in left_out]
