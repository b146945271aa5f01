import { Link } from 'react-router';
import type { Proposal } from '../api/types';
import { DetailCard } from '../../../components/ui/detail-card';
import { ProposalStatusBadge } from './proposal-status-badge';

/** The versions of a proposal, the one shown marked current, each other one a link to its page. */
export function VersionHistory({
  proposal,
  title,
  href,
}: {
  proposal: Pick<Proposal, 'id' | 'versions'>;
  title: string;
  href: (id: number) => string;
}) {
  return (
    <DetailCard title={title}>
      <ol className="grid gap-2 text-sm" aria-label="Versions">
        {proposal.versions.map((v) => (
          <li key={v.id} className="flex items-center justify-between gap-2">
            {v.id === proposal.id ? (
              <span className="font-semibold" aria-current="page">
                Version {v.version}
              </span>
            ) : (
              <Link className="text-navy-700 underline" to={href(v.id)}>
                Version {v.version}
              </Link>
            )}
            <ProposalStatusBadge status={v.status} />
          </li>
        ))}
      </ol>
    </DetailCard>
  );
}
