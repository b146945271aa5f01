import { Link } from 'react-router';
import { CUSTOMER_LABELS } from '@shop/contracts';
import { ArrowRightIcon, ClipboardIcon, HeartIcon, UploadIcon } from '../../../components/ui/icons';
import { useCustomer } from '../../../lib/sessions';

const cards = [
  {
    title: CUSTOMER_LABELS.dashboardCards.submitDesign,
    text: 'Send us your floor plan or tell us about your space, and our designers will plan it with you.',
    to: '/#submit-design',
    Icon: UploadIcon,
  },
  {
    title: CUSTOMER_LABELS.dashboardCards.likedProducts,
    text: 'The cubicles, desks and chairs you saved while browsing the inventory.',
    to: '/products?favorites=true',
    Icon: HeartIcon,
  },
  {
    title: CUSTOMER_LABELS.dashboardCards.designStatus,
    text: 'Follow each design you submitted, with our comments and recommendations.',
    to: '/user/design-status',
    Icon: ClipboardIcon,
  },
];

export default function UserDashboardPage() {
  const customer = useCustomer();
  return (
    <>
      <section className="relative overflow-hidden rounded-2xl bg-navy-900 px-6 py-8 text-white sm:px-10 sm:py-10">
        <div
          aria-hidden="true"
          className="absolute -top-16 -right-16 size-56 rounded-full border-[36px] border-navy-800"
        />
        <p className="relative text-sm font-semibold tracking-widest text-copper-300 uppercase">Dashboard</p>
        <h1 className="relative mt-2 text-2xl font-bold text-white sm:text-3xl">
          Welcome, {customer?.name ?? 'there'}!
        </h1>
        <p className="relative mt-2 max-w-xl text-navy-100">
          Everything about your workspace project in one place: designs, favourites and messages with our
          team.
        </p>
      </section>
      <h2 className="sr-only">What would you like to do?</h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {cards.map(({ title, text, to, Icon }) => (
          <li key={title}>
            <Link
              to={to}
              className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-copper-300 hover:shadow-md"
            >
              <span className="flex size-12 items-center justify-center rounded-xl bg-copper-50 text-copper-700">
                <Icon className="size-6" />
              </span>
              <span className="mt-4 text-lg font-semibold text-navy-900">{title}</span>
              <span className="mt-1 flex-1 text-sm text-slate-600">{text}</span>
              <span
                aria-hidden="true"
                className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-copper-700"
              >
                Open
                <ArrowRightIcon className="size-4 transition group-hover:translate-x-0.5" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
