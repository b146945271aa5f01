import { useEffect, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { ADMIN_SIDEBAR } from '@shop/contracts';
import { CountBadge, collapsedBadgeCount, countLabel } from '../../components/ui/badge';
import { BrandLogo, BrandMark } from '../../components/ui/brand-logo';
import { cx } from '../../components/ui/cx';
import {
  BellIcon,
  ChatIcon,
  CheckCircleIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ClipboardIcon,
  CloseIcon,
  DashboardIcon,
  LayersIcon,
  MailIcon,
  PackageIcon,
  SettingsIcon,
  TruckIcon,
  UsersIcon,
} from '../../components/ui/icons';
import { APP_NAME } from '../../lib/app-config';
import { useUnreadChatCount } from '../../features/chat/api/use-unread-chat-count';

/** The deal screens (proposals, quote requests, schedule, bookings) follow Designs. */
const DEAL_ITEMS = [
  { key: 'proposals', label: 'Proposals', to: '/admin/proposals' },
  { key: 'quote-requests', label: 'Quote Requests', to: '/admin/quote-requests' },
  { key: 'schedule', label: 'Schedule', to: '/admin/schedule' },
  { key: 'bookings', label: 'Bookings', to: '/admin/bookings' },
] as const;

interface NavItem {
  key: string;
  label: string;
  to: string;
}

const SIDEBAR_ITEMS: NavItem[] = ADMIN_SIDEBAR.flatMap((item): NavItem[] =>
  item.key === 'designs' ? [item, ...DEAL_ITEMS] : [item],
);

const icons: Record<string, typeof DashboardIcon> = {
  proposals: ClipboardIcon,
  'quote-requests': MailIcon,
  schedule: TruckIcon,
  bookings: CheckCircleIcon,
  dashboard: DashboardIcon,
  users: UsersIcon,
  designs: LayersIcon,
  products: PackageIcon,
  chat: ChatIcon,
  notifications: BellIcon,
  settings: SettingsIcon,
};

interface AdminSidebarProps {
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** Below 768 px the sidebar is a drawer over the page. */
  mobileOpen: boolean;
  /** Closes the drawer as a page is opened from it. */
  onCloseMobile: () => void;
  /** Closes the drawer without going anywhere (Escape, Close menu, the backdrop): focus returns to Open menu. */
  onDismissMobile: () => void;
}

export function AdminSidebar({
  collapsed,
  onToggleCollapsed,
  mobileOpen,
  onCloseMobile,
  onDismissMobile,
}: AdminSidebarProps) {
  const unreadChat = useUnreadChatCount('admin');
  const closeRef = useRef<HTMLButtonElement>(null);
  // Opening the drawer moves focus into it, so keyboard users land on what they asked for.
  useEffect(() => {
    if (mobileOpen) closeRef.current?.focus();
  }, [mobileOpen]);
  // The drawer always shows labels; only the desktop rail collapses.
  const narrow = collapsed && !mobileOpen;
  return (
    <>
      {mobileOpen && (
        <div
          className="fixed inset-0 z-40 bg-navy-950/50 md:hidden"
          aria-hidden="true"
          onClick={onDismissMobile}
        />
      )}
      <aside
        id="admin-sidebar"
        {...(mobileOpen && { role: 'dialog', 'aria-modal': true, 'aria-label': 'Menu' })}
        className={cx(
          'fixed inset-y-0 left-0 z-50 flex flex-col bg-navy-950 text-navy-100 transition-[width,transform] duration-200 md:sticky md:top-0 md:h-dvh md:translate-x-0',
          mobileOpen ? 'w-72 translate-x-0' : '-translate-x-full max-md:invisible',
          narrow ? 'md:w-20' : 'md:w-64',
        )}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && mobileOpen) onDismissMobile();
        }}
      >
        <div
          className={cx(
            'flex h-16 items-center border-b border-navy-800',
            narrow ? 'justify-center' : 'justify-between px-5',
          )}
        >
          <Link to="/admin/dashboard" className="rounded-lg" onClick={onCloseMobile}>
            {narrow ? (
              <>
                <BrandMark />
                <span className="sr-only">{APP_NAME} admin</span>
              </>
            ) : (
              <BrandLogo name={APP_NAME} tone="light" />
            )}
          </Link>
          {mobileOpen && (
            <button
              ref={closeRef}
              type="button"
              onClick={onDismissMobile}
              className="rounded-lg p-1.5 text-navy-200 hover:bg-navy-800 hover:text-white md:hidden"
            >
              <CloseIcon className="size-5" />
              <span className="sr-only">Close menu</span>
            </button>
          )}
        </div>
        <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="space-y-1">
            {SIDEBAR_ITEMS.map((item) => {
              const Icon = icons[item.key] ?? DashboardIcon;
              const isChat = item.key === 'chat';
              return (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    onClick={onCloseMobile}
                    title={narrow ? item.label : undefined}
                    className={({ isActive }) =>
                      cx(
                        'relative flex items-center gap-3 rounded-lg py-2.5 text-sm font-medium transition-colors',
                        narrow ? 'justify-center px-2' : 'px-3',
                        isActive
                          ? 'bg-copper-600 text-white'
                          : 'text-navy-100 hover:bg-navy-800 hover:text-white',
                      )
                    }
                  >
                    <Icon className="size-5 shrink-0" />
                    <span className={cx(narrow ? 'sr-only' : 'flex-1')}>{item.label}</span>
                    {isChat && unreadChat > 0 && narrow && (
                      <span className="absolute top-1 right-2 inline-flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-4 font-bold text-white">
                        <span aria-hidden="true">{collapsedBadgeCount(unreadChat)}</span>
                        <span className="sr-only">{countLabel(unreadChat, 'unread messages')}</span>
                      </span>
                    )}
                    {isChat && !narrow && <CountBadge count={unreadChat} label="unread messages" />}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="hidden border-t border-navy-800 p-3 md:block">
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-expanded={!collapsed}
            aria-controls="admin-sidebar"
            className={cx(
              'flex w-full items-center gap-3 rounded-lg py-2 text-sm text-navy-200 hover:bg-navy-800 hover:text-white',
              narrow ? 'justify-center px-2' : 'px-3',
            )}
          >
            {collapsed ? <ChevronRightIcon className="size-5" /> : <ChevronLeftIcon className="size-5" />}
            <span className={narrow ? 'sr-only' : undefined}>
              {collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            </span>
          </button>
        </div>
      </aside>
    </>
  );
}
