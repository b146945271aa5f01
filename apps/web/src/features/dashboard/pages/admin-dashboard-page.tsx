import { useQuery } from '@tanstack/react-query';
import { ADMIN_LABELS, ADMIN_MESSAGES } from '@shop/contracts';
import { Link } from 'react-router';
import {
  CheckCircleIcon,
  ClipboardIcon,
  LayersIcon,
  PackageIcon,
  TruckIcon,
  UsersIcon,
} from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadError } from '../../../components/ui/lists/paged-list';
import { useFailureAlert } from '../../../components/ui/lists/use-failure-alert';
import { failureWithReason } from '../../../lib/api-error';
import { formatMoneyIn } from '../../../lib/money-in';
import { formatSlot } from '../../../lib/shop-dates';
import { useAdmin } from '../../../lib/sessions';
import { dashboardStatsQuery } from '../api/dashboard-api';
import { StatCard } from '../components/stat-card';

export default function AdminDashboardPage() {
  const admin = useAdmin();
  const query = useQuery(dashboardStatsQuery);
  const { data, isPending, isError, refetch, isFetching } = query;
  const cards = ADMIN_LABELS.dashboardCards;
  // Each failed load is reported once, in the back-office's 'Error!' dialog.
  useFailureAlert(query, ADMIN_MESSAGES.errorTitle, ADMIN_MESSAGES.statsFailed);

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={admin ? `Welcome back, ${admin.name}. Here is how the shop is doing.` : undefined}
      />
      {isError && (
        <LoadError
          className="mb-6"
          message={failureWithReason(query.error, ADMIN_MESSAGES.statsFailed)}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label={cards.totalUsers}
          value={data?.totalUsers}
          growth={data?.userGrowth}
          loading={isPending}
          icon={<UsersIcon className="size-5" />}
        />
        <StatCard
          label={cards.totalDesigns}
          value={data?.activeDesigns}
          growth={data?.designGrowth}
          loading={isPending}
          icon={<LayersIcon className="size-5" />}
        />
        <StatCard
          label={cards.pendingApprovals}
          value={data?.pendingApprovals}
          caption={ADMIN_MESSAGES.awaitingReview}
          loading={isPending}
          icon={<ClipboardIcon className="size-5" />}
        />
        <StatCard
          label={cards.inventoryItems}
          value={data?.inventoryItems}
          growth={data?.inventoryGrowth}
          loading={isPending}
          icon={<PackageIcon className="size-5" />}
        />
      </div>
      {data?.proposalsSentThisMonth !== undefined && (
        <>
          <h2 className="mt-8 mb-3 text-lg font-semibold text-navy-900">Proposals this month</h2>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            <StatCard
              label="Proposals sent"
              value={data.proposalsSentThisMonth}
              loading={isPending}
              icon={<ClipboardIcon className="size-5" />}
            />
            <StatCard
              label="Proposals accepted"
              value={data.proposalsAcceptedThisMonth}
              loading={isPending}
              icon={<CheckCircleIcon className="size-5" />}
            />
            <StatCard
              label="Accepted value"
              value={formatMoneyIn(data.acceptedValueThisMonth, data.currency)}
              growth={data.acceptedValueGrowth}
              loading={isPending}
              icon={<TruckIcon className="size-5" />}
            />
          </div>
        </>
      )}
      {data?.upcomingInstallations && (
        <section aria-labelledby="upcoming-installations" className="mt-8">
          <h2 id="upcoming-installations" className="mb-3 text-lg font-semibold text-navy-900">
            Upcoming installations and visits
          </h2>
          {data.upcomingInstallations.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing is booked yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
              {data.upcomingInstallations.map((b) => (
                <li key={b.id} className="flex flex-wrap items-center gap-2 px-4 py-3 text-sm">
                  <span className="font-medium text-navy-900">
                    {formatSlot(b.slot_start, b.slot_end ?? null)}
                  </span>
                  <span className="flex-1 text-slate-700">
                    {b.kind === 'site_visit' ? 'Site visit' : 'Installation'} · {b.name}
                  </span>
                  <Link
                    className="text-navy-700 underline"
                    to={b.proposal_id ? `/admin/proposals/${b.proposal_id}` : '/admin/bookings'}
                  >
                    {b.proposal_id ? 'Open the proposal' : 'Open the bookings'}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
