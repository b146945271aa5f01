import { Link } from 'react-router';
import type { Product } from '@shop/contracts';
import { formatMoney } from '../../../lib/money';
import { ProductImage } from './product-image';
import { StockBadge } from './stock-badge';
import { WishlistButton } from './wishlist-button';

interface ProductCardProps {
  product: Product;
  /** Hidden on related product cards. */
  onToggleWishlist?: (product: Product) => void;
  wishlistBusy?: boolean;
  /** Cards in view on arrival load their photo at once ('eager'), the first one ahead of other requests ('high'). */
  priority?: 'high' | 'eager';
}

export function ProductCard({ product, onToggleWishlist, wishlistBusy, priority }: ProductCardProps) {
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-copper-600"
      data-testid="product-card"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
        <ProductImage
          src={product.photo_url}
          alt={product.name}
          sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority === 'high' ? 'high' : undefined}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
        {onToggleWishlist && (
          <WishlistButton
            product={product}
            busy={wishlistBusy}
            onToggle={() => onToggleWishlist(product)}
            className="absolute top-3 right-3 z-10"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-base leading-snug font-semibold text-navy-900">
            <Link
              to={`/product/${encodeURIComponent(product.slug)}`}
              className="after:absolute after:inset-0 focus-visible:outline-none"
            >
              {product.name}
            </Link>
          </h3>
        </div>
        <p className="line-clamp-2 text-sm text-slate-600">{product.description}</p>
        <div className="mt-auto flex items-center justify-between pt-3">
          <span className="text-lg font-bold text-navy-900">{formatMoney(product.set_price)}</span>
          <StockBadge quantity={product.stock_quantity} />
        </div>
      </div>
    </article>
  );
}
