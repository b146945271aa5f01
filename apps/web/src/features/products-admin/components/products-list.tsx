import { Link } from 'react-router';
import type { AdminProduct } from '@shop/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { DataTable, type DataColumn } from '../../../components/ui/lists/data-table';
import { useRowButtons } from '../../../components/ui/lists/use-row-mutation';
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
  const button = useRowButtons<'toggle' | 'delete'>(busy);
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline"
        {...button('toggle', () => onToggle(product))}
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
        {...button('delete', () => onDelete(product))}
        aria-label={`Delete ${product.name}`}
      >
        Delete
      </Button>
    </div>
  );
}

/** A table where the list is wide enough, cards where it is not (DataTable). */
export function ProductsList({ products, firstRow, busyIds, onToggle, onDelete }: ProductsListProps) {
  const columns: DataColumn<AdminProduct>[] = [
    {
      header: 'Product',
      cell: (product) => (
        <div className="flex items-center gap-3">
          <Image
            src={product.photo_url}
            alt=""
            className="size-12 shrink-0 rounded-lg bg-slate-100 object-cover"
          />
          <div className="min-w-0">
            <p className="font-medium text-navy-900">{product.name}</p>
            {product.category_name && <p className="text-xs text-slate-600">{product.category_name}</p>}
          </div>
        </div>
      ),
      card: 'title',
      cardCell: (product) => product.name,
    },
    {
      header: 'SKU',
      // A usual SKU stays on one line; a very long one wraps rather than push the row's buttons out of sight.
      className: 'min-w-28 font-mono text-xs wrap-anywhere text-slate-700',
      cell: (product) => product.sku,
      card: 'detail',
      cardCell: (product) => <span className="font-mono text-xs">{product.sku}</span>,
    },
    {
      header: 'Price',
      align: 'right',
      cell: (product) => formatMoney(product.price),
      card: 'detail',
      cardCell: (product) => (
        <>
          <span className="font-semibold">{formatMoney(product.price)}</span>
          <span className="text-slate-600"> · {product.stock_quantity} in stock</span>
        </>
      ),
    },
    { header: 'Stock', align: 'right', cell: (product) => product.stock_quantity },
    { header: 'Status', cell: (product) => <StatusBadge active={product.status} />, card: 'badge' },
    {
      header: 'Actions',
      cell: (product) => (
        <Actions product={product} busy={busyIds.has(product.id)} onToggle={onToggle} onDelete={onDelete} />
      ),
      card: 'actions',
    },
    {
      header: 'Photo',
      cardOnly: true,
      cell: (product) => (
        <Image src={product.photo_url} alt="" className="size-16 rounded-lg bg-slate-100 object-cover" />
      ),
      card: 'media',
    },
  ];
  return <DataTable rows={products} columns={columns} caption="Products" firstRow={firstRow} />;
}
