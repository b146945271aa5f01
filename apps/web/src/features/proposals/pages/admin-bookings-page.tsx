import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PAGE_SIZE, type BookingKind } from '@shop/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatDate } from '../../../lib/dates';
import { ClipboardIcon } from '../../../components/ui/icons';
import { listStates, PagedList, pagesOfTotal } from '../../../components/ui/lists/paged-list';
import { useListParams } from '../../../components/ui/lists/use-list-params';
import { PageHeader } from '../../../components/ui/page-header';
import { adminBookingsQuery, useProposalsLive } from '../api/proposals-api';
import { BOOKING_STATUSES } from '../api/types';
import { BookingActions } from '../components/booking-actions';
import { BookingSummary } from '../components/booking-summary';
import { DayFilter, SelectFilter, StatusFilter } from '../components/status-filter';
import { PROPOSAL_FAILURES } from '../messages';

const KINDS = [
  ['installation', 'Installations'],
  ['site_visit', 'Site visits'],
] as const satisfies readonly (readonly [BookingKind, string])[];

/**
 * /admin/bookings: installations and site visits, upcoming first, with confirm / propose / cancel; filtered by
 * status, kind and a day of the shop's timezone (`?date=`, where the schedule's refusal of a blackout day links to).
 */
export default function AdminBookingsPage() {
  useProposalsLive();
  const list = useListParams();
  const { page } = list;
  // A filter the address bar holds that is none of the choices is no filter (the fields could not show it).
  const pick = (key: string, valid: (value: string) => boolean) =>
    valid(list.get(key)) ? list.get(key) : '';
  const status = pick('status', (s) => (BOOKING_STATUSES as readonly string[]).includes(s));
  const kind = pick('kind', (k) => KINDS.some(([known]) => known === k));
  const date = pick('date', (d) => /^\d{4}-\d{2}-\d{2}$/.test(d));
  const query = useQuery(adminBookingsQuery({ page, status, kind, date }));
  const { data } = query;
  const perPage = PAGE_SIZE.adminList;
  return (
    <>
      <PageHeader
        title="Bookings"
        description="Installations and site visits: confirm them, propose another date, correct the address or cancel."
      />
      <div className="mb-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        <StatusFilter
          statuses={BOOKING_STATUSES}
          value={status}
          onChange={(s) => list.setFilter('status', s)}
        />
        <SelectFilter label="Kind" options={KINDS} value={kind} onChange={(k) => list.setFilter('kind', k)} />
        <DayFilter value={date} onChange={(d) => list.setFilter('date', d)} />
      </div>
      <PagedList
        {...listStates(query, PROPOSAL_FAILURES.bookingsFailed)}
        empty={
          data && data.bookings.length === 0 ? (
            <EmptyState
              icon={<ClipboardIcon className="size-6" />}
              title={date ? `No bookings on ${formatDate(date)}.` : 'No bookings.'}
              description={status || kind ? 'Other bookings may be hidden by the filters.' : undefined}
            />
          ) : undefined
        }
        pagination={data && pagesOfTotal(page, data.total, perPage)}
        onPageChange={list.setPage}
        pagesLabel="Booking pages"
      >
        <ul className="grid gap-3" aria-label="Bookings">
          {data?.bookings.map((b) => (
            <li key={b.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
              <p className="font-semibold text-navy-900">
                {b.kind === 'site_visit' ? 'Site visit' : 'Installation'} · {b.name}
                {b.company_name ? `, ${b.company_name}` : ''}
              </p>
              <p className="mb-2 text-sm text-slate-600">
                {b.email}
                {b.phone ? ` · ${b.phone}` : ''}
                {b.proposal_id && (
                  <>
                    {' · '}
                    <Link className="text-navy-700 underline" to={`/admin/proposals/${b.proposal_id}`}>
                      Proposal {b.proposal_number}
                    </Link>
                  </>
                )}
              </p>
              <BookingSummary booking={b} area="admin" />
              <BookingActions booking={b} area="admin" />
            </li>
          ))}
        </ul>
      </PagedList>
    </>
  );
}
