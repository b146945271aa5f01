/**
 * A weekly window's capacity is refused in the words the schedule's form shows for the same value. The form reads
 * an emptied number field as NaN, which JSON sends as null: both are a capacity missing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { schedule } from '@shop/contracts';
import { createAdmin } from '../../support/http';
import { createTestApp, type TestApp } from '../../support/test-app';
import { caller } from '../proposals/support';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { SHOP_TIMEZONE: 'UTC' } });
});
afterEach(async () => {
  await t.close();
});

/** One Monday morning window of the given capacity (left out when undefined). */
const withCapacity = (capacity: unknown) => ({
  weekly: [{ weekday: 1, start: '09:00', end: '12:00', ...(capacity === undefined ? {} : { capacity }) }],
  blackout_dates: [],
});

describe('PUT /api/admin/schedule: the capacity', () => {
  it('is refused in the shop’s words, the same the form shows for the same value', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const call = caller(t);
    for (const [sent, asTheFormHasIt, message] of [
      [undefined, undefined, 'The capacity field is required.'],
      [null, Number.NaN, 'The capacity field is required.'],
      [1.5, 1.5, 'The capacity must be a whole number.'],
      ['two', 'two', 'The capacity must be a number.'],
    ] as const) {
      const res = await call('PUT', '/api/admin/schedule', admin.token, withCapacity(sent));
      expect(res.statusCode, `${String(sent)}: ${res.body}`).toBe(422);
      expect(res.json().errors).toEqual({ 'weekly.0.capacity': [message] });
      const form = schedule.safeParse(withCapacity(asTheFormHasIt));
      expect(form.error?.issues.map((issue) => issue.message)).toEqual([message]);
    }
  });
});
