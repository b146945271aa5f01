/**
 * A small in-process cache for answers that many requests share and that may lag the database briefly.
 *
 * - Single flight: concurrent misses of one key run the loader once and share its promise, so a burst of
 *   identical requests costs one database read.
 * - Stale while revalidate: an entry older than `ttlMs` (but younger than twice that) is answered at once
 *   while a fresh one is loaded in the background; an older entry is not trusted and the caller waits.
 * - Bounded: at most `maxEntries` keys, the least recently used leaving first.
 * - `clear()` forgets everything, including loads in flight (their results are not stored).
 *
 * A `ttlMs` of 0 disables caching: every call runs the loader.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: V }>();
  private readonly loading = new Map<string, Promise<V>>();
  private generation = 0;
  /** The key stored or used last: the Map's last entry while it is in the Map. */
  private newest: string | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const fresh = this.peek(key);
    return fresh !== undefined ? Promise.resolve(fresh) : this.stale(key, load);
  }

  /**
   * The value of `key` if it is younger than `ttlMs`, at once and without a promise (the hottest reads ask this
   * first and call `get` only when it has none), else undefined. A value that is itself undefined is not told apart.
   */
  peek(key: string): V | undefined {
    if (this.ttlMs <= 0) return undefined;
    const entry = this.entries.get(key);
    if (!entry || this.now() - entry.at >= this.ttlMs) return undefined;
    this.touch(key, entry);
    return entry.value;
  }

  /** An entry past its time: answered while a fresh one loads if it is younger than twice that, else loaded. */
  private stale(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.at < 2 * this.ttlMs) {
      this.touch(key, entry);
      // The background refresh's failure is the next caller's concern: it will load again.
      this.refresh(key, load).catch(() => {});
      return Promise.resolve(entry.value);
    }
    return this.refresh(key, load);
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
    this.generation += 1;
  }

  /**
   * Moves `key` to the Map's end, its order of use; the hottest reads ask one key again and again (the list's
   * category totals), and that key is already there.
   */
  private touch(key: string, entry: { at: number; value: V }): void {
    if (key === this.newest) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.newest = key;
  }

  private refresh(key: string, load: () => Promise<V>): Promise<V> {
    const inFlight = this.loading.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const promise = load()
      .then((value) => {
        if (generation === this.generation) {
          this.entries.delete(key);
          this.entries.set(key, { at: this.now(), value });
          this.newest = key;
          if (this.entries.size > this.maxEntries) {
            const oldest = this.entries.keys().next().value as string;
            this.entries.delete(oldest);
          }
        }
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }
}
