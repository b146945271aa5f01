import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_MESSAGES, type AdminProduct } from '@shop/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PackageIcon } from '../../../components/ui/icons';
import { useMessageDialogs } from '../../../components/ui/message-dialogs';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';
import { useDebounce } from '../../../lib/use-debounce';
import { deleteProduct, productsKey, productsQuery, toggleProductStatus } from '../api/admin-products';
import { ProductsList } from '../components/products-list';
import { SearchBox } from '../components/search-box';

function userIdFrom(params: URLSearchParams): number | undefined {
  const raw = params.get('userId');
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export default function AdminProductsPage() {
  const dialogs = useMessageDialogs();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const userId = userIdFrom(params);

  const [nameText, setNameText] = useState('');
  const [skuText, setSkuText] = useState('');
  const search = useDebounce(nameText.trim());
  const sku = useDebounce(skuText.trim());
  // A page belongs to the filters it was chosen for: new filters start again at page 1.
  const filterKey = JSON.stringify([search, sku, userId]);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });

  const { data, isPending, isError, errorUpdatedAt, isFetching } = useQuery(
    productsQuery({ page, search, sku, userId }),
  );
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    if (isError)
      void dialogs.alert({
        title: ADMIN_MESSAGES.errorTitle,
        message: ADMIN_MESSAGES.productsFailed,
        tone: 'error',
      });
  }, [isError, errorUpdatedAt, dialogs]);

  const markBusy = (id: number, busy: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  const toggle = useMutation({
    mutationFn: (product: AdminProduct) => toggleProductStatus(product.id),
    onMutate: (product) => markBusy(product.id, true),
    onSettled: (_d, _e, product) => markBusy(product.id, false),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: productsKey });
      toast.success(ADMIN_MESSAGES.productStatusUpdated);
    },
    onError: () =>
      void dialogs.alert({
        title: ADMIN_MESSAGES.errorTitle,
        message: ADMIN_MESSAGES.productStatusFailed,
        tone: 'error',
      }),
  });

  const remove = useMutation({
    mutationFn: (product: AdminProduct) => deleteProduct(product.id),
    onMutate: (product) => markBusy(product.id, true),
    onSettled: (_d, _e, product) => markBusy(product.id, false),
    onSuccess: async () => {
      if (data && data.data.length === 1 && page > 1) setPage(page - 1);
      await queryClient.invalidateQueries({ queryKey: productsKey });
      void dialogs.alert({
        title: ADMIN_MESSAGES.productDeletedTitle,
        message: ADMIN_MESSAGES.productDeleted,
        tone: 'success',
      });
    },
    onError: () =>
      void dialogs.alert({
        title: ADMIN_MESSAGES.errorTitle,
        message: ADMIN_MESSAGES.productDeleteFailed,
        tone: 'error',
      }),
  });

  const onToggle = (product: AdminProduct) => {
    if (!busyIds.has(product.id)) toggle.mutate(product);
  };
  const onDelete = async (product: AdminProduct) => {
    if (busyIds.has(product.id)) return;
    const confirmed = await dialogs.confirm({
      title: 'Are you sure?',
      message: ADMIN_MESSAGES.productDeleteConfirm(product.name),
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (confirmed) remove.mutate(product);
  };

  const pagination = data?.pagination;
  const firstRow = pagination ? (pagination.current - 1) * pagination.perPage + 1 : 1;

  return (
    <>
      <PageHeader
        title="Products"
        description="The product catalogue: add, edit, activate or deactivate and delete products."
        actions={
          <Link to="/admin/products/create" className={buttonClasses('primary')}>
            Add Product
          </Link>
        }
      />
      {userId !== undefined && (
        <div className="mb-4 flex flex-col gap-2 rounded-xl border border-navy-200 bg-navy-50 px-4 py-3 text-sm text-navy-900 sm:flex-row sm:items-center sm:justify-between">
          <p>Showing the products liked by customer #{userId}.</p>
          <Link
            to="/admin/products"
            className="font-semibold text-copper-700 underline-offset-4 hover:underline"
          >
            Show all products
          </Link>
        </div>
      )}
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchBox
          label="Search products by name"
          placeholder="Search by name"
          value={nameText}
          onChange={setNameText}
        />
        <SearchBox
          label="Search products by SKU"
          placeholder="Search by SKU"
          value={skuText}
          onChange={setSkuText}
        />
        <p className="text-sm text-slate-600 sm:ml-auto" aria-live="polite">
          {isFetching && !isPending
            ? 'Updating…'
            : data
              ? `${data.total} ${data.total === 1 ? 'product' : 'products'}`
              : ''}
        </p>
      </div>

      {isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : isError && !data ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {ADMIN_MESSAGES.productsFailed}
        </p>
      ) : data && data.data.length === 0 ? (
        <EmptyState icon={<PackageIcon className="size-6" />} title={ADMIN_MESSAGES.noProducts} />
      ) : data ? (
        <>
          <ProductsList
            products={data.data}
            firstRow={firstRow}
            busyIds={busyIds}
            onToggle={onToggle}
            onDelete={(p) => void onDelete(p)}
          />
          <Pagination
            className="mt-6"
            currentPage={data.pagination.current}
            lastPage={data.pagination.totalPages}
            onPageChange={setPage}
          />
        </>
      ) : null}
    </>
  );
}
