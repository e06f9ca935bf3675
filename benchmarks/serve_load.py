"""How soon the pages of ``play --serve`` see each action: many pages following one game on loopback.

    python benchmarks/serve_load.py              # 50 pages, 200 actions
    python benchmarks/serve_load.py --quick      # 3 pages, 10 actions (the test suite runs it so it never rots)

``referee coin-age play --serve 127.0.0.1:0 --json`` runs as players run it; this script opens N event streams
(``/events``, as N phones and televisions would) and posts 200 actions from the seats' addresses (``slap -``: each
toss ends the other player's turn, so a game is as long as one likes), one after another, each once every page has
seen the one before (a table plays at the pace of people, not of a flood). For every action and every page: the
time from the POST being sent to the page's event arriving, whole (the event carries the redrawn table: board,
seats, last turns). Reported: median, 99th percentile and worst, and as the baseline of the same run the same
figures with one page following. Target: the 99th percentile within one second with 50 pages.

The pages are read by this one process (asyncio and httpx), on the same machine: its work is counted in the
latency too, so the figures are an upper bound of what one server gives phones on a network that is not busy.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import child_env, referee_command


async def follow(client: httpx.AsyncClient, url: str, seen: list[dict[int, float]], ready: asyncio.Event) -> None:
    """One page: the time each action's event arrived, by its index."""
    arrivals: dict[int, float] = {}
    seen.append(arrivals)
    async with client.stream("GET", url) as response:
        data = ""
        async for line in response.aiter_lines():
            ready.set()  # its first line (``retry``): the server follows the game for this page
            if line.startswith("data:"):
                data += line[5:]
            elif line == "" and data:
                document = json.loads(data)
                data = ""
                arrivals[document["index"]] = time.perf_counter()


async def measure(pages: int, actions: int) -> list[float]:
    """Seconds from each POST to each page's event (``pages`` × ``actions`` figures)."""
    with tempfile.TemporaryDirectory() as folder:
        process = await asyncio.create_subprocess_exec(
            *referee_command(), "coin-age", "play", "--players", "Ann,Bob", "--no-history",
            "--record", str(Path(folder) / "load.toml"), "--serve", "127.0.0.1:0", "--json",
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=child_env(),
        )  # fmt: skip
        assert process.stdout is not None
        served = json.loads(await process.stdout.readline())["serve"]
        limits = httpx.Limits(max_connections=pages + 10, max_keepalive_connections=pages + 10)
        async with httpx.AsyncClient(timeout=httpx.Timeout(60, read=None), limits=limits) as client:
            seen: list[dict[int, float]] = []
            readies = [asyncio.Event() for _ in range(pages)]
            tasks = [asyncio.create_task(follow(client, served["table"] + "events", seen, ready)) for ready in readies]
            await asyncio.gather(*(ready.wait() for ready in readies))
            sent: dict[int, float] = {}
            seats = [served["seats"]["Ann"], served["seats"]["Bob"]]
            for index in range(1, actions + 1):
                sent[index] = time.perf_counter()
                response = await client.post(seats[(index - 1) % 2] + "/action", data={"action": "slap -"})
                response.raise_for_status()
                while not all(index in arrivals for arrivals in seen):
                    await asyncio.sleep(0.001)
            for task in tasks:
                task.cancel()
        process.kill()
        await process.wait()
    return [arrivals[index] - sent[index] for arrivals in seen for index in sent]


def describe(latencies: list[float]) -> str:
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"median {statistics.median(ordered) * 1000:7.1f} ms   p99 {p99 * 1000:7.1f} ms   "
        f"worst {ordered[-1] * 1000:7.1f} ms   ({len(ordered)} arrivals)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="3 pages, 10 actions")
    arguments = parser.parse_args()
    pages, actions = (3, 10) if arguments.quick else (arguments.pages, arguments.actions)
    print(f"play --serve on loopback, {actions} actions posted one after another; {os.cpu_count()} cores")
    print(f"{'1 page (baseline)':>20}: {describe(asyncio.run(measure(1, actions)))}")
    print(f"{f'{pages} pages':>20}: {describe(asyncio.run(measure(pages, actions)))}")


if __name__ == "__main__":
    main()
