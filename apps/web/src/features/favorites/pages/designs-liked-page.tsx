import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CUSTOMER_MESSAGES, type Product, type ProductPage } from '@shop/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { HeartIcon } from '../../../components/ui/icons';
import { Image } from '../../../components/ui/image';
import { PageHeader } from '../../../components/ui/page-header';
import { listStates, PagedList, pagesOf } from '../../../components/ui/lists/paged-list';
import { useListParams } from '../../../components/ui/lists/use-list-params';
import { useBusyRows, useRowButtons, useRowMutation } from '../../../components/ui/lists/use-row-mutation';
import { failureWithReason, isApiError } from '../../../lib/api-error';
import { formatMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { favoritesKey, favoritesQuery, unlikeProduct } from '../api/favorites-api';

/**
 * A liked product's Remove button: while its call runs it ignores presses but keeps the keyboard's focus
 * (aria-disabled, not disabled) and spins.
 */
function RemoveButton({
  product,
  busy,
  onRemove,
}: {
  product: Product;
  busy: boolean;
  onRemove: () => void;
}) {
  const button = useRowButtons<'remove'>(busy);
  return (
    <Button
      size="sm"
      variant="outline"
      {...button('remove', onRemove)}
      aria-label={`Remove ${product.name} from favourites`}
      data-remove={product.id}
    >
      Remove
    </Button>
  );
}

/** A Remove that has been answered and its list read again: its card, and where the focus goes if it is gone. */
interface Removal {
  id: number;
  /** The Remove buttons to take the focus, in order: the next card's, then the previous one's. */
  near: number[];
}

/** The toggle's refusal of a product deleted (404) or taken off the shop (409): its card is stale. */
const productGone = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 409);

/**
 * /user/designs-liked: the products the customer liked, a page at a time (the page is kept in the URL).
 * `likedAction` (the composition's "Request a quote") stands under the heading, only while there are liked products:
 * beside the empty wishlist it would offer a quote of nothing.
 */
export default function DesignsLikedPage({ likedAction }: { likedAction?: ReactNode } = {}) {
  const queryClient = useQueryClient();
  const { page, setPage } = useListParams();
  const query = useQuery(favoritesQuery(page));
  const { data } = query;
  const rows = useBusyRows();
  const heading = useRef<HTMLSpanElement>(null);
  const cards = useRef<HTMLUListElement>(null);
  // The last Remove answered, until the list shows its page again (a render is asked for when it is set).
  const removal = useRef<Removal | null>(null);
  const [, setRemovals] = useState(0);

  /**
   * After a Remove, whatever its answer: the shop's other lists are read again, and this one (a product taken off
   * is gone from it, and so is one the shop no longer has). Its card's focus is passed on if the card is gone.
   */
  const refresh = async (product: Product, removed: boolean) => {
    const shown = queryClient.getQueryData<ProductPage>(favoritesQuery(page).queryKey)?.data ?? [];
    const at = shown.findIndex((p) => p.id === product.id);
    if (removed && shown.length === 1 && page > 1) setPage(page - 1);
    // The inventory and product pages show the heart, and the quote request offers the wishlist: read again.
    void queryClient.invalidateQueries({ queryKey: ['catalog'] });
    void queryClient.invalidateQueries({ queryKey: ['proposals', 'quote-products'] });
    await queryClient.invalidateQueries({ queryKey: favoritesKey });
    const near = [shown[at + 1], shown[at - 1]].filter((p) => p !== undefined).map((p) => p.id);
    removal.current = { id: product.id, near };
    setRemovals((n) => n + 1);
  };

  const unlike = useRowMutation(rows, {
    mutationFn: (product: Product) => unlikeProduct(product.id),
    onSuccess: async (answer, product) => {
      const removed = answer.status === 'success' && !answer.is_favorited;
      await refresh(product, removed);
      if (removed) toast.success(CUSTOMER_MESSAGES.wishlistRemoved);
      else toast.error(CUSTOMER_MESSAGES.wishlistError);
    },
    onError: async (error, product) => {
      toast.error(failureWithReason(error, CUSTOMER_MESSAGES.wishlistError));
      await refresh(product, productGone(error));
    },
  });

  // Once the list shows this page without the removed card: a keyboard's focus that went with the card goes to
  // the next card's Remove, the previous one's, or the page's heading when none is left (not to the page's body).
  useEffect(() => {
    const removed = removal.current;
    if (!removed || data === undefined || query.isPlaceholderData) return;
    removal.current = null;
    if (data.data.some((p) => p.id === removed.id)) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const shown = new Set(data.data.map((p) => p.id));
    const next = removed.near.find((id) => shown.has(id));
    const button =
      next === undefined ? null : cards.current?.querySelector<HTMLElement>(`[data-remove="${next}"]`);
    (button ?? heading.current)?.focus();
  });

  return (
    <>
      <PageHeader
        title={
          // Takes the focus when the last card is removed (tabIndex -1: not a stop of the tab order).
          <span ref={heading} tabIndex={-1} className="outline-none">
            My Favorites
          </span>
        }
        description="The products you liked while browsing the inventory."
        actions={
          <Link to="/products" className={buttonClasses('outline')}>
            Browse Inventory
          </Link>
        }
      />
      {likedAction && data !== undefined && data.total > 0 && likedAction}
      <PagedList
        {...listStates(query, CUSTOMER_MESSAGES.productsFailed)}
        empty={
          data?.data.length === 0 && (
            <EmptyState
              icon={<HeartIcon className="size-6" />}
              title="You have not liked any products yet."
              description="Tap the heart on a product in the inventory to keep it here."
              action={
                <Link to="/products" className={buttonClasses('primary')}>
                  Browse Inventory
                </Link>
              }
            />
          )
        }
        pagination={pagesOf(data)}
        onPageChange={setPage}
        pagesLabel="Favorites pages"
      >
        <ul ref={cards} className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {data?.data.map((product) => (
            <li
              key={product.id}
              className="flex min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
            >
              {/* The picture repeats the name link below for pointer users; keyboards and readers get one link. */}
              <Link to={`/product/${product.slug}`} className="group block" tabIndex={-1} aria-hidden="true">
                <Image
                  src={product.photo_url}
                  alt=""
                  className="aspect-[4/3] w-full bg-slate-100 object-cover transition group-hover:opacity-90"
                />
              </Link>
              <div className="flex flex-1 flex-col p-4">
                <div className="flex items-start justify-between gap-2">
                  <Link
                    to={`/product/${product.slug}`}
                    className="min-w-0 font-semibold break-words text-navy-900 hover:text-copper-700"
                  >
                    {product.name}
                  </Link>
                  {product.stock_quantity > 0 ? (
                    <Badge tone="success">In Stock</Badge>
                  ) : (
                    <Badge tone="danger">Out of Stock</Badge>
                  )}
                </div>
                <p className="mt-1 text-lg font-bold text-navy-900 tabular-nums">
                  {formatMoney(product.set_price)}
                </p>
                <div className="mt-auto flex gap-2 pt-4">
                  <Link to={`/product/${product.slug}`} className={buttonClasses('secondary', 'sm')}>
                    View Product
                  </Link>
                  <RemoveButton
                    product={product}
                    busy={rows.busyIds.has(product.id)}
                    onRemove={() => unlike(product)}
                  />
                </div>
              </div>
            </li>
          ))}
        </ul>
      </PagedList>
    </>
  );
}
