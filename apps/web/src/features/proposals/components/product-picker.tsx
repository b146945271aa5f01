import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SEARCH_MAX_LENGTH } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { failureWithReason } from '../../../lib/api-error';
import { useDebounce } from '../../../lib/use-debounce';
import { formatMoney } from '../../../lib/money';
import { productPickerQuery, type PickedProduct } from '../api/product-search';
import { PROPOSAL_FAILURES } from '../messages';

/**
 * Finds catalogue products by name or SKU and hands the chosen one to the builder. A pick empties the field and
 * closes the results in the same render as the new line (whose quantity the builder focuses): results that
 * lingered until the debounce had passed moved the buttons below them under the pointer.
 */
export function ProductPicker({ onPick }: { onPick: (product: PickedProduct) => void }) {
  const [term, setTerm] = useState('');
  const debounced = useDebounce(term.trim());
  const { data, isFetching, error } = useQuery(productPickerQuery(debounced));
  return (
    <div>
      <TextField
        label="Add a product"
        type="search"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        placeholder="Search by name or SKU"
        maxLength={SEARCH_MAX_LENGTH.list}
        hint="Type at least 2 characters."
      />
      {debounced.length >= 2 && term.trim().length >= 2 && (
        <div aria-live="polite" className="mt-2">
          {isFetching && !data ? (
            <p className="text-sm text-slate-600">Searching…</p>
          ) : error && !data ? (
            <LoadError message={failureWithReason(error, PROPOSAL_FAILURES.productSearchFailed)} />
          ) : data && data.length === 0 ? (
            <p className="text-sm text-slate-600">No products found.</p>
          ) : (
            <ul
              className="divide-y divide-slate-200 rounded-lg border border-slate-200"
              aria-label="Products found"
            >
              {data?.map((product) => (
                <li key={product.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <span className="min-w-0 flex-1 break-words">
                    <span className="font-medium text-navy-900">{product.name}</span>{' '}
                    <span className="text-slate-600">SKU {product.sku}</span>
                  </span>
                  <span className="tabular-nums">{formatMoney(product.price)}</span>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => {
                      onPick(product);
                      setTerm('');
                    }}
                    aria-label={`Add ${product.name}`}
                  >
                    Add
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
