import type { AdminPagination } from '@shop/contracts';

/** The pagination block of the admin lists: rows start..end (1-based, 0..0 when empty) of total. */
export function adminPagination(page: number, perPage: number, total: number): AdminPagination {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const start = total === 0 ? 0 : Math.min((page - 1) * perPage + 1, total + 1);
  const end = Math.min(page * perPage, total);
  return {
    current: page,
    perPage,
    total,
    totalPages,
    start: start > end ? 0 : start,
    end: start > end ? 0 : end,
  };
}
