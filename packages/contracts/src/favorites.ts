import { z } from 'zod';
import { PAGE_SIZE } from './constants';

export const favoriteToggleRequest = z.object({
  type: z.literal('product', { error: 'The selected type is invalid.' }),
  // A JSON number, as the web app sends it: no coercion, so true, [7] or '7' are refused, not read as ids.
  id: z
    .number({
      error: (issue) =>
        issue.input === undefined ? 'The id field is required.' : 'The id must be an integer.',
    })
    .int('The id must be an integer.')
    .positive('The id must be an integer.')
    .max(2_147_483_647),
  /**
   * Whether the product should be on the wishlist. Without it the call flips it (the spec's call); with it the
   * state is set, so a press made on a page older than another tab's change does what its button said.
   */
  favorite: z.boolean({ error: 'The favorite field must be true or false.' }).optional(),
});
export type FavoriteToggleRequest = z.input<typeof favoriteToggleRequest>;

/** `status` is 'success' on success; the web app treats any other status as a failure. */
export const favoriteToggleResponse = z.object({ status: z.string(), is_favorited: z.boolean() });
export type FavoriteToggleResponse = z.infer<typeof favoriteToggleResponse>;

export const favoritesPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.inventory),
});
