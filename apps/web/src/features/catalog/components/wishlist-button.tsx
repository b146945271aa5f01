import type { Product } from '@shop/contracts';
import { cx } from '../../../components/ui/cx';
import { HeartIcon } from '../../../components/ui/icons';

interface WishlistButtonProps {
  product: Pick<Product, 'id' | 'name' | 'is_favorited'>;
  onToggle: () => void;
  busy?: boolean;
  className?: string;
  /** 'icon' on cards; 'full' with a text label on the product page. */
  look?: 'icon' | 'full';
}

export function WishlistButton({ product, onToggle, busy, className, look = 'icon' }: WishlistButtonProps) {
  const label = product.is_favorited
    ? `Remove ${product.name} from wishlist`
    : `Add ${product.name} to wishlist`;
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={product.is_favorited}
      aria-label={look === 'icon' ? label : undefined}
      aria-busy={busy || undefined}
      title={label}
      data-testid="wishlist-button"
      className={cx(
        'inline-flex items-center justify-center gap-2 transition-colors focus-visible:outline-2',
        look === 'icon'
          ? 'size-10 rounded-full bg-white/95 shadow-md ring-1 ring-slate-200 hover:bg-white'
          : 'rounded-lg border border-slate-300 bg-white px-4 py-3 text-sm font-semibold text-navy-900 shadow-sm hover:bg-slate-50',
        className,
      )}
    >
      <HeartIcon
        className={cx('size-5', product.is_favorited ? 'fill-red-600 text-red-600' : 'text-navy-800')}
        aria-hidden="true"
      />
      {look === 'full' && (product.is_favorited ? 'In your wishlist' : 'Add to wishlist')}
    </button>
  );
}
