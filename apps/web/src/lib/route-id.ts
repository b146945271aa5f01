/**
 * A record's id as its page's address writes it: digits only, within the server's id range (a PostgreSQL integer).
 * Null for anything else ('abc', '1e3', '0x10', '-1', ' 7'), which the page reports as unusable without asking
 * the API.
 */
export function idParam(param: string | undefined): number | null {
  const n = /^\d{1,10}$/.test(param ?? '') ? Number(param) : 0;
  return n > 0 && n <= 2_147_483_647 ? n : null;
}
