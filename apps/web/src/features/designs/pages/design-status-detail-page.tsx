import { Link, useLocation, useParams } from 'react-router';
import { CUSTOMER_MESSAGES, DESIGN_HISTORY_TEXTS } from '@shop/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { ChevronLeftIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useMyDesign } from '../api/designs-api';
import { useDesignsLive } from '../api/designs-live';
import { DesignCommentList, DesignHistoryList } from '../components/design-history';
import { DesignStatusBadge } from '../components/design-status-badge';
import { DetailCard } from '../../../components/ui/detail-card';
import { Facts, PreferencesSection } from '../components/facts';
import { formatDate } from '../../../lib/dates';
import { listSearchOf } from '../components/format';
import { DeleteDesignButton } from '../components/delete-design-button';
import { EmailText } from '../../../components/ui/lists/email-text';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { isApiError } from '../../../lib/api-error';
import { PrivateFileButton } from '../components/private-file-button';
import { RefreshFailedNotice } from '../components/refresh-failed-notice';

/** /user/design-status/{slug}: one design with the admins' comments and recommendations. */
export default function DesignStatusDetailPage() {
  useDesignsLive();
  const { slug = '' } = useParams();
  const { data: design, isPending, isError, error, refetch, isFetching } = useMyDesign(slug);
  // Back to the page of the list the design was opened from (kept in the history entry, so a reload keeps it).
  const listSearch = listSearchOf(useLocation().state);

  const back = (
    <Link to={`/user/design-status${listSearch}`} className={buttonClasses('outline')}>
      <ChevronLeftIcon className="size-4" />
      Back to Designs
    </Link>
  );

  if (isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" />
      </div>
    );
  }
  // A failed read again (a realtime update, a reconnection) keeps the design in hand on the page, with a notice;
  // the failure alone is shown only when there is no design to show.
  if (!design) {
    return (
      <>
        <PageHeader title="Design Details" actions={back} />
        {/* Another try can help unless the design is not there (404: not the customer's, or deleted). */}
        <LoadError
          message={CUSTOMER_MESSAGES.designDetailFailed}
          onRetry={isApiError(error) && error.status === 404 ? undefined : () => void refetch()}
          retrying={isFetching}
        />
      </>
    );
  }

  const prefs = design.design_preferences;
  return (
    <>
      <PageHeader
        title={design.title}
        description={`Submitted on ${formatDate(design.created_at)}`}
        actions={back}
      />
      {isError && <RefreshFailedNotice onRetry={() => void refetch()} retrying={isFetching} />}
      {/* What people typed (a description, notes, file names) wraps anywhere: one long word breaks inside its card
          instead of making the card, and the page, as wide as the word. */}
      <div className="grid gap-5 lg:grid-cols-2">
        <DetailCard title="Basic Information">
          <Facts
            items={[
              ['Design Number', design.slug],
              ['Name', design.name],
              ['E-mail', design.email && <EmailText email={design.email} />],
              ['Company', design.company_name],
              ['Phone', design.phone],
            ]}
          />
        </DetailCard>
        <DetailCard title="Status">
          <DesignStatusBadge status={design.status} />
          <h3 className="mt-5 text-xs font-semibold tracking-wide text-slate-600 uppercase">Design File</h3>
          <div className="mt-1">
            {design.design_file_url ? (
              <PrivateFileButton
                url={design.design_file_url}
                kind="customer"
                name={design.design_file_name ?? undefined}
                // A file name of one long word wraps inside the button instead of widening the card.
                className="max-w-full wrap-anywhere"
              >
                {design.design_file_name ?? 'Download design file'}
              </PrivateFileButton>
            ) : (
              <span>No file uploaded.</span>
            )}
          </div>
        </DetailCard>
        <DetailCard title="Description">
          <p className="whitespace-pre-line wrap-anywhere">
            {design.description || CUSTOMER_MESSAGES.noDescription}
          </p>
        </DetailCard>
        <DetailCard title="Comments">
          <DesignCommentList comments={design.comment_list} />
        </DetailCard>
        <DetailCard title="Recommendations">
          {design.recommendation_notes ? (
            <p className="whitespace-pre-line wrap-anywhere">{design.recommendation_notes}</p>
          ) : (
            <p>No recommendations yet.</p>
          )}
          {design.recommendation_files.length > 0 && (
            <ul className="mt-3 space-y-1" aria-label="Recommendation files">
              {design.recommendation_files.map((file) => (
                <li key={file.id}>
                  <PrivateFileButton
                    url={file.url}
                    kind="customer"
                    name={file.name}
                    className="max-w-full wrap-anywhere"
                  >
                    {file.name}
                  </PrivateFileButton>
                </li>
              ))}
            </ul>
          )}
        </DetailCard>
        <PreferencesSection preferences={prefs} />
        <DetailCard title={DESIGN_HISTORY_TEXTS.title}>
          <DesignHistoryList history={design.history} />
        </DetailCard>
      </div>
      {/* The specification keeps the Delete action but hides its button. */}
      <div hidden>
        <DeleteDesignButton slug={design.slug} />
      </div>
    </>
  );
}
