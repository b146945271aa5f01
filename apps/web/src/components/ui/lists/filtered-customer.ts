import { FILTERED_BY_CUSTOMER } from '@shop/contracts';

/** What a back-office list filtered by one customer (`?userId=`) answers about that customer. */
interface FilteredList {
  filter_user?: { id: number; name: string } | null;
}

/**
 * Whom a list filtered by a customer shows: the name the answer gives; 'a customer who no longer exists' only when
 * the answer for that very list says there is no such customer (`filter_user` null: the id is unknown, deleted, or
 * not a customer's); otherwise a neutral wording, as nothing is known yet: while the list loads, after a failure,
 * and while the rows shown are still the previous list's (`previous`: kept on screen while the next one loads).
 */
export function filteredCustomer(userId: number, list: FilteredList | undefined, previous: boolean): string {
  const named = list?.filter_user;
  if (named && named.id === userId) return named.name;
  if (list && !previous && named === null) return FILTERED_BY_CUSTOMER.unknown;
  return FILTERED_BY_CUSTOMER.selected;
}
