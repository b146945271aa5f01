import { useQueryClient } from '@tanstack/react-query';
import { CUSTOMER_MESSAGES, type Product } from '@shop/contracts';
import { useBusyRows, useRowMutation } from '../../../components/ui/lists/use-row-mutation';
import { ApiError, failureWithReason } from '../../../lib/api-error';
import { useCustomer } from '../../../lib/sessions';
import { toast } from '../../../lib/toast';
import { applyWishlistState, setWishlisted } from './catalog-api';

/**
 * Adds or removes a product from the signed-in customer's wishlist, with the spec's messages. Guests get the
 * login warning without a call; the product is busy while its call runs (the lists' busy rows), and a second
 * click meanwhile is ignored.
 */
export function useWishlist() {
  const client = useQueryClient();
  const customer = useCustomer();
  const rows = useBusyRows();
  const mutate = useRowMutation(rows, {
    // It asks for what the heart offers: a heart on a page older than another tab's change does what it showed.
    mutationFn: async (product: Pick<Product, 'id' | 'is_favorited'>) => {
      const result = await setWishlisted(product.id, !product.is_favorited);
      if (result.status !== 'success') throw new Error('wishlist toggle refused');
      return result;
    },
    onSuccess: (result, product) => {
      applyWishlistState(client, product.id, result.is_favorited);
      toast.success(
        result.is_favorited ? CUSTOMER_MESSAGES.wishlistAdded : CUSTOMER_MESSAGES.wishlistRemoved,
      );
    },
    onError: (error) => {
      // An expired session is announced (and cleared) by the global handler.
      if (!(error instanceof ApiError && error.status === 401))
        toast.error(failureWithReason(error, CUSTOMER_MESSAGES.wishlistError));
    },
  });

  const toggle = (product: Pick<Product, 'id' | 'is_favorited'>) => {
    if (!customer) {
      toast.warning(CUSTOMER_MESSAGES.wishlistLogin);
      return;
    }
    mutate(product);
  };

  return { toggle, isPending: (id: number) => rows.busyIds.has(id), signedIn: customer !== null };
}
