import { Link, NavLink, Outlet } from 'react-router';
import { CUSTOMER_BOTTOM_BAR, CUSTOMER_LABELS, CUSTOMER_SIDEBAR } from '@shop/contracts';
import { CountBadge } from '../../components/ui/badge';
import { BrandLogo } from '../../components/ui/brand-logo';
import { cx } from '../../components/ui/cx';
import {
  BellIcon,
  ChatIcon,
  ClipboardIcon,
  DashboardIcon,
  HeartIcon,
  HomeIcon,
  LogOutIcon,
  SettingsIcon,
  UploadIcon,
  UserIcon,
} from '../../components/ui/icons';
import { SkipLink } from '../../components/ui/skip-link';
import { APP_NAME } from '../../lib/app-config';
import { logOutCustomer } from '../../lib/session-actions';
import { useCustomer } from '../../lib/sessions';
import { useUnreadCount, type UnreadKind } from '../../lib/unread-counts';
import { useUnreadChatCount } from '../../features/chat/api/use-unread-chat-count';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { Avatar } from './avatar';

const sidebarIcons: Record<string, typeof HomeIcon> = {
  dashboard: DashboardIcon,
  favorites: HeartIcon,
  'submit-design': UploadIcon,
  'design-status': ClipboardIcon,
  chat: ChatIcon,
  notifications: BellIcon,
  profile: SettingsIcon,
};

const bottomBarIcons: Record<string, typeof HomeIcon> = {
  dashboard: HomeIcon,
  'design-status': ClipboardIcon,
  notifications: BellIcon,
  chat: ChatIcon,
  profile: UserIcon,
};

/** The unread counters the chat and notifications features publish through lib/unread-counts. */
const badgeKinds: Record<string, { kind: UnreadKind; label: string }> = {
  chat: { kind: 'chat', label: 'unread messages' },
  notifications: { kind: 'notifications', label: 'unread notifications' },
};

function UnreadBadge({ itemKey, className }: { itemKey: string; className?: string }) {
  const badge = badgeKinds[itemKey];
  const count = useUnreadCount(badge?.kind ?? 'chat');
  if (!badge) return null;
  return <CountBadge count={count} label={badge.label} className={className} />;
}

function CustomerSidebar() {
  const customer = useCustomer();
  return (
    <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r border-slate-200 bg-white md:flex">
      <div className="flex h-16 items-center px-5">
        <Link to="/" className="rounded-lg">
          <BrandLogo name={APP_NAME} />
        </Link>
      </div>
      <nav aria-label="Customer area" className="flex-1 overflow-y-auto px-3 py-4">
        {CUSTOMER_SIDEBAR.map((group) => (
          <div key={group.section} className="mb-5">
            <h2 className="px-3 pb-1.5 text-xs font-semibold tracking-wider text-slate-500 uppercase">
              {group.section}
            </h2>
            <ul className="space-y-0.5">
              {group.links.map((link) => {
                const Icon = sidebarIcons[link.key] ?? HomeIcon;
                return (
                  <li key={link.to}>
                    <NavLink
                      to={link.to}
                      className={({ isActive }) =>
                        cx(
                          'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                          isActive
                            ? 'bg-navy-900 text-white'
                            : 'text-slate-700 hover:bg-navy-50 hover:text-navy-900',
                        )
                      }
                    >
                      <Icon className="size-5 shrink-0" />
                      <span className="flex-1">{link.label}</span>
                      <UnreadBadge itemKey={link.key} />
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
      <div className="border-t border-slate-200 p-4">
        {customer ? (
          <div className="flex items-center gap-3">
            <Avatar name={customer.name} photoUrl={customer.photo_url} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold text-navy-900">{customer.name}</p>
              <p className="truncate text-xs text-slate-600">{customer.email}</p>
            </div>
            <button
              type="button"
              onClick={() => void logOutCustomer()}
              className="rounded-lg p-2 text-slate-600 hover:bg-red-50 hover:text-red-700"
              title={CUSTOMER_LABELS.sidebarLogOut}
            >
              <LogOutIcon className="size-5" />
              <span className="sr-only">{CUSTOMER_LABELS.sidebarLogOut}</span>
            </button>
          </div>
        ) : (
          <p className="text-sm text-slate-600">{CUSTOMER_LABELS.notLoggedIn}</p>
        )}
      </div>
    </aside>
  );
}

function CustomerBottomBar() {
  return (
    <nav
      aria-label="Customer area"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-5">
        {CUSTOMER_BOTTOM_BAR.map((item) => {
          const Icon = bottomBarIcons[item.key] ?? HomeIcon;
          return (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={({ isActive }) =>
                  cx(
                    'relative flex flex-col items-center gap-0.5 py-2 text-[11px] font-medium',
                    isActive ? 'text-copper-700' : 'text-slate-600',
                  )
                }
              >
                <span className="relative">
                  <Icon className="size-6" />
                  <UnreadBadge itemKey={item.key} className="absolute -top-1.5 -right-3" />
                </span>
                {item.label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function CustomerTopBar() {
  const customer = useCustomer();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-4 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6">
      <Link to="/" className="rounded-lg md:hidden">
        <BrandLogo name={APP_NAME} />
      </Link>
      <Link
        to="/"
        className="hidden text-sm font-medium text-navy-700 hover:text-copper-700 hover:underline md:inline"
      >
        Back to the shop
      </Link>
      <div className="flex items-center gap-2">
        <NotificationBell area="customer" />
        {customer && (
          <button
            type="button"
            onClick={() => void logOutCustomer()}
            className="rounded-full p-2 text-navy-800 hover:bg-red-50 hover:text-red-700 md:hidden"
          >
            <LogOutIcon className="size-6" />
            <span className="sr-only">{CUSTOMER_LABELS.sidebarLogOut}</span>
          </button>
        )}
      </div>
    </header>
  );
}

/** The customer area's shell: sidebar on wide screens, a bottom bar below 768 px. */
export function CustomerLayout() {
  // The chat feature keeps the unread chat count (the badges below) live while the area is on screen.
  useUnreadChatCount('customer');
  return (
    <div className="flex min-h-dvh bg-slate-50">
      <SkipLink />
      <CustomerSidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <CustomerTopBar />
        <main
          id="main-content"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-24 focus:outline-none sm:px-6 md:pb-10 lg:px-8"
        >
          <Outlet />
        </main>
      </div>
      <CustomerBottomBar />
    </div>
  );
}
