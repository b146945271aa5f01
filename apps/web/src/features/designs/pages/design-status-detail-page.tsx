import { useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { CUSTOMER_MESSAGES } from '@shop/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { ChevronLeftIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useMyDesign } from '../api/design-calls';
import { DesignStatusBadge } from '../components/design-status-badge';
import { formatDate } from '../components/format';
import { DeleteDesignButton } from '../components/delete-design-button';
import { PrivateFileButton } from '../components/private-file-button';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-navy-900">
        {title}
      </h2>
      <div className="mt-3 text-sm text-slate-700">{children}</div>
    </section>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
          <dd className="mt-0.5 break-words text-navy-900">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /user/design-status/{slug}: one design with the admins' comments and recommendations. */
export default function DesignStatusDetailPage() {
  const { slug = '' } = useParams();
  const { data: design, isPending, isError } = useMyDesign(slug);

  const back = (
    <Link to="/user/design-status" className={buttonClasses('outline')}>
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
  if (isError) {
    return (
      <>
        <PageHeader title="Design Details" actions={back} />
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {CUSTOMER_MESSAGES.designDetailFailed}
        </p>
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
      <div className="grid gap-5 lg:grid-cols-2">
        <Section title="Basic Information">
          <Facts
            items={[
              ['Design Number', design.slug],
              ['Name', design.name],
              ['E-mail', design.email],
              ['Company', design.company_name],
              ['Phone', design.phone],
            ]}
          />
        </Section>
        <Section title="Status">
          <DesignStatusBadge status={design.status} />
          <h3 className="mt-5 text-xs font-semibold tracking-wide text-slate-600 uppercase">Design File</h3>
          <div className="mt-1">
            {design.design_file_url ? (
              <PrivateFileButton
                url={design.design_file_url}
                kind="customer"
                name={design.design_file_name ?? undefined}
              >
                {design.design_file_name ?? 'Download design file'}
              </PrivateFileButton>
            ) : (
              <span>No file uploaded.</span>
            )}
          </div>
        </Section>
        <Section title="Description">
          <p className="whitespace-pre-line">{design.description || CUSTOMER_MESSAGES.noDescription}</p>
        </Section>
        <Section title="Comments">
          <p className="whitespace-pre-line">{design.comments || CUSTOMER_MESSAGES.noComments}</p>
        </Section>
        <Section title="Recommendations">
          {design.recommendation_notes ? (
            <p className="whitespace-pre-line">{design.recommendation_notes}</p>
          ) : (
            <p>No recommendations yet.</p>
          )}
          {design.recommendation_files.length > 0 && (
            <ul className="mt-3 space-y-1" aria-label="Recommendation files">
              {design.recommendation_files.map((file) => (
                <li key={file.id}>
                  <PrivateFileButton url={file.url} kind="customer" name={file.name}>
                    {file.name}
                  </PrivateFileButton>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Design Preferences">
          <Facts
            items={[
              ['Total Number', prefs.totalNumber],
              ['Interest', prefs.interest],
              ['Options', prefs.options],
              ['Features', prefs.features.join(', ')],
            ]}
          />
        </Section>
      </div>
      {/* The specification keeps the Delete action but hides its button. */}
      <div hidden>
        <DeleteDesignButton slug={design.slug} />
      </div>
    </>
  );
}
