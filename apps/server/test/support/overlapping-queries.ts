import { afterAll, expect } from 'vitest';

// A query sent on a connection that is still running another one (Promise.all over a transaction's reads) is
// queued by pg 8 with a deprecation warning and refused by pg 9: every test file fails on the first one.
const overlapping: string[] = [];
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && /already executing a query/.test(warning.message))
    overlapping.push(warning.stack ?? warning.message);
});

afterAll(() => {
  expect(overlapping, 'queries overlapped on one connection').toEqual([]);
});
