import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { buttonClasses } from '../../../components/ui/button';
import { createProduct } from '../api/admin-products';
import { ProductForm } from '../components/product-form';
import { useProductSave } from '../components/use-product-save';

export default function AdminProductCreatePage() {
  const { errors, busy, submit } = useProductSave(createProduct);
  return (
    <>
      <PageHeader
        title="Add Product"
        description="A new product for the catalogue. It shows in the storefront as soon as it is saved."
        actions={
          <Link to="/admin/products" className={buttonClasses('outline')}>
            Back to Products
          </Link>
        }
      />
      <ProductForm submitLabel="Create Product" busy={busy} errors={errors} onSubmit={submit} />
    </>
  );
}
