import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PAGE_SIZE } from '@shop/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ClipboardIcon } from '../../../components/ui/icons';
import { listStates, PagedList, pagesOfTotal } from '../../../components/ui/lists/paged-list';
import { useListParams } from '../../../components/ui/lists/use-list-params';
import { PageHeader } from '../../../components/ui/page-header';
import { adminQuoteRequestsQuery, useProposalsLive } from '../api/proposals-api';
import type { QuoteRequest } from '../api/types';
import { formatDate } from '../../../lib/dates';
import { ProposalBuilder } from '../components/proposal-builder';
import { PROPOSAL_FAILURES } from '../messages';

/** /admin/quote-requests: customers' requests from their wishlists, answered with a proposal. */
export default function AdminQuoteRequestsPage() {
  useProposalsLive();
  const { page, setPage } = useListParams();
  const query = useQuery(adminQuoteRequestsQuery(page));
  const { data } = query;
  const [answering, setAnswering] = useState<QuoteRequest | null>(null);
  const navigate = useNavigate();
  const perPage = PAGE_SIZE.adminList;
  return (
    <>
      <PageHeader title="Quote Requests" description="Products and quantities customers asked a price for." />
      <PagedList
        {...listStates(query, PROPOSAL_FAILURES.quoteRequestsFailed)}
        empty={
          data && data.quote_requests.length === 0 ? (
            <EmptyState icon={<ClipboardIcon className="size-6" />} title="No quote requests." />
          ) : undefined
        }
        pagination={data && pagesOfTotal(page, data.total, perPage)}
        onPageChange={setPage}
        pagesLabel="Quote request pages"
      >
        <ul className="grid gap-3" aria-label="Quote requests">
          {data?.quote_requests.map((q) => (
            // What the customer typed may be one long word: it wraps inside the card.
            <li
              key={q.id}
              className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 wrap-anywhere shadow-sm"
            >
              <div className="flex flex-wrap items-center gap-2">
                <p className="flex-1 font-semibold text-navy-900">
                  {q.customer.name}
                  {q.customer.company_name ? `, ${q.customer.company_name}` : ''}
                  <span className="font-normal text-slate-600"> · {formatDate(q.created_at)}</span>
                </p>
                <Badge tone={q.status === 'open' ? 'warning' : 'success'}>
                  {q.status === 'open' ? 'Open' : 'Answered'}
                </Badge>
              </div>
              <ul className="mt-2 text-sm text-slate-700">
                {q.items.map((item, i) => (
                  <li key={i}>
                    {item.quantity} × {item.name}
                    {item.sku ? ` (SKU ${item.sku})` : ''}
                  </li>
                ))}
              </ul>
              {q.note && <p className="mt-2 text-sm text-slate-600">Note: {q.note}</p>}
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  onClick={() => setAnswering(q)}
                  aria-label={`Answer the request of ${q.customer.name} with a proposal`}
                >
                  Answer with a proposal
                </Button>
                {q.proposals.map((p) => (
                  <Link
                    key={p.id}
                    className="text-sm text-navy-700 underline"
                    to={`/admin/proposals/${p.id}`}
                  >
                    {p.number}
                  </Link>
                ))}
              </div>
            </li>
          ))}
        </ul>
      </PagedList>
      {answering && (
        <Dialog
          open
          size="lg"
          onClose={() => setAnswering(null)}
          title={`Proposal for ${answering.customer.name}`}
        >
          <div className="max-h-[70dvh] overflow-y-auto pr-1">
            <ProposalBuilder
              owner={{ kind: 'quote-request', id: answering.id }}
              seed={answering.items
                .filter((i) => i.product_id)
                .map((i) => ({
                  product_id: i.product_id,
                  name: i.name,
                  sku: i.sku,
                  quantity: i.quantity,
                  unit_price: i.price ?? '',
                  discount: '',
                }))}
              onSaved={(p) => void navigate(`/admin/proposals/${p.id}`)}
            />
          </div>
        </Dialog>
      )}
    </>
  );
}
