"""Load on one match server: N rooms at once, each a pair of bots playing through the protocol.

One ``clubfight combat server`` process (the room store on disk, as it runs for real, or
``--memory``) and, in client processes of their own (one per 500 rooms, ``--client-processes``),
2N minimal WebSocket clients on 127.0.0.1. The server runs alone in its process, so what is
measured is the server: the clients never share its event loop, and their own loop lag is printed
(``clients_loop_lag_p99_ms``) so that a round trip slowed by the clients shows as such. Each bot
waits its think time (``--pace``, uniform between half and one and a half times it) and plays a
random legal action (a cheap player, so the clients' own CPU goes to the protocol, not to an AI);
the counter window is short (``--window``) so that matches move. A finished match is replaced by a
new room, so N rooms play all through the measured ``--seconds``.

``--baseline SRC`` runs the same levels against the server of another checkout (its ``src``
folder) in the same run, alternating with this one, so both see the same machine.

Printed, per server and level: rooms held by the server, actions per second, the action round trip
(from sending an action to the state that answers it) p50/p99, the server's own handling time and
loop lag, its CPU use and its memory per room held, the machine's load average.

Run: uv run python benchmarks/online.py --rooms 10,100,1000 [--seconds 60] [--pace 3] [--baseline ../base/src]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Tally:
    round_trips: list[float] = field(default_factory=list)
    actions: int = 0
    matches: int = 0
    rooms: int = 0
    errors: int = 0
    measuring: bool = False


class Seat:
    """One bot: a connection, its seat, and the action it waits on."""

    def __init__(self, ws: ClientConnection, rng: random.Random, pace: float, tally: Tally) -> None:
        self.ws = ws
        self.rng = rng
        self.pace = pace
        self.tally = tally
        self.seat: str | None = None
        self.sent_at: float | None = None
        self.sent_step = -1
        self.answered: set[tuple[str, int]] = set()

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps({"protocol": 1, **message}))

    async def play(self) -> None:
        """Play until the match ends."""
        acted = -1
        while True:
            data = json.loads(await self.ws.recv())
            kind = data["type"]
            if kind == "joined":
                self.seat = data["seat"]
            elif kind == "error":
                if data["code"] not in ("not-now", "stale"):
                    self.tally.errors += 1
            elif kind == "state":
                step = data["step"]
                if self.sent_at is not None and step > self.sent_step:
                    if self.tally.measuring:
                        self.tally.round_trips.append(time.perf_counter() - self.sent_at)
                        self.tally.actions += 1
                    self.sent_at = None
                view = data["view"]
                phase = view["phase"]
                if phase == "match-over":
                    self.tally.matches += 1
                    return
                if self.seat not in view["to_act"] or step == acted:
                    continue
                if phase in ("setup", "round-over"):
                    if (phase, view["round"]) in self.answered:
                        continue
                    self.answered.add((phase, view["round"]))
                acted = step
                if phase == "round-over":
                    await self.send({"type": "ready"})
                    continue
                if not view["legal"]:
                    continue
                await asyncio.sleep(self.pace * (0.5 + self.rng.random()))
                action = self.rng.choice(view["legal"])
                self.sent_at, self.sent_step = time.perf_counter(), step
                await self.send({"type": "act", "action": action, **({} if phase == "setup" else {"step": step})})


async def open_seat(url: str, rng: random.Random, pace: float, tally: Tally) -> Seat:
    ws = await connect(url, open_timeout=60, compression=None, proxy=None, max_size=None, ping_interval=None)
    return Seat(ws, rng, pace, tally)


async def one_room(url: str, rng: random.Random, args: argparse.Namespace, tally: Tally, stop: asyncio.Event) -> None:
    """Rooms one after another (a new one when a match ends) until ``stop``."""
    options = {"rounds": args.match_rounds, "counter_window": args.window, "colour": "red"}
    while not stop.is_set():
        host = await open_seat(url, random.Random(rng.random()), args.pace, tally)
        guest = await open_seat(url, random.Random(rng.random()), args.pace, tally)
        try:
            await host.send({"type": "create", "options": options})
            joined = json.loads(await host.ws.recv())
            host.seat = joined["seat"]
            await guest.send({"type": "join", "room": joined["room"]})
            tally.rooms += 1
            plays = [asyncio.ensure_future(host.play()), asyncio.ensure_future(guest.play())]
            stopping = asyncio.ensure_future(stop.wait())
            await asyncio.wait([*plays, stopping], return_when=asyncio.FIRST_COMPLETED)
            if stop.is_set():
                for task in plays:
                    task.cancel()
            else:
                await asyncio.wait(plays)
                stopping.cancel()
        except ConnectionClosed:
            tally.errors += 1
        finally:
            await host.ws.close()
            await guest.ws.close()


def cpu_seconds(pid: int) -> tuple[float, float]:
    """The process's user and system CPU seconds so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / CLOCK_TICKS, int(fields[12]) / CLOCK_TICKS


def rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def server_figures(lines: list[str]) -> dict[str, Any]:
    """The server's own figures over the measured time: its handling time per action (median of the
    p50s, worst p99) and how late its event loop ran (worst p99)."""
    import re

    def numbers(pattern: str) -> list[float]:
        return [float(m.group(1)) for line in lines if (m := re.search(pattern, line))]

    p50, p99, lag = (
        numbers(r"handling p50 ([0-9.]+)"),
        numbers(r"p99 ([0-9.]+) ms, loop"),
        numbers(r"lag p99 ([0-9.]+)"),
    )
    pending = numbers(r"pending ([0-9]+)")
    collections, longest = numbers(r"([0-9]+) full collections"), numbers(r"collections, longest ([0-9.]+)")
    return {
        "server_handling_p50_ms": statistics.median(p50) if p50 else None,
        "server_handling_p99_ms": max(p99, default=None),
        "server_loop_lag_p99_ms": max(lag, default=None),
        "store_writes_pending_max": max(pending, default=None),
        "full_collections": int(sum(collections)),
        "full_collection_longest_ms": max(longest, default=None),
    }


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


async def client_worker(args: argparse.Namespace) -> None:
    """One client process: ``--worker-rooms`` rooms against ``--url``. Prints ``seated`` once every
    room has its two players, measures between ``start`` and ``stop`` (lines on its stdin), then
    prints its figures as one line of JSON."""
    tally = Tally()
    stop = asyncio.Event()
    rng = random.Random(args.seed)
    lags: list[float] = []
    tasks = []
    for n in range(args.worker_rooms):  # a gentle ramp
        tasks.append(asyncio.ensure_future(one_room(args.url, random.Random(rng.random()), args, tally, stop)))
        if n % 50 == 49:
            await asyncio.sleep(0.2)
    for _ in range(1200):  # every room seated (at most 60 s)
        if tally.rooms >= args.worker_rooms:
            break
        await asyncio.sleep(0.05)
    print("seated", flush=True)

    async def watch_lag() -> None:
        while True:
            started = time.perf_counter()
            await asyncio.sleep(0.05)
            if tally.measuring:
                lags.append(time.perf_counter() - started - 0.05)

    watcher = asyncio.ensure_future(watch_lag())
    await asyncio.to_thread(sys.stdin.readline)  # start
    mine0 = time.process_time()
    tally.measuring = True
    await asyncio.to_thread(sys.stdin.readline)  # stop
    tally.measuring = False
    mine = time.process_time() - mine0
    watcher.cancel()
    stop.set()
    await asyncio.wait(tasks, timeout=30)
    figures = {"trips": tally.round_trips, "actions": tally.actions, "matches": tally.matches, "rooms": tally.rooms}
    figures |= {"errors": tally.errors, "cpu": mine, "lag_p99": percentile(lags, 0.99)}
    print(json.dumps(figures), flush=True)


def server_command(folder: str, rooms: int, args: argparse.Namespace, source: Path | None) -> list[str]:
    ready = Path(folder) / "ready.json"
    command = [sys.executable]
    if args.profile is not None:
        name = "baseline" if source is not None else "server"
        command += ["-m", "cProfile", "-o", str(args.profile / f"{name}-{rooms}.prof")]
    command += [
        "-m", "clubfight", "combat", "server", "--port", "0", "--data", f"{folder}/data",
        "--ready-file", str(ready), "--max-rooms", str(max(10_000, rooms * 20)), "--stats", str(args.stats),
    ]  # fmt: skip
    if args.memory:
        command.append("--memory")
    return command


def worker_command(url: str, rooms: int, seed: float, args: argparse.Namespace) -> list[str]:
    return [
        sys.executable, __file__, "--client-worker", "--url", url, "--worker-rooms", str(rooms), "--seed", repr(seed),
        "--pace", str(args.pace), "--window", str(args.window), "--match-rounds", str(args.match_rounds),
    ]  # fmt: skip


def pin_server(pid: int, core: int | None) -> set[int]:
    """Keep the server (every thread of it) on ``core`` alone and return the other cores, for the clients
    and this driver: the target is a server on one core of its own. None pins nothing."""
    if core is None:
        return set()
    os.sched_setaffinity(pid, {core})
    others = os.sched_getaffinity(0) - {core}
    if others:
        os.sched_setaffinity(0, others)
    return others


async def run_level(rooms: int, args: argparse.Namespace, source: Path | None) -> dict[str, Any]:
    """One level against one server: ``source`` (a checkout's ``src``) or this checkout's."""
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = str(source.resolve())
    with tempfile.TemporaryDirectory() as folder:
        ready = Path(folder) / "ready.json"
        log = Path(folder) / "server.log"
        with log.open("wb") as out:
            server = subprocess.Popen(server_command(folder, rooms, args, source), stdout=out, stderr=out, env=env)
        others = pin_server(server.pid, args.server_core)
        workers: list[subprocess.Popen[str]] = []
        try:
            for _ in range(600):
                if ready.exists():
                    break
                await asyncio.sleep(0.05)
            url = json.loads(ready.read_text())["url"]
            base_rss = rss_bytes(server.pid)
            count = args.client_processes or max(1, -(-rooms // 500))
            shares = [rooms // count + (1 if n < rooms % count else 0) for n in range(count)]
            rng = random.Random(rooms)
            for share in shares:
                command = worker_command(url, share, rng.random(), args)
                workers.append(subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True))
                if others:
                    os.sched_setaffinity(workers[-1].pid, others)
            for worker in workers:
                assert worker.stdout is not None
                await asyncio.to_thread(worker.stdout.readline)  # seated
            await asyncio.sleep(max(3.0, args.pace * 3))
            log_start = log.stat().st_size
            cpu0, wall0 = cpu_seconds(server.pid), time.perf_counter()
            for worker in workers:
                assert worker.stdin is not None
                worker.stdin.write("start\n")
                worker.stdin.flush()
            await asyncio.sleep(args.seconds)
            for worker in workers:
                assert worker.stdin is not None
                worker.stdin.write("stop\n")
                worker.stdin.flush()
            cpu1, wall1 = cpu_seconds(server.pid), time.perf_counter()
            load = os.getloadavg()[0]
            rss = rss_bytes(server.pid)
            stats = [line for line in log.read_text()[log_start:].splitlines() if "stats:" in line]
            reports = []
            for worker in workers:
                assert worker.stdout is not None
                line = await asyncio.wait_for(asyncio.to_thread(worker.stdout.readline), 90)
                reports.append(json.loads(line))
            files = len(list(Path(f"{folder}/data/rooms").glob("*/room.json"))) if not args.memory else 0
        finally:
            for worker in workers:
                if worker.poll() is None:
                    worker.kill()
                worker.wait(timeout=30)
            server.terminate()
            server.wait(timeout=120)
        trips = [t for report in reports for t in report["trips"]]
        actions = sum(report["actions"] for report in reports)
        held = sum(report["rooms"] for report in reports)  # the server keeps finished rooms (10 minutes)
        wall = wall1 - wall0
        return {
            "server": "this checkout" if source is None else f"baseline {source}",
            "rooms": rooms,
            "rooms_held": held,
            "room_files": files,
            "matches_finished": sum(report["matches"] for report in reports),
            "actions_per_second": round(actions / wall, 1),
            "round_trip_p50_ms": round(1000 * percentile(trips, 0.5), 2),
            "round_trip_p99_ms": round(1000 * percentile(trips, 0.99), 2),
            "round_trip_mean_ms": round(1000 * statistics.fmean(trips), 2) if trips else None,
            **server_figures(stats),
            "server_cpu_percent": round(100 * (sum(cpu1) - sum(cpu0)) / wall, 1),
            "server_cpu_system_percent": round(100 * (cpu1[1] - cpu0[1]) / wall, 1),
            "server_cpu_ms_per_action": round(1000 * (sum(cpu1) - sum(cpu0)) / max(1, actions), 2),
            "client_processes": len(reports),
            "clients_cpu_percent": round(100 * sum(report["cpu"] for report in reports) / wall, 1),
            "clients_loop_lag_p99_ms": round(1000 * max(report["lag_p99"] for report in reports), 1),
            "server_rss_mb": round(rss / 2**20, 1),
            "kb_per_room": round((rss - base_rss) / max(1, held) / 1024, 1),
            "server_core": args.server_core,
            "load_average_1min": round(load, 2),
            "errors": sum(report["errors"] for report in reports),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", default="10,100,1000", help="concurrent rooms per run, comma-separated")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured seconds per run (default 60)")
    parser.add_argument("--pace", type=float, default=3.0, help="mean think time before an action, seconds (default 3)")
    parser.add_argument("--window", type=float, default=0.2, help="the rooms' counter window, seconds (default 0.2)")
    parser.add_argument("--match-rounds", type=int, default=1, choices=(1, 3, 5), help="rounds a match (default 1)")
    parser.add_argument("--stats", type=float, default=5.0, help="the server's figures every S seconds (default 5)")
    parser.add_argument("--memory", action="store_true", help="the server keeps rooms in memory, not on disk")
    parser.add_argument("--baseline", type=Path, default=None, help="also measure the server of this src folder")
    parser.add_argument("--client-processes", type=int, default=0, help="client processes (default: one a 500 rooms)")
    parser.add_argument("--profile", type=Path, default=None, help="run the servers under cProfile, into this folder")
    parser.add_argument("--server-core", type=int, default=None, help="pin the server to this CPU, clients elsewhere")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures to this file")
    parser.add_argument("--client-worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--worker-rooms", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=float, default=0.0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # a socket a bot
    if args.client_worker:
        asyncio.run(client_worker(args))
        return
    allowed = os.sched_getaffinity(0)
    if args.server_core is not None and args.server_core not in allowed:
        parser.error(f"--server-core {args.server_core}: this process may run on CPUs {sorted(allowed)}")
    if args.profile is not None:
        args.profile.mkdir(parents=True, exist_ok=True)
    results = []
    for rooms in (int(n) for n in args.rooms.split(",")):
        for source in ([args.baseline] if args.baseline is not None else []) + [None]:
            result = asyncio.run(run_level(rooms, args, source))
            results.append(result)
            print(json.dumps(result), flush=True)
    if args.json is not None:
        settings = {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()}
        args.json.write_text(json.dumps({"settings": settings | {"json": None}, "results": results}, indent=1) + "\n")


if __name__ == "__main__":
    main()
