import { lazy, Suspense, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { AreaOutlet } from './area-outlet';
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
  MenuIcon,
  PackageIcon,
  SettingsIcon,
  UploadIcon,
  UserIcon,
} from '../../components/ui/icons';
import { MessageDialogsProvider } from '../../components/ui/message-dialogs';
import { SkipLink } from '../../components/ui/skip-link';
import { APP_NAME } from '../../lib/app-config';
import { logOutCustomer } from '../../lib/session-actions';
import { useCustomer } from '../../lib/sessions';
import { useFocusRescue } from '../../lib/use-focus-rescue';
import { useUnreadChatCount, useUnreadChatCountLive } from '../../features/chat/api/use-unread-chat-count';
import { useUnreadNotificationCount } from '../../features/notifications/api/use-notifications';
import { LazyNotificationBell as NotificationBell } from '../../features/notifications/components/lazy-notification-bell';
import { VerificationBanner } from '../../features/accounts/components/verification-banner';
import { Avatar } from './avatar';

const PROPOSALS_LINK = { key: 'proposals', label: 'Proposals', to: '/user/proposals' } as const;

/** The sidebar with Proposals after Design Status. */
const SIDEBAR_GROUPS = CUSTOMER_SIDEBAR.map((group) =>
  group.section === 'Designs' ? { ...group, links: [...group.links, PROPOSALS_LINK] } : group,
);

/** The bottom bar with Proposals after Designs. */
const BOTTOM_BAR_ITEMS: { key: string; label: string; to: string }[] = CUSTOMER_BOTTOM_BAR.flatMap(
  (item): { key: string; label: string; to: string }[] =>
    item.key === 'design-status' ? [item, PROPOSALS_LINK] : [item],
);

/** The sidebar's links the bottom bar has no room for (My Favorites, Submit New Designs): the phone's menu. */
const MORE_LINKS = SIDEBAR_GROUPS.flatMap(
  (group): readonly { key: string; label: string; to: string }[] => group.links,
).filter((link) => !BOTTOM_BAR_ITEMS.some((item) => item.to === link.to));

// The phone's menu (Radix) is a chunk of its own, fetched right after the first render, like the admin menu.
const Menu = lazy(() => import('../../components/ui/menu').then((m) => ({ default: m.Menu })));

const sidebarIcons: Record<string, typeof HomeIcon> = {
  proposals: PackageIcon,
  dashboard: DashboardIcon,
  favorites: HeartIcon,
  'submit-design': UploadIcon,
  'design-status': ClipboardIcon,
  chat: ChatIcon,
  notifications: BellIcon,
  profile: SettingsIcon,
};

const bottomBarIcons: Record<string, typeof HomeIcon> = {
  proposals: PackageIcon,
  dashboard: HomeIcon,
  'design-status': ClipboardIcon,
  notifications: BellIcon,
  chat: ChatIcon,
  profile: UserIcon,
};

/** The unread counts of the chat and notifications features (their cached queries), on the links to them. */
function UnreadBadge({ itemKey, placement }: { itemKey: string; placement?: 'icon' }) {
  const chat = useUnreadChatCount('customer');
  const notifications = useUnreadNotificationCount('customer');
  if (itemKey === 'chat') return <CountBadge count={chat} label="unread messages" placement={placement} />;
  if (itemKey === 'notifications')
    return <CountBadge count={notifications} label="unread notifications" placement={placement} />;
  return null;
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
        {SIDEBAR_GROUPS.map((group) => (
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
      <ul className="flex">
        {BOTTOM_BAR_ITEMS.map((item) => {
          const Icon = bottomBarIcons[item.key] ?? HomeIcon;
          return (
            <li key={item.to} className="min-w-0 flex-auto">
              <NavLink
                to={item.to}
                className={({ isActive }) =>
                  cx(
                    'relative flex min-w-0 flex-col items-center gap-0.5 py-2 text-[11px] font-medium',
                    isActive ? 'text-copper-700' : 'text-slate-600',
                  )
                }
              >
                <span className="relative">
                  <Icon className="size-6" />
                  <UnreadBadge itemKey={item.key} placement="icon" />
                </span>
                {/* Each item grows from its label's width, so all six labels fit from about 360 px; narrower, a long
                    one is cut with an ellipsis, never spills. */}
                <span className="max-w-full truncate px-0.5">{item.label}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const moreButtonClass = 'rounded-full p-2 text-navy-800 hover:bg-navy-50 md:hidden';

/** Below 768 px: the area's links the bottom bar does not hold. */
function MoreMenu() {
  const button = <MenuIcon className="size-6" />;
  return (
    <Suspense
      fallback={
        <button type="button" disabled className={moreButtonClass} aria-label="More pages">
          {button}
        </button>
      }
    >
      <Menu
        buttonLabel="More pages"
        buttonClassName={moreButtonClass}
        button={button}
        items={MORE_LINKS.map((link) => {
          const Icon = sidebarIcons[link.key] ?? HomeIcon;
          return { label: link.label, to: link.to, icon: <Icon className="size-4" /> };
        })}
      />
    </Suspense>
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
        <MoreMenu />
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

/**
 * The customer area's shell: sidebar on wide screens, a bottom bar below 768 px. Its message dialogs close with
 * the area (an ended session opens the login page without them).
 */
export function CustomerLayout() {
  // The chat feature keeps the unread chat count (the badges below) live while the area is on screen.
  useUnreadChatCountLive('customer');
  const main = useRef<HTMLElement>(null);
  useFocusRescue(main);
  return (
    <MessageDialogsProvider>
      {/* --area-chrome: the height the top bar, the page's top margin and the bottom bar (or bottom margin) take,
          for pages that fill the screen (the chat). */}
      <div className="flex min-h-dvh bg-slate-50 [--area-chrome:calc(10rem_+_env(safe-area-inset-bottom))] md:[--area-chrome:8rem]">
        <SkipLink />
        <CustomerSidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          <CustomerTopBar />
          <main
            ref={main}
            id="main-content"
            tabIndex={-1}
            className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-24 focus:outline-none sm:px-6 md:pb-10 lg:px-8"
          >
            <VerificationBanner />
            <AreaOutlet />
          </main>
        </div>
        <CustomerBottomBar />
      </div>
    </MessageDialogsProvider>
  );
}
