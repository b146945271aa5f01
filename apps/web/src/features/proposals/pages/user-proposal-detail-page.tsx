import { useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { useMyProposal } from '../api/proposals-api';
import type { Proposal } from '../api/types';
import { PdfButton } from '../components/pdf-button';
import { AcceptDialog, DeclineDialog } from '../components/decision-dialogs';
import { DetailCard } from '../../../components/ui/detail-card';
import { formatDate } from '../../../lib/dates';
import { ProposalBooking } from '../components/proposal-booking';
import { ProposalLines } from '../components/proposal-lines';
import { ProposalNotFound, ProposalPageFrame } from '../components/proposal-page-frame';
import { idParam } from '../../../lib/route-id';
import { ProposalStatusBadge } from '../components/proposal-status-badge';
import { VersionHistory } from '../components/version-history';

/** /user/proposals/{id}: a sent proposal with its lines, totals, history, PDF, decision and installation date. */
export default function UserProposalDetailPage() {
  const id = idParam(useParams().id);
  return id === null ? <ProposalNotFound backTo="/user/proposals" /> : <UserProposalPage id={id} />;
}

function UserProposalPage({ id }: { id: number }) {
  const query = useMyProposal(id);
  return (
    <ProposalPageFrame query={query} backTo="/user/proposals">
      {(proposal, back) => <UserProposalView proposal={proposal} back={back} />}
    </ProposalPageFrame>
  );
}

function UserProposalView({ proposal, back }: { proposal: Proposal; back: ReactNode }) {
  const [dialog, setDialog] = useState<'accept' | 'decline' | null>(null);
  const decidable = proposal.status === 'sent';
  // Once decided, the Accept and Decline buttons go: the focus goes to the status that says the outcome, not back
  // to a button about to vanish (which would leave it nowhere). A cancelled dialog returns it to its button.
  const statusHeading = useRef<HTMLHeadingElement>(null);
  const decided = useRef(false);
  const dialogProps = {
    proposal,
    onClose: () => setDialog(null),
    onDone: () => {
      decided.current = true;
    },
    returnFocusTo: () => (decided.current ? statusHeading.current : undefined),
  };
  return (
    <>
      <PageHeader
        title={
          <>
            Proposal <span className="whitespace-nowrap">{proposal.number}</span>
          </>
        }
        description={`Version ${proposal.version} · valid until ${formatDate(proposal.valid_until)}`}
        actions={back}
      />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-5">
          <DetailCard title="What we propose">
            <ProposalLines proposal={proposal} />
          </DetailCard>
          {proposal.notes && (
            <DetailCard title="Notes">
              <p className="text-sm whitespace-pre-line">{proposal.notes}</p>
            </DetailCard>
          )}
        </div>
        <div className="grid content-start gap-5">
          <DetailCard title="Status" headingRef={statusHeading}>
            <ProposalStatusBadge status={proposal.status} />
            {proposal.customer_comment && (
              <p className="mt-2 text-sm text-slate-700">Your comment: {proposal.customer_comment}</p>
            )}
            <div className="mt-4 flex flex-wrap gap-2">
              {decidable && (
                <>
                  <Button onClick={() => setDialog('accept')}>Accept</Button>
                  <Button variant="outline" onClick={() => setDialog('decline')}>
                    Decline
                  </Button>
                </>
              )}
              <PdfButton area="customer" proposal={proposal} />
            </div>
            {proposal.design_slug && (
              <p className="mt-4 text-sm">
                <Link
                  className="text-navy-700 underline"
                  to={`/user/design-status/${encodeURIComponent(proposal.design_slug)}`}
                >
                  Open the design
                </Link>
              </p>
            )}
          </DetailCard>
          <ProposalBooking proposal={proposal} area="customer" />
          {proposal.versions.length > 1 && (
            <VersionHistory
              proposal={proposal}
              title="Version history"
              href={(v) => `/user/proposals/${v}`}
            />
          )}
        </div>
      </div>
      <AcceptDialog {...dialogProps} open={dialog === 'accept'} />
      <DeclineDialog {...dialogProps} open={dialog === 'decline'} />
    </>
  );
}
