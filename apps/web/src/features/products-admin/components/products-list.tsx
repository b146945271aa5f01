import { Link } from 'react-router';
import type { AdminProduct } from '@shop/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Image } from '../../../components/ui/image';
import { formatMoney } from '../../../lib/money';

interface ProductsListProps {
  products: AdminProduct[];
  /** The number of the first row: (current - 1) * perPage + 1. */
  firstRow: number;
  busyIds: ReadonlySet<number>;
  onToggle: (product: AdminProduct) => void;
  onDelete: (product: AdminProduct) => void;
}

function StatusBadge({ active }: { active: boolean }) {
  return active ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Inactive</Badge>;
}

function Actions({
  product,
  busy,
  onToggle,
  onDelete,
}: { product: AdminProduct; busy: boolean } & Pick<ProductsListProps, 'onToggle' | 'onDelete'>) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline"
        onClick={() => onToggle(product)}
        disabled={busy}
        aria-label={`${product.status ? 'Deactivate' : 'Activate'} ${product.name}`}
      >
        {product.status ? 'Deactivate' : 'Activate'}
      </Button>
      <Link
        to={`/admin/products/${product.id}/edit`}
        className={buttonClasses('secondary', 'sm')}
        aria-label={`Edit ${product.name}`}
      >
        Edit
      </Link>
      <Button
        size="sm"
        variant="danger"
        onClick={() => onDelete(product)}
        disabled={busy}
        aria-label={`Delete ${product.name}`}
      >
        Delete
      </Button>
    </div>
  );
}

/** A table from 768 px up, cards below. */
export function ProductsList({ products, firstRow, busyIds, onToggle, onDelete }: ProductsListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Products</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                #
              </th>
              <th scope="col" className="px-4 py-3">
                Product
              </th>
              <th scope="col" className="px-4 py-3">
                SKU
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Price
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Stock
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {products.map((product, index) => (
              <tr key={product.id}>
                <td className="px-4 py-3 text-slate-600 tabular-nums">{firstRow + index}</td>
                <td className="px-4 py-3">
                  <div className="flex items-center gap-3">
                    <Image
                      src={product.photo_url}
                      alt=""
                      className="size-12 shrink-0 rounded-lg bg-slate-100 object-cover"
                    />
                    <div className="min-w-0">
                      <p className="font-medium text-navy-900">{product.name}</p>
                      {product.category_name && (
                        <p className="text-xs text-slate-600">{product.category_name}</p>
                      )}
                    </div>
                  </div>
                </td>
                <td className="px-4 py-3 font-mono text-xs whitespace-nowrap text-slate-700">
                  {product.sku}
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{formatMoney(product.price)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{product.stock_quantity}</td>
                <td className="px-4 py-3">
                  <StatusBadge active={product.status} />
                </td>
                <td className="px-4 py-3">
                  <Actions
                    product={product}
                    busy={busyIds.has(product.id)}
                    onToggle={onToggle}
                    onDelete={onDelete}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 md:hidden" aria-label="Products">
        {products.map((product, index) => (
          <li key={product.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex gap-3">
              <Image
                src={product.photo_url}
                alt=""
                className="size-16 shrink-0 rounded-lg bg-slate-100 object-cover"
              />
              <div className="min-w-0 flex-1">
                <div className="flex items-start justify-between gap-2">
                  <p className="font-semibold text-navy-900">
                    <span className="mr-1 text-xs font-normal text-slate-600">#{firstRow + index}</span>
                    {product.name}
                  </p>
                  <StatusBadge active={product.status} />
                </div>
                <p className="font-mono text-xs text-slate-700">{product.sku}</p>
                <p className="mt-1 text-sm">
                  <span className="font-semibold">{formatMoney(product.price)}</span>
                  <span className="text-slate-600"> · {product.stock_quantity} in stock</span>
                </p>
              </div>
            </div>
            <div className="mt-3">
              <Actions
                product={product}
                busy={busyIds.has(product.id)}
                onToggle={onToggle}
                onDelete={onDelete}
              />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
