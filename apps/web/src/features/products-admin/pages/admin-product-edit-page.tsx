import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { idParam } from '../../../lib/route-id';
import { ADMIN_MESSAGES } from '@shop/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { useMessageDialogs } from '../../../components/ui/message-dialogs';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { productQuery, updateProduct } from '../api/products-admin-api';
import { ProductForm } from '../components/product-form';

export default function AdminProductEditPage() {
  const params = useParams();
  const id = idParam(params.id) ?? 0;
  const navigate = useNavigate();
  const dialogs = useMessageDialogs();
  const { data: product, isError, isFetchedAfterMount } = useQuery({ ...productQuery(id), enabled: id > 0 });
  // The form starts from the product as it is now, never from a copy cached on an earlier visit: it sends back the
  // version it starts from, and fields from an old copy would overwrite what was saved since.
  const ready = product && isFetchedAfterMount;

  // A product that cannot be loaded (unknown, deleted, or a failure) sends the admin back to the list.
  const unusable = id <= 0 || isError;
  useEffect(() => {
    if (!unusable) return;
    void dialogs.alert({
      title: ADMIN_MESSAGES.errorTitle,
      message: ADMIN_MESSAGES.productFetchFailed,
      tone: 'error',
    });
    void navigate('/admin/products', { replace: true });
  }, [unusable, dialogs, navigate]);

  return (
    <>
      <PageHeader
        title="Edit Product"
        description={product ? product.name : 'Change a product of the catalogue.'}
        actions={
          <Link to="/admin/products" className={buttonClasses('outline')}>
            Back to Products
          </Link>
        }
      />
      {ready ? (
        <ProductForm
          key={product.id}
          product={product}
          submitLabel="Update Product"
          save={(form) => updateProduct(id, form)}
        />
      ) : (
        <PageSpinner label="Loading product…" />
      )}
    </>
  );
}
