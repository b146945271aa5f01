import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { AreaOutlet } from './area-outlet';
import { MessageDialogsProvider } from '../../components/ui/message-dialogs';
import { SkipLink } from '../../components/ui/skip-link';
import { ADMIN_SIDEBAR_COLLAPSED_KEY, readPreference, writePreference } from '../../lib/storage-keys';
import { useFocusRescue } from '../../lib/use-focus-rescue';
import { AdminSidebar } from './admin-sidebar';
import { AdminTopBar } from './admin-top-bar';

/**
 * The back-office shell: a collapsible sidebar (a drawer below 768 px) and a top bar. Its message dialogs belong
 * to it: when the session ends and the login page opens, a dialog still open (or one a failing call opens after)
 * goes with the area instead of following the admin onto the login page.
 */
export function AdminLayout() {
  const [collapsed, setCollapsed] = useState(() => readPreference(ADMIN_SIDEBAR_COLLAPSED_KEY) === '1');
  const [mobileOpen, setMobileOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  useFocusRescue(main);
  // The drawer is a phone's: a window widened past 768 px shows the sidebar instead, and the page comes back.
  useEffect(() => {
    if (!mobileOpen) return;
    const wide = window.matchMedia('(min-width: 768px)');
    const close = () => wide.matches && setMobileOpen(false);
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, [mobileOpen]);

  const toggleCollapsed = () => {
    writePreference(ADMIN_SIDEBAR_COLLAPSED_KEY, collapsed ? '0' : '1');
    setCollapsed(!collapsed);
  };

  return (
    <MessageDialogsProvider>
      {/* --area-chrome: the height the top bar and the page's margins take, for pages that fill the screen (the
          chat), as in the customer area. */}
      <div className="flex min-h-dvh bg-slate-100 [--area-chrome:7rem]">
        <SkipLink />
        <AdminSidebar
          collapsed={collapsed}
          onToggleCollapsed={toggleCollapsed}
          mobileOpen={mobileOpen}
          onCloseMobile={() => setMobileOpen(false)}
          onDismissMobile={() => {
            // The page is out of reach until the drawer has closed: closed first, then the focus goes back.
            flushSync(() => setMobileOpen(false));
            menuButton.current?.focus();
          }}
        />
        {/* While the drawer is open the page behind it is out of reach: neither Tab nor a screen reader goes there. */}
        <div className="flex min-w-0 flex-1 flex-col" inert={mobileOpen}>
          <AdminTopBar
            onOpenMenu={() => setMobileOpen(true)}
            menuOpen={mobileOpen}
            menuButtonRef={menuButton}
          />
          <main
            ref={main}
            id="main-content"
            tabIndex={-1}
            className="w-full flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8"
          >
            <AreaOutlet />
          </main>
        </div>
      </div>
    </MessageDialogsProvider>
  );
}
