/**
 * Token buckets keyed by client (API key, IP address): `perMinute` requests per minute with bursts up
 * to the same number. Idle buckets are forgotten, so memory stays bounded under key/IP churn.
 */
export class RateLimiter {
  readonly #perMinute: number;
  readonly #buckets = new Map<string, { tokens: number; updated: number }>();
  readonly #maxBuckets: number;

  constructor(perMinute: number, maxBuckets = 100_000) {
    this.#perMinute = perMinute;
    this.#maxBuckets = maxBuckets;
  }

  /** 0 when the request may proceed, else the seconds to wait before retrying. */
  take(key: string, now = Date.now()): number {
    if (this.#perMinute <= 0) return 0;
    const ratePerMs = this.#perMinute / 60_000;
    let bucket = this.#buckets.get(key);
    if (bucket) {
      bucket.tokens = Math.min(this.#perMinute, bucket.tokens + (now - bucket.updated) * ratePerMs);
      bucket.updated = now;
      // Re-insert so the Map's order stays least-recently-used first.
      this.#buckets.delete(key);
      this.#buckets.set(key, bucket);
    } else {
      if (this.#buckets.size >= this.#maxBuckets) this.#buckets.delete(this.#buckets.keys().next().value!);
      bucket = { tokens: this.#perMinute, updated: now };
      this.#buckets.set(key, bucket);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / ratePerMs / 1000);
  }
}
