import { lazy, Suspense, type Ref } from 'react';
import { Link } from 'react-router';
import { ADMIN_LABELS } from '@shop/contracts';
import { CountBadge, countedName } from '../../components/ui/badge';
import { ChevronDownIcon, ChatIcon, LogOutIcon, MenuIcon, SettingsIcon } from '../../components/ui/icons';
import { signOutAdmin } from '../../lib/session-actions';
import { useAdmin } from '../../lib/sessions';
import { useUnreadChatCount, useUnreadChatCountLive } from '../../features/chat/api/use-unread-chat-count';
import { LazyNotificationBell as NotificationBell } from '../../features/notifications/components/lazy-notification-bell';
import { Avatar } from './avatar';

// The admin menu (Radix) is a chunk of its own, fetched right after the first render: out of the first load.
const Menu = lazy(() => import('../../components/ui/menu').then((m) => ({ default: m.Menu })));

const bellClass = 'relative rounded-full p-2 text-navy-800 hover:bg-navy-50';

export function AdminTopBar({
  onOpenMenu,
  menuOpen,
  menuButtonRef,
}: {
  onOpenMenu: () => void;
  menuOpen: boolean;
  /** The Open menu button, where focus returns when the drawer is dismissed. */
  menuButtonRef?: Ref<HTMLButtonElement>;
}) {
  const admin = useAdmin();
  // The chat feature keeps the unread chat count live while the back-office is on screen.
  useUnreadChatCountLive('admin');
  const unreadChat = useUnreadChatCount('admin');
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6">
      <button
        ref={menuButtonRef}
        type="button"
        className="-ml-1 rounded-lg p-2 text-navy-900 hover:bg-navy-50 md:hidden"
        onClick={onOpenMenu}
        aria-expanded={menuOpen}
        aria-controls="admin-sidebar"
      >
        <MenuIcon className="size-6" />
        <span className="sr-only">Open menu</span>
      </button>
      <p className="hidden text-sm font-medium text-slate-600 md:block">Back-office</p>
      <div className="flex items-center gap-1 sm:gap-2">
        <Link
          to="/admin/chat"
          className={bellClass}
          aria-label={countedName('Chat', unreadChat, 'unread messages')}
        >
          <ChatIcon className="size-6" />
          <CountBadge count={unreadChat} label="unread messages" placement="icon" />
        </Link>
        <NotificationBell area="admin" />
        {admin && (
          <Suspense
            fallback={<Avatar name={admin.name} photoUrl={admin.photo_url} className="ml-1 size-8" />}
          >
            <Menu
              buttonLabel={`Admin menu for ${admin.name}`}
              buttonClassName="ml-1 flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-navy-900 hover:bg-navy-50"
              button={
                <>
                  <Avatar name={admin.name} photoUrl={admin.photo_url} className="size-8" />
                  <span className="hidden max-w-40 truncate sm:inline lg:max-w-72">{admin.name}</span>
                  <ChevronDownIcon className="size-4 text-slate-500" />
                </>
              }
              header={
                <>
                  <p className="truncate text-sm font-semibold text-navy-900">{admin.name}</p>
                  <p className="truncate text-xs text-slate-600">{admin.email}</p>
                </>
              }
              items={[
                {
                  label: ADMIN_LABELS.accountSettings,
                  to: '/admin/settings',
                  icon: <SettingsIcon className="size-4" />,
                },
                {
                  label: ADMIN_LABELS.signOut,
                  onSelect: () => void signOutAdmin(),
                  icon: <LogOutIcon className="size-4" />,
                },
              ]}
            />
          </Suspense>
        )}
      </div>
    </header>
  );
}
