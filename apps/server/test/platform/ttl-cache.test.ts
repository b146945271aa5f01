import { describe, expect, it } from 'vitest';
import { TtlCache } from '../../src/platform/ttl-cache';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('TtlCache', () => {
  it('runs one load for concurrent misses of a key and shares its result', async () => {
    const cache = new TtlCache<number>(1000);
    const gate = deferred<number>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return gate.promise;
    };
    const all = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    gate.resolve(7);
    expect(await all).toEqual([7, 7, 7]);
    expect(loads).toBe(1);
    expect(await cache.get('k', () => Promise.resolve(8))).toBe(7);
  });

  it('answers a stale entry at once while refreshing it, and waits when the entry is too old', async () => {
    let now = 0;
    const cache = new TtlCache<string>(100, 10, () => now);
    await cache.get('k', async () => 'v1');
    now = 150; // stale but younger than twice the TTL
    expect(await cache.get('k', async () => 'v2')).toBe('v1');
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('k', async () => 'v3')).toBe('v2');
    now = 1000; // far too old: the caller waits for a fresh value
    expect(await cache.get('k', async () => 'v4')).toBe('v4');
  });

  it('does not keep a failed load, so the next call tries again', async () => {
    const cache = new TtlCache<number>(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 3)).toBe(3);
  });

  it('keeps at most maxEntries keys, dropping the least recently used', async () => {
    const cache = new TtlCache<string>(1000, 2);
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('a', async () => 'unused'); // a is now the most recent
    await cache.get('c', async () => 'c');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'a2')).toBe('a');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
  });

  it('keeps the order of use when the most recent key is asked again and again', async () => {
    const cache = new TtlCache<string>(1000, 2);
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    expect(cache.peek('a')).toBe('a');
    expect(cache.peek('a')).toBe('a'); // already the most recent
    await cache.get('c', async () => 'c'); // b leaves
    expect(cache.peek('a')).toBe('a'); // a is used after c was stored
    await cache.get('d', async () => 'd'); // so c leaves, not a
    expect(cache.peek('a')).toBe('a');
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('c')).toBeUndefined();
    cache.clear();
    await cache.get('a', async () => 'a2');
    await cache.get('b', async () => 'b2');
    expect(cache.peek('a')).toBe('a2');
    await cache.get('c', async () => 'c2'); // b was the least recently used
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBe('a2');
  });

  it('forgets everything on clear, and does not store a load that was in flight', async () => {
    const cache = new TtlCache<string>(1000);
    await cache.get('k', async () => 'old');
    const gate = deferred<string>();
    cache.clear();
    const pending = cache.get('k', () => gate.promise);
    cache.clear();
    gate.resolve('loaded before the second clear');
    expect(await pending).toBe('loaded before the second clear');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('runs the loader every time when the TTL is 0', async () => {
    const cache = new TtlCache<number>(0);
    let n = 0;
    await cache.get('k', async () => ++n);
    await cache.get('k', async () => ++n);
    expect(n).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('peeks a fresh value at once, and nothing once it is stale, missing or the TTL is 0', async () => {
    let now = 0;
    const cache = new TtlCache<string>(100, 10, () => now);
    expect(cache.peek('k')).toBeUndefined();
    await cache.get('k', async () => 'v1');
    now = 99;
    expect(cache.peek('k')).toBe('v1');
    now = 100; // stale: `get` answers it while it refreshes, `peek` does not
    expect(cache.peek('k')).toBeUndefined();
    expect(await cache.get('k', async () => 'v2')).toBe('v1');
    const off = new TtlCache<string>(0);
    await off.get('k', async () => 'v');
    expect(off.peek('k')).toBeUndefined();
  });
});
