import { useQuery } from '@tanstack/react-query';
import { Link, useLoaderData, useParams } from 'react-router';
import { CUSTOMER_MESSAGES, type ProductDetail } from '@shop/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { ChevronLeftIcon, MailIcon } from '../../../components/ui/icons';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { formatMoney } from '../../../lib/money';
import { isApiError } from '../../../lib/api-error';
import { productQuery, type ProductLoaderData } from '../api/catalog-api';
import { useWishlist } from '../api/use-wishlist';
import { ProductCard } from '../components/product-card';
import { ProductGallery } from '../components/product-gallery';
import { StockBadge } from '../components/stock-badge';
import { WishlistButton } from '../components/wishlist-button';

/** The spec's one tab of the product page. */
const PRODUCT_TABS = [{ key: 'info' as const, label: 'Product Info' }];

export default function ProductDetailPage() {
  const { slug = '' } = useParams();
  const loaderData = useLoaderData() as ProductLoaderData | undefined;
  // The server's answer of an unknown product is not asked for again (its 404 would only repeat).
  const detail = useQuery({ ...productQuery(slug), enabled: !loaderData?.notFound });
  // Known on the server (which answers 404 with this view) or from the browser's own 404.
  const notFound =
    (!detail.data && !!loaderData?.notFound) || (isApiError(detail.error) && detail.error.status === 404);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <Link
        to="/products"
        className="inline-flex items-center gap-1 text-sm font-semibold text-navy-700 hover:text-navy-900"
      >
        <ChevronLeftIcon className="size-4" />
        Back to Inventory
      </Link>
      {notFound ? (
        <div className="mt-8 rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200">
          <h1 className="text-2xl font-bold text-navy-900">{CUSTOMER_MESSAGES.productNotFoundTitle}</h1>
          <p className="mt-2 text-slate-700">{CUSTOMER_MESSAGES.productNotFound}</p>
          <Link to="/products" className={buttonClasses('primary', 'md', 'mt-6')}>
            Browse Inventory
          </Link>
        </div>
      ) : detail.isError ? (
        <LoadError
          className="mt-8"
          message={CUSTOMER_MESSAGES.productFailed}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      ) : !detail.data ? (
        <ProductSkeleton />
      ) : (
        // Keyed by product so the gallery starts on the main photo for each product.
        <ProductView key={detail.data.product.id} detail={detail.data} />
      )}
    </div>
  );
}

function ProductView({ detail }: { detail: ProductDetail }) {
  const { product, relatedProducts } = detail;
  const wishlist = useWishlist();
  const inStock = product.stock_quantity > 0;
  return (
    <>
      <div className="mt-6 grid gap-10 lg:grid-cols-2 lg:gap-14">
        <ProductGallery name={product.name} images={[product.photo_url, ...product.gallery_urls]} />
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{product.name}</h1>
          <div className="mt-4 flex flex-wrap items-center gap-4">
            <p className="text-3xl font-bold text-navy-900" data-testid="product-price">
              {formatMoney(product.set_price)}
            </p>
            <StockBadge quantity={product.stock_quantity} />
          </div>
          <p className="mt-6 leading-7 whitespace-pre-line text-slate-700">{product.description}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {inStock ? (
              <Link to="/contact" className={buttonClasses('primary', 'lg')}>
                <MailIcon className="size-5" />
                Contact Us Now
              </Link>
            ) : (
              <button type="button" disabled className={buttonClasses('primary', 'lg')}>
                <MailIcon className="size-5" />
                Contact Us Now
              </button>
            )}
            <WishlistButton
              look="full"
              product={product}
              busy={wishlist.isPending(product.id)}
              onToggle={() => void wishlist.toggle(product)}
            />
          </div>

          <div className="mt-10">
            <Tabs
              label="Product details"
              tabs={PRODUCT_TABS}
              active="info"
              onChange={() => undefined}
              panelClassName="py-5"
            >
              <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
                <dt className="font-medium text-slate-600">Price</dt>
                <dd className="text-navy-900">{formatMoney(product.set_price)}</dd>
                <dt className="font-medium text-slate-600">Availability</dt>
                <dd className="text-navy-900">
                  {inStock ? `In Stock (${product.stock_quantity} available)` : 'Out of Stock'}
                </dd>
                <dt className="font-medium text-slate-600">Delivery</dt>
                <dd className="text-navy-900">
                  Delivery and installation by our own crews; ask us for a quote.
                </dd>
              </dl>
            </Tabs>
          </div>
        </div>
      </div>

      {relatedProducts.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-16 border-t border-slate-200 pt-12">
          <h2 id="related-heading" className="text-2xl font-bold tracking-tight">
            Related Products
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="related-products">
            {relatedProducts.map((related) => (
              <li key={related.id}>
                <ProductCard product={related} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/**
 * The product's boxes while it loads, the photo's 4:3 box included, so the page does not jump (and the footer
 * does not start in view and then move away) when the product arrives.
 */
function ProductSkeleton() {
  return (
    <div className="mt-6 grid min-h-dvh gap-10 lg:grid-cols-2 lg:gap-14" data-testid="product-loading">
      <div className="aspect-[4/3] rounded-2xl bg-slate-100" />
      <div>
        <Spinner className="size-8 text-navy-600" label="Loading product…" />
        <div className="mt-4 h-9 w-3/4 rounded bg-slate-100" />
        <div className="mt-6 h-8 w-1/3 rounded bg-slate-100" />
        <div className="mt-6 h-24 rounded bg-slate-100" />
      </div>
    </div>
  );
}
