import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { idParam } from '../../../lib/route-id';
import {
  ADMIN_MESSAGES,
  DESIGN_HISTORY_TEXTS,
  type AdminDesign,
  type DesignPreferences,
} from '@shop/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { ChevronLeftIcon } from '../../../components/ui/icons';
import { useMessageDialogs } from '../../../components/ui/message-dialogs';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { designKeys, useAdminDesign, useInvalidateDesigns } from '../api/designs-api';
import { DesignReviewForm } from '../components/design-review-form';
import { DetailCard } from '../../../components/ui/detail-card';
import { Facts, PreferencesSection } from '../components/facts';
import { DesignCommentList, DesignHistoryList } from '../components/design-history';
import { DesignStatusBadge } from '../components/design-status-badge';
import { formatDateTime } from '../../../lib/dates';
import { EmailText } from '../../../components/ui/lists/email-text';
import { PrivateFileButton } from '../components/private-file-button';
import { PrivateImagePreview } from '../components/private-image-preview';
import { RefreshFailedNotice } from '../components/refresh-failed-notice';

const PREVIEW_MIMES = ['image/jpeg', 'image/png', 'image/webp'];
const PREVIEW_EXTENSIONS = ['jpeg', 'jpg', 'png', 'webp'];

/** design_preferences is JSON text whose features are themselves JSON-encoded (admin spec section 3). */
function parsePreferences(text: string): DesignPreferences {
  try {
    const raw = JSON.parse(text) as Record<string, unknown>;
    const featuresRaw =
      typeof raw.features === 'string' ? (JSON.parse(raw.features) as unknown) : raw.features;
    return {
      totalNumber: typeof raw.totalNumber === 'string' ? raw.totalNumber : null,
      interest: typeof raw.interest === 'string' ? raw.interest : null,
      options: typeof raw.options === 'string' ? raw.options : null,
      features: Array.isArray(featuresRaw)
        ? featuresRaw.filter((f): f is string => typeof f === 'string')
        : [],
    };
  } catch {
    return { totalNumber: null, interest: null, options: null, features: [] };
  }
}

function canPreview(design: AdminDesign): boolean {
  if (design.design_file_mime) return PREVIEW_MIMES.includes(design.design_file_mime);
  const ext = (design.design_file_name?.split('.').pop() ?? '').toLowerCase();
  return PREVIEW_EXTENSIONS.includes(ext);
}

/** /admin/design/view/{id}: one design, its files and the review actions. */
export default function AdminDesignDetailPage() {
  const params = useParams();
  const id = idParam(params.id);
  const navigate = useNavigate();
  const dialogs = useMessageDialogs();
  const client = useQueryClient();
  const invalidate = useInvalidateDesigns();
  const { data: design, isError, refetch, isFetching } = useAdminDesign(id);
  const [formVersion, setFormVersion] = useState(0);
  const reported = useRef(false);

  // An unusable id or a failed fetch is reported once, then the list is shown again; a failed read again of a
  // design in hand (after a save, say) keeps the page, with a notice.
  const failed = id === null || (isError && !design);
  useEffect(() => {
    if (reported.current || !failed) return;
    reported.current = true;
    const message = id === null ? ADMIN_MESSAGES.invalidDesignId : ADMIN_MESSAGES.designFetchFailed;
    void dialogs
      .alert({ title: ADMIN_MESSAGES.errorTitle, message, tone: 'error' })
      .then(() => navigate('/admin/designs'));
  }, [id, failed, dialogs, navigate]);

  const back = (
    <Link to="/admin/designs" className={buttonClasses('outline')}>
      <ChevronLeftIcon className="size-4" />
      Back to Design Submissions
    </Link>
  );

  if (!design) {
    return (
      <>
        <PageHeader title="Design Details" actions={back} />
        {id !== null && !isError && (
          <div className="flex justify-center py-16">
            <Spinner className="size-8" />
          </div>
        )}
      </>
    );
  }

  const prefs = parsePreferences(design.design_preferences);
  // The review column stands beside the design where the page has room (its own width: beside the sidebar a
  // 1024 px window leaves the form too narrow for its file picker), under it where it has not. Each column is
  // min-w-0: in the single column a grid item is otherwise as wide as the longest word inside it, and one long
  // word someone typed (a description, a comment) made the page that wide.
  return (
    <div className="@container">
      <PageHeader
        title={design.admin_title}
        description={`Submitted ${formatDateTime(design.created_at)}${design.user ? ` by ${design.user.name}` : ' by a guest'}`}
        actions={back}
      />
      {isError && <RefreshFailedNotice onRetry={() => void refetch()} retrying={isFetching} />}
      <div className="grid gap-5 @4xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid min-w-0 content-start gap-5">
          <DetailCard title="Design">
            <div className="mb-4 flex items-center gap-3">
              <span className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Status</span>
              <DesignStatusBadge
                status={design.status}
                area="admin"
                label={design.status === 'rejected' ? 'Declined' : undefined}
              />
            </div>
            <Facts
              items={[
                ['Design Number', design.slug],
                ['Request', design.selected_tab === 'haveDesign' ? 'Has a design' : 'Needs a design'],
                ['Name', design.name],
                ['E-mail', design.email && <EmailText email={design.email} />],
                ['Company', design.company_name],
                ['Phone', design.phone],
                ['ZIP Code', design.zip_code],
                ['Customer', design.user?.name ?? 'Guest'],
              ]}
            />
          </DetailCard>
          <DetailCard title="Description">
            <p className="whitespace-pre-line wrap-anywhere">
              {design.description || 'No description provided.'}
            </p>
          </DetailCard>
          <PreferencesSection preferences={prefs} />
          <DetailCard title="Design File">
            {design.design_file_url ? (
              <div className="grid gap-3">
                {canPreview(design) && (
                  <PrivateImagePreview
                    changes
                    url={design.design_file_url}
                    kind="admin"
                    alt={`Design file of ${design.title}`}
                  />
                )}
                <div>
                  <PrivateFileButton
                    url={design.design_file_url}
                    kind="admin"
                    name={design.design_file_name ?? undefined}
                    variant="outline"
                    // A file name of one long word wraps inside the button instead of widening the card.
                    className="max-w-full wrap-anywhere"
                  >
                    Download {design.design_file_name ?? 'design file'}
                  </PrivateFileButton>
                </div>
              </div>
            ) : (
              <p>No file uploaded.</p>
            )}
          </DetailCard>
        </div>
        <div className="grid min-w-0 content-start gap-5">
          <DetailCard title="Review" className="content-start self-start">
            <DesignReviewForm
              key={`${design.id}-${formVersion}`}
              design={design}
              afterSave={formVersion > 0}
              onSaved={(saved) => {
                client.setQueryData(designKeys.adminOne(saved.id), saved);
                setFormVersion((v) => v + 1);
                void invalidate();
              }}
            />
          </DetailCard>
          <DetailCard title="Comments">
            <DesignCommentList comments={design.comment_list} />
          </DetailCard>
          <DetailCard title={DESIGN_HISTORY_TEXTS.title}>
            <DesignHistoryList history={design.history} />
          </DetailCard>
        </div>
      </div>
    </div>
  );
}
