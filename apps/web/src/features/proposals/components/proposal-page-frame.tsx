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

function BackToProposals({ to }: { to: string }) {
  return (
    <Link to={to} className={buttonClasses('outline')}>
      <ChevronLeftIcon className="size-4" />
      Back to Proposals
    </Link>
  );
}

/**
 * The page of a proposal that is not there: the server's 404, or an address that names none (/proposals/abc), which
 * is not worth a request. Nothing to try again.
 */
export function ProposalNotFound({ backTo }: { backTo: string }) {
  return (
    <>
      <PageHeader title="Proposal" actions={<BackToProposals to={backTo} />} />
      <LoadError message={PROPOSAL_FAILURES.proposalNotFound} />
    </>
  );
}

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
  const back = <BackToProposals to={backTo} />;
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return <ProposalNotFound backTo={backTo} />;
    return (
      <>
        <PageHeader title="Proposal" actions={back} />
        <LoadError message={PROPOSAL_FAILURES.proposalFailed} onRetry={() => query.refetch()} />
      </>
    );
  }
  return <>{children(query.data, back)}</>;
}
