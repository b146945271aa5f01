import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { CUSTOMER_MESSAGES, SIGN_IN_MESSAGES, resultCount } from '@shop/contracts';
import { ButtonLink } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { EmptyState } from '../../../components/ui/empty-state';
import { HeartIcon, PackageIcon } from '../../../components/ui/icons';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { OutOfRange } from '../../../components/ui/out-of-range';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { failureWithReason } from '../../../lib/api-error';
import { loginPath } from '../../../lib/return-path';
import { toast } from '../../../lib/toast';
import { categoriesQuery, productsQuery, readFilters, type InventoryFilters } from '../api/catalog-api';
import { useWishlist } from '../api/use-wishlist';
import { InventorySearch } from '../components/inventory-search';
import { ProductCard } from '../components/product-card';

function toParams(filters: InventoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', String(filters.category));
  if (filters.search) params.set('search', filters.search);
  if (filters.favorites) params.set('favorites', 'true');
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

const noSubscription = () => () => {};

/**
 * False on the server and while React hydrates the server's page (made for a guest), true once the browser's own
 * render is live: what depends on this browser's session waits for it.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

const chip = (active: boolean) =>
  cx(
    'inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-medium transition-colors ring-1 ring-inset',
    active
      ? 'bg-navy-900 text-white ring-navy-900'
      : 'bg-white text-navy-800 ring-slate-300 hover:bg-navy-50',
  );

export default function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const location = useLocation();
  const wishlist = useWishlist();
  const hydrated = useHydrated();
  // A guest's favorites (a bookmark, a shared link, Back after logging out) are not asked for: the page says
  // they are kept in the account and offers the login, which comes back here. The server renders for a guest, so
  // this waits for the browser's session (a signed-in customer sees the spinner, then the list).
  const guestFavorites = filters.favorites && !wishlist.signedIn;
  const categories = useQuery(categoriesQuery());
  const products = useQuery({ ...productsQuery(filters), enabled: !guestFavorites });
  const filterActive = filters.category !== null || filters.search !== '' || filters.favorites;
  // The favorites alone and none saved: nothing to search again, the way on is to the products and their hearts
  // (the same words as the customer area's wishlist).
  const noFavorites = filters.favorites && filters.category === null && filters.search === '';
  const emptyTitle = noFavorites ? 'You have not liked any products yet.' : 'No products found';

  // Changing a filter goes back to page 1; the URL is the one source of the filters.
  const update = (change: Partial<InventoryFilters>) =>
    setParams(toParams({ ...filters, page: 1, ...change }), { preventScrollReset: true });

  // Another list (filters, page) starts at the top once it has arrived; the first list leaves the scroll
  // position alone (a server-rendered page may already have been scrolled when it hydrates). Another page of the
  // same list (the pager) also takes the keyboard's focus to the list's heading, so the next Tab reaches its first
  // product, not the pager at the bottom; a filter leaves focus on what changed it.
  const listKey = JSON.stringify(filters);
  const filtersKey = JSON.stringify({ ...filters, page: null });
  const loaded = products.isSuccess && !products.isPlaceholderData;
  const shownList = useRef<{ list: string; filters: string } | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!loaded) return;
    const shown = shownList.current;
    if (shown !== null && shown.list !== listKey) {
      window.scrollTo({ top: 0 });
      if (shown.filters === filtersKey) listHeading.current?.focus({ preventScroll: true });
    }
    shownList.current = { list: listKey, filters: filtersKey };
  }, [listKey, filtersKey, loaded]);

  const toggleFavorites = () => {
    if (!wishlist.signedIn) {
      toast.warning(CUSTOMER_MESSAGES.wishlistLogin);
      return;
    }
    update({ favorites: !filters.favorites });
  };

  const page = guestFavorites ? undefined : products.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-widest text-copper-700 uppercase">Inventory</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Office furniture in stock</h1>
        <p className="mt-3 text-slate-700">
          New and pre-owned cubicles, desks, seating and storage, inspected and ready to deliver.
        </p>
      </header>

      <section aria-label="Filters" className="mt-8 space-y-4">
        <div className="flex flex-col gap-3 md:flex-row md:items-center">
          <InventorySearch
            value={filters.search}
            onSearch={(search) => update({ search, favorites: false })}
          />
          <button
            type="button"
            onClick={toggleFavorites}
            aria-pressed={filters.favorites}
            className={cx(chip(filters.favorites), 'self-start md:self-auto')}
          >
            <HeartIcon className={cx('size-4', filters.favorites && 'fill-current')} />
            Favorites
          </button>
          {filterActive && (
            <button
              type="button"
              onClick={() => setParams(new URLSearchParams(), { preventScrollReset: true })}
              className="text-sm font-semibold text-copper-700 underline-offset-4 hover:underline md:ml-auto"
            >
              Clear All Filters
            </button>
          )}
        </div>
        <div role="group" aria-label="Categories" className="flex flex-wrap gap-2">
          <button
            type="button"
            className={chip(filters.category === null)}
            aria-pressed={filters.category === null}
            onClick={() => update({ category: null })}
          >
            All
          </button>
          {categories.data?.map((category) => (
            <button
              key={category.id}
              type="button"
              className={chip(filters.category === category.id)}
              aria-pressed={filters.category === category.id}
              onClick={() => update({ category: category.id })}
            >
              {category.name}
            </button>
          ))}
        </div>
        {categories.isError && !categories.data && (
          <LoadError
            message={failureWithReason(categories.error, CUSTOMER_MESSAGES.categoriesFailed)}
            onRetry={() => void categories.refetch()}
            retrying={categories.isFetching}
          />
        )}
      </section>

      <section
        aria-labelledby="products-heading"
        aria-busy={products.isFetching}
        className="mt-8 min-h-[40vh]"
      >
        {/* The cards' names are h3: this heading keeps the outline in order (h1, h2, h3). */}
        <h2 id="products-heading" ref={listHeading} tabIndex={-1} className="sr-only">
          Products
        </h2>
        {/* One status line, there from the start, tells screen readers each search's outcome: the count, or none. */}
        <p role="status" className="sr-only">
          {guestFavorites || !page || products.isPlaceholderData
            ? ''
            : page.total === 0
              ? emptyTitle
              : resultCount(page.total, page.total_is_capped, 'product', 'products')}
        </p>
        {guestFavorites ? (
          hydrated ? (
            <EmptyState
              icon={<HeartIcon className="size-6" />}
              title={SIGN_IN_MESSAGES.favoritesTitle}
              description={SIGN_IN_MESSAGES.favoritesText}
              action={
                <ButtonLink to={loginPath('customer', `${location.pathname}${location.search}`)}>
                  {SIGN_IN_MESSAGES.logIn}
                </ButtonLink>
              }
            />
          ) : (
            <div className="flex justify-center py-24">
              <Spinner className="size-8" label="Loading products…" />
            </div>
          )
        ) : products.isError && (!products.data || products.isPlaceholderData) ? (
          <LoadError
            message={failureWithReason(products.error, CUSTOMER_MESSAGES.productsFailed)}
            onRetry={() => void products.refetch()}
            retrying={products.isFetching}
          />
        ) : !page ? (
          <div className="flex justify-center py-24">
            <Spinner className="size-8" label="Loading products…" />
          </div>
        ) : page.data.length === 0 && page.total > 0 ? (
          <OutOfRange
            page={filters.page}
            lastPage={page.last_page}
            onPageChange={(p) => setParams(toParams({ ...filters, page: p }), { preventScrollReset: true })}
          />
        ) : page.data.length === 0 && noFavorites ? (
          <EmptyState
            icon={<HeartIcon className="size-6" />}
            title={emptyTitle}
            description="Tap the heart on a product to keep it here."
            action={<ButtonLink to="/products">Browse Inventory</ButtonLink>}
          />
        ) : page.data.length === 0 ? (
          <EmptyState
            icon={<PackageIcon className="size-6" />}
            title={emptyTitle}
            description={
              filterActive
                ? 'Try another search or category, or clear the filters.'
                : 'Please check back soon.'
            }
          />
        ) : (
          <>
            <p className="mb-4 text-sm text-slate-600">
              {resultCount(page.total, page.total_is_capped, 'product', 'products')}
              {page.last_page > 1 && ` · page ${page.current_page} of ${page.last_page}`}
            </p>
            <ul
              className={cx(
                'grid gap-6 sm:grid-cols-2 lg:grid-cols-3',
                products.isPlaceholderData && 'opacity-60',
              )}
            >
              {page.data.map((product, index) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    // The first row is in view on arrival; on a phone its first photo is the largest paint.
                    priority={index < 3 ? (index === 0 ? 'high' : 'eager') : undefined}
                    onToggleWishlist={wishlist.toggle}
                    wishlistBusy={wishlist.isPending(product.id)}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
        {page && page.last_page > 1 && (
          <Pagination
            className="mt-10"
            currentPage={filters.page}
            lastPage={page.last_page}
            onPageChange={(p) => setParams(toParams({ ...filters, page: p }), { preventScrollReset: true })}
          />
        )}
      </section>
    </div>
  );
}
