import { afterAll, beforeAll, expect } from 'vitest';

// A query sent on a connection that is still running another one (Promise.all over a transaction's reads) is
// queued by pg 8 with a deprecation warning and refused by pg 9: every test file fails on the first one.
// One listener per worker process (its test files may share it, vitest.config.ts), each file checking its own.
const seen = globalThis as { overlappingQueries?: string[] };
if (!seen.overlappingQueries) {
  const overlapping: string[] = (seen.overlappingQueries = []);
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && /already executing a query/.test(warning.message))
      overlapping.push(warning.stack ?? warning.message);
  });
}

beforeAll(() => {
  seen.overlappingQueries!.length = 0;
});

afterAll(() => {
  expect(seen.overlappingQueries, 'queries overlapped on one connection').toEqual([]);
});
