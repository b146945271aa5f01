import { useState, type ReactNode } from 'react';
import { useFocusOnClose } from '../../../lib/use-focus-on-close';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { toast } from '../../../lib/toast';
import { reviseProposal, sendProposal, useAdminProposal, useProposalMutation } from '../api/proposals-api';
import type { AdminProposal } from '../api/types';
import { DetailCard } from '../../../components/ui/detail-card';
import { PdfButton } from '../components/pdf-button';
import { formatDate } from '../../../lib/dates';
import { ProposalBooking } from '../components/proposal-booking';
import { ProposalBuilder } from '../components/proposal-builder';
import { ProposalLines } from '../components/proposal-lines';
import { ProposalNotFound, ProposalPageFrame } from '../components/proposal-page-frame';
import { idParam } from '../../../lib/route-id';
import { ProposalStatusBadge } from '../components/proposal-status-badge';
import { VersionHistory } from '../components/version-history';
import { PROPOSAL_FAILURES } from '../messages';

/** /admin/proposals/{id}: one version of a proposal, its history, PDF, and the draft's editor and actions. */
export default function AdminProposalDetailPage() {
  const id = idParam(useParams().id);
  return id === null ? <ProposalNotFound backTo="/admin/proposals" /> : <AdminProposalPage id={id} />;
}

function AdminProposalPage({ id }: { id: number }) {
  const query = useAdminProposal(id);
  return (
    <ProposalPageFrame query={query} backTo="/admin/proposals">
      {(proposal, back) => <AdminProposalView proposal={proposal} back={back} />}
    </ProposalPageFrame>
  );
}

function AdminProposalView({ proposal, back }: { proposal: AdminProposal; back: ReactNode }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const editButton = useFocusOnClose<HTMLButtonElement>(editing);
  const send = useProposalMutation(sendProposal);
  const revise = useProposalMutation(reviseProposal);
  // One version of a proposal is accepted at most: once another one is, the server refuses to send this draft,
  // and changing a draft that can never be sent leads nowhere.
  const acceptedElsewhere = proposal.versions.find((v) => v.id !== proposal.id && v.status === 'accepted');
  const draftOpen = proposal.status === 'draft' && !acceptedElsewhere;

  return (
    <>
      <PageHeader
        title={
          <>
            Proposal <span className="whitespace-nowrap">{proposal.number}</span> · version {proposal.version}
          </>
        }
        description={`For ${proposal.customer.name}${proposal.customer.company_name ? `, ${proposal.customer.company_name}` : ''} (${proposal.customer.email})`}
        actions={back}
      />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-5">
          <DetailCard title="Lines">
            {editing ? (
              <ProposalBuilder
                draft={proposal}
                onSaved={() => setEditing(false)}
                onCancel={() => setEditing(false)}
              />
            ) : (
              <ProposalLines proposal={proposal} />
            )}
          </DetailCard>
          {proposal.notes && !editing && (
            <DetailCard title="Notes">
              <p className="text-sm whitespace-pre-line">{proposal.notes}</p>
            </DetailCard>
          )}
          {proposal.customer_comment && (
            <DetailCard title="Customer's comment">
              <p className="text-sm whitespace-pre-line">{proposal.customer_comment}</p>
            </DetailCard>
          )}
        </div>
        <div className="grid content-start gap-5">
          <DetailCard title="Status">
            <div className="flex flex-wrap items-center gap-2">
              <ProposalStatusBadge status={proposal.status} />
              <span className="text-sm text-slate-600">Valid until {formatDate(proposal.valid_until)}</span>
            </div>
            <div className="mt-4 flex flex-wrap gap-2">
              {draftOpen && !editing && (
                <>
                  <Button ref={editButton} variant="outline" onClick={() => setEditing(true)}>
                    Edit draft
                  </Button>
                  <Button
                    loading={send.isPending}
                    onClick={() =>
                      send.run(proposal.id, {
                        onSuccess: () => toast.success('Proposal sent to the customer.'),
                        failure: PROPOSAL_FAILURES.sendFailed,
                      })
                    }
                  >
                    Send to customer
                  </Button>
                </>
              )}
              {proposal.status === 'sent' && (
                <Button
                  variant="outline"
                  loading={revise.isPending}
                  onClick={() =>
                    revise.run(proposal.id, {
                      onSuccess: (draft) => {
                        toast.success(`Version ${draft.version} created as a draft.`);
                        void navigate(`/admin/proposals/${draft.id}`);
                      },
                      failure: PROPOSAL_FAILURES.reviseFailed,
                    })
                  }
                >
                  Revise
                </Button>
              )}
              <PdfButton area="admin" proposal={proposal} />
            </div>
            {proposal.status === 'draft' && acceptedElsewhere && (
              <p className="mt-3 text-sm text-slate-600">
                Version {acceptedElsewhere.version} of this proposal was accepted, so this draft can no longer
                be sent or edited.
              </p>
            )}
            {proposal.design_id && (
              <p className="mt-4 text-sm">
                <Link className="text-navy-700 underline" to={`/admin/design/view/${proposal.design_id}`}>
                  Open the design
                </Link>
              </p>
            )}
          </DetailCard>
          <ProposalBooking proposal={proposal} area="admin" />
          <VersionHistory proposal={proposal} title="Versions" href={(v) => `/admin/proposals/${v}`} />
        </div>
      </div>
    </>
  );
}
