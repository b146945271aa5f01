import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
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
 *
 * The field sits inside the builder's form, where Enter would save the proposal: Enter here adds the product when
 * the search found only that one, and otherwise does nothing (the Add buttons stay where Tab reaches them).
 */
export function ProductPicker({ onPick }: { onPick: (product: PickedProduct) => void }) {
  const [term, setTerm] = useState('');
  const debounced = useDebounce(term.trim());
  const { data, isFetching, error } = useQuery(productPickerQuery(debounced));
  const pick = (product: PickedProduct) => {
    onPick(product);
    setTerm('');
  };
  // Results still shown for an earlier term (the debounce has not caught up with the typing) are not what the
  // field says: Enter picks nothing from them.
  const current = debounced === term.trim() ? data : undefined;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The Enter that ends an input method's composition only confirms the text.
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (current?.length === 1) pick(current[0]!);
  };
  return (
    <div>
      <TextField
        label="Add a product"
        type="search"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Search by name or SKU"
        maxLength={SEARCH_MAX_LENGTH.list}
        hint="Type at least 2 characters. Enter adds the product when it is the only one found."
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
                    onClick={() => pick(product)}
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
