import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  ADMIN_MESSAGES,
  FILTERED_BY_CUSTOMER,
  type AdminProduct,
  type AdminProductsResponse,
} from '@shop/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PackageIcon } from '../../../components/ui/icons';
import { useMessageDialogs } from '../../../components/ui/message-dialogs';
import { PageHeader } from '../../../components/ui/page-header';
import { firstRowOf, ListToolbar, listStates, PagedList } from '../../../components/ui/lists/paged-list';
import { filteredCustomer } from '../../../components/ui/lists/filtered-customer';
import { SearchBox } from '../../../components/ui/lists/search-box';
import { useFailureAlert } from '../../../components/ui/lists/use-failure-alert';
import { useListParams, useUrlSearch } from '../../../components/ui/lists/use-list-params';
import { useBusyRows, useRowMutation } from '../../../components/ui/lists/use-row-mutation';
import { failureWithReason } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { deleteProduct, productsKey, productsQuery, setProductStatus } from '../api/products-admin-api';
import { ProductsList } from '../components/products-list';

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

  // Page and searches live in the URL: a reload and Back show the same list.
  const { page, setPage } = useListParams();
  const nameBox = useUrlSearch('search');
  const skuBox = useUrlSearch('sku');
  const search = nameBox.value;
  const sku = skuBox.value;

  const query = useQuery(productsQuery({ page, search, sku, userId }));
  const { data, isPending, isFetching, isPlaceholderData } = query;
  useFailureAlert(query, ADMIN_MESSAGES.errorTitle, ADMIN_MESSAGES.productsFailed);
  const rows = useBusyRows();

  // The switch asks for the status it offers (another admin may have set it since this list was read; the server
  // then leaves it as it is): the row shows the status it answers at once, the toast's title says which it is, and
  // the lists are read again.
  const toggle = useRowMutation(rows, {
    mutationFn: (product: AdminProduct) => setProductStatus(product.id, !product.status),
    onSuccess: async ({ status }, product) => {
      queryClient.setQueriesData<AdminProductsResponse>(
        { queryKey: [...productsKey, 'list'] },
        (list) =>
          list && { ...list, data: list.data.map((p) => (p.id === product.id ? { ...p, status } : p)) },
      );
      toast.success(ADMIN_MESSAGES.productStatusUpdated, {
        title: status ? ADMIN_MESSAGES.activatedTitle : ADMIN_MESSAGES.deactivatedTitle,
      });
      await queryClient.invalidateQueries({ queryKey: productsKey });
    },
    onError: (error) =>
      void dialogs.alert({
        title: ADMIN_MESSAGES.errorTitle,
        message: failureWithReason(error, ADMIN_MESSAGES.productStatusFailed),
        tone: 'error',
      }),
  });

  const remove = useRowMutation(rows, {
    mutationFn: (product: AdminProduct) => deleteProduct(product.id),
    onSuccess: async () => {
      if (data && data.data.length === 1 && page > 1) setPage(page - 1);
      await queryClient.invalidateQueries({ queryKey: productsKey });
      void dialogs.alert({
        title: ADMIN_MESSAGES.productDeletedTitle,
        message: ADMIN_MESSAGES.productDeleted,
        tone: 'success',
      });
    },
    onError: (error) =>
      void dialogs.alert({
        title: ADMIN_MESSAGES.errorTitle,
        message: failureWithReason(error, ADMIN_MESSAGES.productDeleteFailed),
        tone: 'error',
      }),
  });

  const onDelete = async (product: AdminProduct) => {
    if (rows.busyIds.has(product.id)) return;
    const confirmed = await dialogs.confirm({
      title: 'Are you sure?',
      message: ADMIN_MESSAGES.productDeleteConfirm(product.name),
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (confirmed) remove(product);
  };

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
          {/* A name of one long word wraps instead of pushing 'Show all products' off screen. */}
          <p className="min-w-0 wrap-anywhere">
            {FILTERED_BY_CUSTOMER.likedProducts(filteredCustomer(userId, data, isPlaceholderData))}
          </p>
          <Link
            to="/admin/products"
            className="font-semibold text-copper-700 underline-offset-4 hover:underline"
          >
            Show all products
          </Link>
        </div>
      )}
      <ListToolbar
        count={{
          total: data?.total,
          capped: data?.total_is_capped,
          updating: isFetching && !isPending,
          one: 'product',
          other: 'products',
        }}
      >
        <SearchBox
          label="Search products by name"
          placeholder="Search by name"
          value={nameBox.text}
          onChange={nameBox.setText}
        />
        <SearchBox
          label="Search products by SKU"
          placeholder="Search by SKU"
          value={skuBox.text}
          onChange={skuBox.setText}
        />
      </ListToolbar>

      <PagedList
        {...listStates(query, ADMIN_MESSAGES.productsFailed)}
        empty={
          data?.data.length === 0 && (
            <EmptyState icon={<PackageIcon className="size-6" />} title={ADMIN_MESSAGES.noProducts} />
          )
        }
        pagination={data?.pagination}
        onPageChange={setPage}
      >
        {data && (
          <ProductsList
            products={data.data}
            firstRow={firstRowOf(data.pagination)}
            busyIds={rows.busyIds}
            onToggle={toggle}
            onDelete={(p) => void onDelete(p)}
          />
        )}
      </PagedList>
    </>
  );
}
