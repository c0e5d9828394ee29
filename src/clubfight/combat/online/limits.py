"""Rate limits: token buckets, with the time passed in. Pure.

The server keeps one bucket of messages per connection (a flood closes it) and one bucket of wrong
guesses (room codes, tokens) per connection and per address, so that a room code can't be found by
trying them all (docs/online.md: at the defaults, 20 wrong guesses an address, then one every 30 s).
"""

from __future__ import annotations


class Bucket:
    """At most ``capacity`` tokens, refilled at ``rate`` a second; each event takes one."""

    __slots__ = ("capacity", "rate", "stamp", "tokens")

    def __init__(self, capacity: float, rate: float, now: float) -> None:
        self.capacity = capacity
        self.rate = rate
        self.tokens = capacity
        self.stamp = now

    def _refill(self, now: float) -> None:
        if now > self.stamp:
            self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = max(self.stamp, now)

    def available(self, now: float) -> bool:
        self._refill(now)
        return self.tokens >= 1

    def take(self, now: float) -> bool:
        """Take a token if there is one; False when the bucket is empty."""
        self._refill(now)
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def full(self, now: float) -> bool:
        self._refill(now)
        return self.tokens >= self.capacity


class GuessLimiter:
    """Wrong guesses per key (an address): ``capacity`` at once, then ``rate`` a second."""

    def __init__(self, capacity: float, rate: float, *, most_keys: int = 100_000) -> None:
        self.capacity = capacity
        self.rate = rate
        self.most_keys = most_keys
        self.buckets: dict[str, Bucket] = {}

    def allowed(self, key: str, now: float) -> bool:
        bucket = self.buckets.get(key)
        return bucket is None or bucket.available(now)

    def wrong(self, key: str, now: float) -> None:
        """Count one wrong guess from ``key``."""
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.most_keys:
                self.prune(now)
            bucket = self.buckets[key] = Bucket(self.capacity, self.rate, now)
        bucket.take(now)

    def prune(self, now: float) -> None:
        """Forget keys whose buckets have refilled: they hold nothing against anyone."""
        for key in [k for k, b in self.buckets.items() if b.full(now)]:
            del self.buckets[key]
