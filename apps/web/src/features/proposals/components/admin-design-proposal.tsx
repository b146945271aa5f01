import { useState } from 'react';
import { useFocusOnClose } from '../../../lib/use-focus-on-close';
import { Link, useNavigate } from 'react-router';
import { PAGE_SIZE } from '@shop/contracts';
import { Button } from '../../../components/ui/button';
import { formatMoneyIn } from '../../../lib/money-in';
import { useAdminProposals } from '../api/proposals-api';
import { DetailCard } from '../../../components/ui/detail-card';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { ProposalBuilder } from './proposal-builder';
import { ProposalStatusBadge } from './proposal-status-badge';
import { PROPOSAL_FAILURES } from '../messages';

/** The proposals already built on this design, newest first, each linking to its back-office page. */
function DesignProposalList({ designId }: { designId: number }) {
  const { data, isPending, isError, refetch } = useAdminProposals({
    page: 1,
    perPage: PAGE_SIZE.max,
    designId,
  });
  if (isPending) return <p className="mb-4 text-sm text-slate-600">Loading the proposals…</p>;
  if (isError)
    return (
      <div className="mb-4">
        <LoadError message={PROPOSAL_FAILURES.proposalsFailed} onRetry={() => void refetch()} />
      </div>
    );
  if (!data.proposals.length)
    return <p className="mb-4 text-sm text-slate-600">No proposal has been built on this design yet.</p>;
  return (
    <ul aria-label="Proposals of this design" className="mb-4 divide-y divide-slate-200">
      {data.proposals.map((p) => (
        <li key={p.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
          <Link
            to={`/admin/proposals/${p.id}`}
            className="font-medium text-navy-700 underline"
            aria-label={`Proposal ${p.number} version ${p.version}`}
          >
            {p.number} v{p.version}
          </Link>
          <ProposalStatusBadge status={p.status} />
          <span className="ml-auto text-navy-900 tabular-nums">{formatMoneyIn(p.total, p.currency)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The admin design page's proposal section: the design's proposals, then a new draft proposal for it. */
export function AdminDesignProposal({ designId }: { designId: number }) {
  const [open, setOpen] = useState(false);
  const opener = useFocusOnClose<HTMLButtonElement>(open);
  const navigate = useNavigate();
  return (
    <DetailCard title="Proposals" className="mt-5">
      <DesignProposalList designId={designId} />
      {open ? (
        <ProposalBuilder
          owner={{ kind: 'design', id: designId }}
          onSaved={(p) => void navigate(`/admin/proposals/${p.id}`)}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="flex-1 text-sm text-slate-700">
            Turn this design into a quote: products, services, tax and validity.
          </p>
          <Button ref={opener} onClick={() => setOpen(true)}>
            Build a proposal
          </Button>
        </div>
      )}
    </DetailCard>
  );
}
