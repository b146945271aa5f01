import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../../components/ui/brand-logo';
import { CheckCircleIcon } from '../../components/ui/icons';
import { SkipLink } from '../../components/ui/skip-link';
import { APP_NAME } from '../../lib/app-config';

const promises = [
  'Track every design you submit, from review to installation',
  'Keep a list of the pieces you like',
  'Talk to our design team directly',
];

/** Login, register and password screens: the brand on one side, the form on the other. */
export function AuthLayout() {
  return (
    <div className="flex min-h-dvh bg-slate-50">
      <SkipLink />
      <aside className="relative hidden w-[44%] max-w-2xl flex-col justify-between overflow-hidden bg-navy-950 p-12 text-white lg:flex">
        <div
          aria-hidden="true"
          className="absolute -right-24 -bottom-24 size-96 rounded-full border-[48px] border-navy-800/60"
        />
        <Link to="/" className="relative inline-block self-start rounded-lg">
          <BrandLogo name={APP_NAME} tone="light" />
        </Link>
        <div className="relative">
          <p className="text-sm font-semibold tracking-widest text-copper-300 uppercase">
            Your workspace account
          </p>
          <p className="mt-4 text-4xl leading-tight font-bold text-white">
            Workspaces that work as hard as your team.
          </p>
          <ul className="mt-8 space-y-4">
            {promises.map((p) => (
              <li key={p} className="flex items-start gap-3 text-navy-100">
                <CheckCircleIcon className="mt-0.5 size-5 shrink-0 text-copper-300" />
                {p}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-navy-300">
          © {new Date().getFullYear()} {APP_NAME}
        </p>
      </aside>
      <div className="flex flex-1 flex-col">
        <header className="flex items-center justify-between px-6 py-5 lg:justify-end">
          <Link to="/" className="rounded-lg lg:hidden">
            <BrandLogo name={APP_NAME} />
          </Link>
          <Link to="/" className="text-sm font-medium text-navy-700 hover:text-copper-700 hover:underline">
            Back to the shop
          </Link>
        </header>
        <main
          id="main-content"
          tabIndex={-1}
          className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 focus:outline-none sm:items-center sm:px-6"
        >
          <div className="w-full max-w-md">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
