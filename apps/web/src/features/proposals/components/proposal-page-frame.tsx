import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { ChevronLeftIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { useProposalsLive } from '../api/proposals-api';
import type { Proposal } from '../api/types';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { PROPOSAL_FAILURES } from '../messages';

/**
 * A proposal's detail page in either area until the proposal is there: the spinner, "not found" for a 404, or the
 * failure with a retry; then the page itself, kept fresh by the other side's steps as they come.
 */
export function ProposalPageFrame<P extends Proposal>({
  query,
  backTo,
  children,
}: {
  query: UseQueryResult<P>;
  backTo: string;
  children: (proposal: P, back: ReactNode) => ReactNode;
}) {
  useProposalsLive();
  const back = (
    <Link to={backTo} className={buttonClasses('outline')}>
      <ChevronLeftIcon className="size-4" />
      Back to Proposals
    </Link>
  );
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        <PageHeader title="Proposal" actions={back} />
        <LoadError
          message={missing ? PROPOSAL_FAILURES.proposalNotFound : PROPOSAL_FAILURES.proposalFailed}
          onRetry={missing ? undefined : () => query.refetch()}
        />
      </>
    );
  }
  return <>{children(query.data, back)}</>;
}
