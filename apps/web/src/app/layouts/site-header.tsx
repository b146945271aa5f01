import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import {
  CUSTOMER_LABELS,
  HEADER_NAV,
  HEADER_SOLID_AFTER_PX,
  USER_MENU_LINKS,
  type User,
} from '@shop/contracts';
import { BrandLogo } from '../../components/ui/brand-logo';
import { buttonClasses } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { ChevronDownIcon, CloseIcon, LogOutIcon, MenuIcon } from '../../components/ui/icons';
import { APP_NAME } from '../../lib/app-config';
import { customerSession, useCustomer } from '../../lib/sessions';
import { useScrolledPast } from '../../lib/use-scrolled-past';
import { Avatar } from './avatar';

// The account menu (Radix) is its own chunk, loaded only for a signed-in customer: a guest's page never loads it.
const Menu = lazy(() => import('../../components/ui/menu').then((m) => ({ default: m.Menu })));
// So is the sign-out (with the signed-in areas' code), loaded when the customer signs out here; when it cannot
// be loaded (offline), the session still ends in this browser.
const logOutCustomer = () =>
  void import('../../lib/session-actions').then(
    (m) => m.logOutCustomer(),
    () => customerSession.clear(),
  );

const ACCOUNT_BUTTON =
  'flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-navy-900 hover:bg-navy-50';

/** What the account menu's button shows: the customer's picture, their name on wide screens, and its arrow. */
const accountFace = (customer: User) => (
  <>
    <Avatar name={customer.name} photoUrl={customer.photo_url} className="size-8" />
    <span className="hidden max-w-32 truncate xl:inline">{customer.name}</span>
    <ChevronDownIcon className="size-4 text-slate-500" />
  </>
);

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'relative rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
    isActive ? 'text-copper-700' : 'text-navy-800 hover:text-copper-700',
  );

export function SiteHeader() {
  const solid = useScrolledPast(HEADER_SOLID_AFTER_PX);
  const customer = useCustomer();
  // The mobile menu belongs to the page it was opened on: any navigation (a link outside it, Back) closes it.
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const mobileOpen = openOn === location.key;
  const setMobileOpen = (open: boolean) => setOpenOn(open ? location.key : null);
  const closeMobile = () => setMobileOpen(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Escape closes the open mobile menu wherever focus is (on its toggle too), and focus goes back to the toggle.
  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  return (
    <header
      className={cx(
        'sticky top-0 z-40 transition-[background-color,box-shadow,border-color] duration-300',
        solid || mobileOpen
          ? 'border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur'
          : 'border-b border-transparent bg-transparent',
      )}
      data-solid={solid || undefined}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:h-20 lg:px-8">
        <Link to="/" className="shrink-0 rounded-lg" onClick={closeMobile}>
          <BrandLogo name={APP_NAME} />
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-0.5 xl:gap-1">
            {HEADER_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'} className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden shrink-0 items-center lg:flex">
          {customer ? (
            // Until the menu's code has loaded, its button's look holds its place: nothing moves when it arrives.
            <Suspense fallback={<span className={ACCOUNT_BUTTON}>{accountFace(customer)}</span>}>
              <Menu
                buttonLabel={`Account menu for ${customer.name}`}
                buttonClassName={ACCOUNT_BUTTON}
                button={accountFace(customer)}
                header={
                  <>
                    <p className="truncate text-sm font-semibold text-navy-900">{customer.name}</p>
                    <p className="truncate text-xs text-slate-600">{customer.email}</p>
                  </>
                }
                items={[
                  ...USER_MENU_LINKS.map((l) => ({ label: l.label, to: l.to })),
                  {
                    label: CUSTOMER_LABELS.logOut,
                    onSelect: logOutCustomer,
                    icon: <LogOutIcon className="size-4" />,
                  },
                ]}
              />
            </Suspense>
          ) : (
            <Link to="/login" className={buttonClasses('secondary', 'md')}>
              {CUSTOMER_LABELS.login}
            </Link>
          )}
        </div>

        <button
          ref={toggleRef}
          type="button"
          className="-mr-2 rounded-lg p-2 text-navy-900 hover:bg-navy-50 lg:hidden"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          onClick={() => setMobileOpen(!mobileOpen)}
        >
          <span className="sr-only">{mobileOpen ? 'Close menu' : 'Open menu'}</span>
          {mobileOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
        </button>
      </div>

      {mobileOpen && (
        <div
          id="mobile-menu"
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white lg:hidden"
        >
          <nav aria-label="Main" className="px-4 py-3">
            <ul className="space-y-1">
              {HEADER_NAV.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.to === '/'}
                    onClick={closeMobile}
                    className={({ isActive }) =>
                      cx(
                        'block rounded-lg px-3 py-2.5 text-base font-medium',
                        isActive ? 'bg-copper-50 text-copper-800' : 'text-navy-900 hover:bg-navy-50',
                      )
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="border-t border-slate-200 px-4 py-4">
            {customer ? (
              <>
                <div className="flex items-center gap-3 px-3 pb-3">
                  <Avatar name={customer.name} photoUrl={customer.photo_url} />
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-navy-900">{customer.name}</p>
                    <p className="truncate text-sm text-slate-600">{customer.email}</p>
                  </div>
                </div>
                <ul className="space-y-1" aria-label="Your account">
                  {USER_MENU_LINKS.map((l) => (
                    <li key={l.to}>
                      <Link
                        to={l.to}
                        onClick={closeMobile}
                        className="block rounded-lg px-3 py-2.5 text-base text-navy-900 hover:bg-navy-50"
                      >
                        {l.label}
                      </Link>
                    </li>
                  ))}
                  <li>
                    <button
                      type="button"
                      onClick={() => {
                        closeMobile();
                        logOutCustomer();
                      }}
                      className="flex w-full items-center gap-2 rounded-lg px-3 py-2.5 text-left text-base text-red-700 hover:bg-red-50"
                    >
                      <LogOutIcon className="size-5" />
                      {CUSTOMER_LABELS.logOut}
                    </button>
                  </li>
                </ul>
              </>
            ) : (
              <Link to="/login" onClick={closeMobile} className={buttonClasses('secondary', 'lg', 'w-full')}>
                {CUSTOMER_LABELS.login}
              </Link>
            )}
          </div>
        </div>
      )}
    </header>
  );
}
