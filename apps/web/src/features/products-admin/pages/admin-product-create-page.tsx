import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { buttonClasses } from '../../../components/ui/button';
import { createProduct } from '../api/products-admin-api';
import { ProductForm } from '../components/product-form';

export default function AdminProductCreatePage() {
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
      <ProductForm submitLabel="Create Product" save={createProduct} />
    </>
  );
}
