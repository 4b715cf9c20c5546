"""Two real OpenAI-compatible servers for the live browser tests: llama.cpp's own HTTP server
(PyPI's prebuilt `xllamacpp` wheel), each serving a small random-weight llama written by
model.py. They are built to cross: A reads prompts faster (a wider model, prompts evaluated 512
tokens at a time), B writes answers faster (a narrower model, prompts evaluated a token at a
time). Each gets one thread, so on a two-core machine neither slows the other.

    target/live-venv/bin/python tests/live/servers.py [CACHE_DIR] [--port-a N] [--port-b N]
        [--cors-origins ORIGIN] [--api-key KEY] [--only a|b]

When every server answers /health, prints one JSON line on stdout and flushes it:

    {"a":{"base":"http://127.0.0.1:PORT/v1","model":"..."},"b":{...}}

then serves until stdin reaches end of file or SIGTERM/SIGINT arrives, and stops the servers.
The models are written to CACHE_DIR (default target/live-models under the repository) the first
time and reused afterwards. llama.cpp's log goes to stderr; errors end the program with a
sentence on stderr and exit status 1.
"""

import argparse
import hashlib
import json
import os
import select
import signal
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))
# No __pycache__ beside the sources: the tree stays as checked out.
sys.dont_write_bytecode = True


# A prompt of 2,100 tokens and an answer of 300 must fit one request.
N_CTX = 2560

# name: (width, layers, ffn, seed, n_ubatch). A evaluates a prompt 512 tokens per pass (fast
# prefill); B one token per pass (slow prefill) but, smaller, decodes faster.
SERVERS = {
    "a": (768, 6, 2048, 1, 512),
    "b": (512, 6, 1536, 2, 1),
}

HEALTH_TIMEOUT_S = 120
POLL_INTERVAL_S = 0.05


class Failure(Exception):
    """An error worth one sentence on stderr."""


def model_file(cache: Path, name: str) -> Path:
    """The model's file in the cache. Its name carries the shape, the seed and a hash of
    model.py, so a changed writer never reuses an old file."""
    width, layers, ffn, seed, _ = SERVERS[name]
    writer = hashlib.sha256((HERE / "model.py").read_bytes()).hexdigest()[:12]
    return cache / f"{name}-{width}x{layers}-ffn{ffn}-seed{seed}-{writer}.gguf"


def ensure_model(model, cache: Path, name: str) -> Path:
    """Writes the model unless the cache has it. The file is written under a temporary name and
    renamed when complete, so an interrupted write is never taken for a model. `model` is
    model.py, imported by main."""
    path = model_file(cache, name)
    if path.is_file():
        return path
    width, layers, ffn, seed, _ = SERVERS[name]
    try:
        cache.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial", dir=cache)
        os.close(fd)
    except OSError as error:
        raise Failure(f"cannot write models into {cache}: {error}") from error
    try:
        started = time.monotonic()
        model.write_model(temp, width, layers, ffn, seed)
        os.chmod(temp, 0o644)
        os.replace(temp, path)
        log(f"wrote {path} in {time.monotonic() - started:.1f} s")
    except (OSError, ValueError) as error:
        raise Failure(f"cannot write the model {path}: {error}") from error
    finally:
        if os.path.exists(temp):
            os.unlink(temp)
    return path


def start_server(xllamacpp, name, path, port, cors_origins, api_key):
    _, _, _, _, n_ubatch = SERVERS[name]
    params = xllamacpp.CommonParams()
    params.model.path = str(path)
    params.model_alias = {f"crossover-live-{name}"}
    params.hostnames = ["127.0.0.1"]
    params.port = port
    params.n_ctx = N_CTX
    params.n_parallel = 1
    params.n_batch = 2048
    params.n_ubatch = n_ubatch
    params.cpuparams.n_threads = 1
    params.cpuparams_batch.n_threads = 1
    if cors_origins is not None:
        params.cors_origins = cors_origins
        params.cors_origins_explicit = True
    if api_key is not None:
        params.api_keys = [api_key]
    try:
        return xllamacpp.Server(params)
    except RuntimeError as error:
        raise Failure(
            f"llama.cpp's server {name.upper()} did not start on port {port or 'any'} "
            f"({error}); its log above says why"
        ) from error


def request_json(url, api_key=None, timeout=5):
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=timeout) as r:
        return json.load(r)


def wait_healthy(name, origin):
    """Polls /health until it says ok: 503 while the model loads, 200 {"status":"ok"} after."""
    deadline = time.monotonic() + HEALTH_TIMEOUT_S
    last = "no answer"
    while time.monotonic() < deadline:
        try:
            if request_json(f"{origin}/health", timeout=2).get("status") == "ok":
                return
        except urllib.error.HTTPError as error:
            last = f"HTTP {error.code}"
        except (OSError, ValueError) as error:
            last = str(error)
        time.sleep(POLL_INTERVAL_S)
    raise Failure(f"server {name.upper()} at {origin} was not healthy after {HEALTH_TIMEOUT_S} s (last: {last})")


def model_id(name, origin, api_key):
    try:
        listed = request_json(f"{origin}/v1/models", api_key)
        return listed["data"][0]["id"]
    except (OSError, ValueError, KeyError, IndexError) as error:
        raise Failure(f"server {name.upper()} at {origin} did not list its model: {error}") from error


def wait_for_end_of_stdin(stop):
    """Returns when stdin reaches end of file or `stop` is set (by a signal). The main thread
    polls stdin itself: a thread blocked reading it would stop Python from exiting cleanly."""
    stdin = sys.stdin.fileno()
    while not stop.is_set():
        try:
            readable, _, _ = select.select([stdin], [], [], 0.5)
            if readable and not os.read(stdin, 65536):
                return
        except OSError:
            return


def log(message):
    print(f"servers.py: {message}", file=sys.stderr, flush=True)


def parse_args(argv):
    parser = argparse.ArgumentParser(description="Start the live tests' two llama.cpp servers.")
    parser.add_argument("cache", nargs="?", default=str(REPO_ROOT / "target" / "live-models"),
                        help="folder for the models (default: target/live-models)")
    parser.add_argument("--port-a", type=int, default=0, help="server A's port (default: a free one)")
    parser.add_argument("--port-b", type=int, default=0, help="server B's port (default: a free one)")
    parser.add_argument("--cors-origins", default=None,
                        help="the origins the servers allow (default: llama.cpp's, echoing any)")
    parser.add_argument("--api-key", default=None, help="a key both servers require")
    parser.add_argument("--only", choices=sorted(SERVERS), default=None, help="start one server only")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    names = [args.only] if args.only else sorted(SERVERS)
    ports = {"a": args.port_a, "b": args.port_b}

    stop = threading.Event()

    def on_signal(_signum, _frame):
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)

    servers = {}
    try:
        try:
            import xllamacpp
            import model  # tests/live/model.py, found through sys.path above; needs gguf, numpy
        except ImportError as error:
            raise Failure(f"the live servers' packages are missing from {sys.executable} ({error}); "
                          "`cargo xtask test` installs tests/live/requirements.txt into target/live-venv") from error
        cache = Path(args.cache)
        paths = {name: ensure_model(model, cache, name) for name in names}
        if stop.is_set():
            return 0
        started = time.monotonic()
        ready = {}
        for name in names:
            servers[name] = start_server(xllamacpp, name, paths[name], ports[name],
                                         args.cors_origins, args.api_key)
        for name in names:
            origin = servers[name].listening_address.rstrip("/")
            wait_healthy(name, origin)
            ready[name] = {"base": f"{origin}/v1", "model": model_id(name, origin, args.api_key)}
        log(f"servers ready in {time.monotonic() - started:.2f} s")
        sys.stdout.write(json.dumps(ready, separators=(",", ":")) + "\n")
        sys.stdout.flush()

        wait_for_end_of_stdin(stop)
        return 0
    except Failure as error:
        log(str(error))
        return 1
    finally:
        # Deleting a server stops it and waits for its threads.
        for name in list(servers):
            del servers[name]


if __name__ == "__main__":
    sys.exit(main())
