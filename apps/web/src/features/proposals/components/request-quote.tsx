import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PAGE_SIZE, quoteRequestInput, type ProductPage } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { api } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { contractResolver } from '../api/contract-resolver';
import { requestQuote, useProposalMutation } from '../api/proposals-api';
import { FormDialog } from './form-dialog';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { PROPOSAL_MESSAGES, toastFailure } from '../messages';

interface QuoteValues {
  /** Quantity per product id, as typed; 0 or empty leaves the product out. */
  quantities: Record<string, string>;
  note: string;
}

const toInput = (v: QuoteValues) => ({
  items: Object.entries(v.quantities ?? {})
    .filter(([, q]) => q !== '' && Number(q) > 0)
    .map(([id, q]) => ({ product_id: Number(id.slice(1)), quantity: Number(q) })),
  note: v.note.trim() || undefined,
});

const resolver = contractResolver<QuoteValues>(quoteRequestInput, toInput);

/** The wishlist's liked products (every one, for choosing), read from the favourites endpoint. */
const likedProductsQuery = () => ({
  queryKey: ['proposals', 'quote-products'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<ProductPage>('/api/user/favorites', { signal, query: { page: 1, per_page: PAGE_SIZE.max } }),
});

function QuoteForm({ onClose }: { onClose: () => void }) {
  const { data, isPending, isError, refetch } = useQuery(likedProductsQuery());
  const { register, handleSubmit, formState } = useForm<QuoteValues>({
    resolver,
    defaultValues: { quantities: {}, note: '' },
  });
  const send = useProposalMutation((v: QuoteValues) => requestQuote(toInput(v)));
  const onSubmit = handleSubmit((values) =>
    send.run(values, {
      onSuccess: () => {
        toast.success('Your quote request is sent. We will answer with a proposal.');
        onClose();
      },
      onError: (e) => toastFailure(e, PROPOSAL_MESSAGES.quoteRequestFailed),
    }),
  );
  const itemsError = (formState.errors as { items?: { message?: string } }).items?.message;
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
        <LoadError message={PROPOSAL_MESSAGES.favoritesFailed} onRetry={() => void refetch()} />
      ) : (
        <ul className="grid max-h-80 gap-2 overflow-y-auto pr-1">
          {data?.data.map((p) => (
            <li key={p.id} className="flex items-end gap-3">
              <p className="min-w-0 flex-1 pb-2.5 text-sm">
                <span className="font-medium text-navy-900">{p.name}</span>{' '}
                <span className="text-slate-600">{formatMoney(p.set_price)}</span>
              </p>
              <TextField
                label={`Quantity of ${p.name}`}
                hideLabel
                type="number"
                min={0}
                placeholder="0"
                containerClassName="w-24"
                {...register(`quantities.p${p.id}`)}
              />
            </li>
          ))}
        </ul>
      )}
      {itemsError && (
        <p role="alert" className="text-sm text-red-700">
          {itemsError}
        </p>
      )}
      <TextAreaField label="Note (optional)" rows={3} {...register('note')} />
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
