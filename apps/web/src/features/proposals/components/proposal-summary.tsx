import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/money';
import type { Proposal } from '../api/types';
import { ProposalStatusBadge } from './proposal-status-badge';

/** The end of a customer's proposal row: its status, total and the link that opens it. */
export function ProposalSummary({
  proposal,
}: {
  proposal: Pick<Proposal, 'id' | 'number' | 'version' | 'status' | 'total'>;
}) {
  return (
    <div className="flex flex-none items-center gap-3">
      <ProposalStatusBadge status={proposal.status} />
      <span className="font-semibold tabular-nums">{formatMoney(proposal.total)}</span>
      <Link
        to={`/user/proposals/${proposal.id}`}
        className={buttonClasses('outline', 'sm')}
        aria-label={`Open proposal ${proposal.number} version ${proposal.version}`}
      >
        Open
      </Link>
    </div>
  );
}
