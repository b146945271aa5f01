import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { formatMoneyIn } from '../../../lib/money-in';
import type { Proposal } from '../api/types';
import { ProposalStatusBadge } from './proposal-status-badge';

/** What a row shows of a proposal. */
type RowProposal = Pick<Proposal, 'id' | 'number' | 'version' | 'status' | 'total' | 'currency'>;

/** The end of a customer's proposal row: its status, total and the link that opens it. */
function ProposalSummary({ proposal }: { proposal: RowProposal }) {
  return (
    <div className="flex flex-none items-center gap-3">
      <ProposalStatusBadge status={proposal.status} />
      <span className="font-semibold tabular-nums">{formatMoneyIn(proposal.total, proposal.currency)}</span>
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

/**
 * A customer's proposal in a list whose `<ul>` is the container (`@container`): what names it (`children`), then
 * its ProposalSummary, side by side where the list is at least 36rem wide and stacked where it is narrower, so a
 * phone does not squeeze the name into a column beside the summary.
 */
export function ProposalRow({
  proposal,
  className,
  children,
}: {
  proposal: RowProposal;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li className={cx('flex flex-col @xl:flex-row @xl:items-center', className)}>
      {children}
      <ProposalSummary proposal={proposal} />
    </li>
  );
}
