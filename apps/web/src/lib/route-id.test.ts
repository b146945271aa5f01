import { describe, expect, it } from 'vitest';
import { idParam } from './route-id';

describe('idParam', () => {
  it('takes the digits of a record id within the server range', () => {
    expect(idParam('7')).toBe(7);
    expect(idParam('007')).toBe(7);
    expect(idParam('2147483647')).toBe(2_147_483_647);
  });

  it('refuses what Number() would read as a number but an address does not write', () => {
    for (const param of ['1e3', '0x10', '-1', '1.0', ' 7', '7 ', '', '0', '2147483648', '99999999999', 'abc'])
      expect(idParam(param), param).toBeNull();
    expect(idParam(undefined)).toBeNull();
  });
});
