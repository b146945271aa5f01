import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { CUSTOMER_MESSAGES, type Product } from '@shop/contracts';
import { ApiError } from '../../../lib/api-error';
import { useCustomer } from '../../../lib/sessions';
import { toast } from '../../../lib/toast';
import { applyWishlistState, toggleWishlist } from './catalog-api';

/**
 * Adds or removes a product from the signed-in customer's wishlist, with the spec's messages. Guests get the
 * login warning without a call; a second click while the first is running is ignored.
 */
export function useWishlist() {
  const client = useQueryClient();
  const customer = useCustomer();
  const running = useRef(new Set<number>());
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());

  const toggle = useCallback(
    async (product: Pick<Product, 'id'>) => {
      if (!customer) {
        toast.warning(CUSTOMER_MESSAGES.wishlistLogin);
        return;
      }
      if (running.current.has(product.id)) return;
      running.current.add(product.id);
      setPending(new Set(running.current));
      try {
        const result = await toggleWishlist(product.id);
        if (result.status !== 'success') throw new Error('wishlist toggle refused');
        applyWishlistState(client, product.id, result.is_favorited);
        toast.success(
          result.is_favorited ? CUSTOMER_MESSAGES.wishlistAdded : CUSTOMER_MESSAGES.wishlistRemoved,
        );
      } catch (error) {
        // An expired session is announced (and cleared) by the global handler.
        if (!(error instanceof ApiError && error.status === 401))
          toast.error(CUSTOMER_MESSAGES.wishlistError);
      } finally {
        running.current.delete(product.id);
        setPending(new Set(running.current));
      }
    },
    [client, customer],
  );

  return { toggle, isPending: (id: number) => pending.has(id), signedIn: customer !== null };
}
