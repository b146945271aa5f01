import { useState } from 'react';
import { cx } from '../../../components/ui/cx';
import { ProductImage } from './product-image';

/** The main photo and its thumbnails; a thumbnail (button) shows its photo as the main image. */
export function ProductGallery({ name, images }: { name: string; images: (string | null)[] }) {
  const list = images.length ? images : [null];
  const [selected, setSelected] = useState(0);
  const current = list[Math.min(selected, list.length - 1)] ?? null;
  return (
    <div>
      <div className="aspect-[4/3] overflow-hidden rounded-2xl border border-slate-200 bg-slate-100">
        <ProductImage
          src={current}
          alt={name}
          loading="eager"
          fetchPriority="high"
          width={1200}
          height={900}
          sizes="(min-width: 1024px) 600px, 100vw"
          className="size-full object-cover"
          data-testid="product-main-image"
        />
      </div>
      {list.length > 1 && (
        <ul className="mt-4 grid grid-cols-4 gap-3 sm:grid-cols-5" aria-label="Product images">
          {list.map((src, index) => (
            <li key={`${src}-${index}`}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={`Show image ${index + 1} of ${list.length}`}
                aria-pressed={index === selected}
                className={cx(
                  'block aspect-[4/3] w-full overflow-hidden rounded-lg border-2 bg-slate-100 transition-colors',
                  index === selected ? 'border-copper-600' : 'border-transparent hover:border-slate-300',
                )}
              >
                <ProductImage
                  src={src}
                  alt=""
                  width={320}
                  height={240}
                  sizes="120px"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
