import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import {
  PAGE_SIZE,
  PROPOSAL_LIMITS,
  QUOTE_REQUEST_MESSAGES,
  quoteRequestFields,
  quoteRequestRows,
  type Product,
  type ProductPage,
} from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { formatMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { showFieldErrors } from '../../../components/ui/forms/field-errors';
import { requestQuote, useProposalMutation } from '../api/proposals-api';
import { FormDialog } from './form-dialog';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { PROPOSAL_FAILURES } from '../messages';

/**
 * The form's field of a request field the server names in its 422: the request's `items.3.quantity` (or a refused
 * `items.3.product_id`) is the quantity of the form's row `rows[3]`; `items` itself is the list's own error.
 */
function formField(key: string, rows: number[]): string {
  const item = /^items\.(\d+)\./.exec(key);
  if (item) {
    const row = rows[Number(item[1])];
    return row === undefined ? 'items.root' : `items.${row}.quantity`;
  }
  return key === 'items' ? 'items.root' : key;
}

/** The server's 422 field errors under the form's fields (request rows read as the form's rows). */
function asFormErrors(error: ApiError, rows: number[]): ApiError {
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.errors)) {
    errors[formField(key, rows)] ??= messages;
  }
  return new ApiError(error.status, error.message, errors, error.sessionKind);
}

/**
 * The wishlist's liked products, every one of them for choosing: read a page of the most the API gives at a time
 * until the last, so a long wishlist is not cut short.
 */
const likedProductsQuery = () => ({
  queryKey: ['proposals', 'quote-products'],
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const products: Product[] = [];
    for (let page = 1; ; page++) {
      const answer = await api.get<ProductPage>('/api/user/favorites', {
        signal,
        query: { page, per_page: PAGE_SIZE.max },
      });
      products.push(...answer.data);
      if (page >= answer.last_page || answer.data.length === 0) return products;
    }
  },
});

function QuoteForm({ onClose }: { onClose: () => void }) {
  const { data, isPending, isError, refetch } = useQuery(likedProductsQuery());
  // The contract's own check, on the form's rows; a valid form's values are the request to send.
  const { register, control, handleSubmit, setError, setFocus, getValues, formState } = useForm({
    resolver: zodResolver(quoteRequestFields),
    defaultValues: { items: [], note: '' },
    // The focus goes where the form says (below), the list's own error (no product chosen) included.
    shouldFocusError: false,
  });
  const { fields, replace } = useFieldArray({ control, name: 'items' });
  const products = useMemo(() => new Map(data?.map((p) => [p.id, p])), [data]);
  // A row per liked product; a read again (another tab liked one more) keeps the quantities already typed.
  useEffect(() => {
    if (!data) return;
    const typed = new Map(getValues('items').map((item) => [item.product_id, item.quantity]));
    replace(data.map((p) => ({ product_id: p.id, quantity: typed.get(p.id) ?? Number.NaN })));
  }, [data, getValues, replace]);

  const send = useProposalMutation(requestQuote);
  const onSubmit = handleSubmit(
    (request) => {
      // The rows the request was made of, for the server's 422 on its items.
      const rows = quoteRequestRows(getValues('items'));
      send.run(request, {
        onSuccess: () => {
          toast.success('Your quote request is sent. We will answer with a proposal.');
          onClose();
        },
        failure: PROPOSAL_FAILURES.quoteRequestFailed,
        onError: (e) => {
          if (e instanceof ApiError) showFieldErrors(asFormErrors(e, rows), setError);
        },
      });
    },
    // The first quantity in error, else the first quantity (no product chosen, or too many), else the note.
    (invalid) => {
      const rows = Array.isArray(invalid.items) ? (invalid.items as { quantity?: unknown }[]) : [];
      const row = rows.findIndex((r) => r?.quantity);
      if (row >= 0) setFocus(`items.${row}.quantity`);
      else if (invalid.items?.root && fields.length > 0) setFocus('items.0.quantity');
      else if (invalid.note) setFocus('note');
    },
  );
  const errors = formState.errors;
  const itemsError = errors.items?.root?.message ?? errors.items?.message;
  return (
    <FormDialog
      open
      size="lg"
      onClose={onClose}
      title="Request a quote"
      description="Enter how many of each product you need, and anything we should know."
      onSubmit={onSubmit}
      submitLabel="Send request"
      loading={send.isPending}
      formClassName="grid gap-4"
    >
      {isPending ? (
        <p className="text-sm text-slate-600">Loading your favourites…</p>
      ) : isError ? (
        <LoadError message={PROPOSAL_FAILURES.favoritesFailed} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="text-sm text-slate-700">{QUOTE_REQUEST_MESSAGES.noLikedProducts}</p>
      ) : (
        <ul className="grid max-h-80 gap-2 overflow-y-auto pr-1">
          {fields.map((field, index) => {
            const product = products.get(field.product_id);
            if (!product) return null;
            return (
              <li key={field.id} className="flex items-start gap-3">
                <p className="min-w-0 flex-1 pt-2.5 text-sm break-words">
                  <span className="font-medium text-navy-900">{product.name}</span>{' '}
                  <span className="text-slate-600">{formatMoney(product.set_price)}</span>
                </p>
                <TextField
                  label={`Quantity of ${product.name}`}
                  hideLabel
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={PROPOSAL_LIMITS.quantity}
                  step={1}
                  placeholder="0"
                  containerClassName="w-40 shrink-0"
                  error={errors.items?.[index]?.quantity?.message}
                  {...register(`items.${index}.quantity`, { valueAsNumber: true })}
                />
              </li>
            );
          })}
        </ul>
      )}
      {itemsError && (
        <p role="alert" className="text-sm text-red-700">
          {itemsError}
        </p>
      )}
      <TextAreaField
        label="Note (optional)"
        rows={3}
        maxLength={PROPOSAL_LIMITS.comment}
        error={errors.note?.message}
        {...register('note')}
      />
    </FormDialog>
  );
}

/** The wishlist's "Request a quote" action. */
export function RequestQuoteAction() {
  const [open, setOpen] = useState(false);
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-copper-200 bg-copper-50 p-4">
      <p className="text-sm text-navy-900">
        Need several of these? Ask us for a quote of the products you like.
      </p>
      <Button onClick={() => setOpen(true)}>Request a quote</Button>
      {open && <QuoteForm onClose={() => setOpen(false)} />}
    </div>
  );
}
