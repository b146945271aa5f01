import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAdmin } from '../../../lib/sessions';
import { ChatScreen } from '../components/chat-screen';
import { CustomerSearch } from '../components/customer-search';

export default function AdminChatPage() {
  const admin = useAdmin();
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('userId'));
  const requested = Number.isInteger(raw) && raw > 0 ? raw : null;
  const onOpened = useCallback(
    (userId: number | null) => setParams(userId ? { userId: String(userId) } : {}, { replace: true }),
    [setParams],
  );
  // The page fills the screen below the top bar (--area-chrome, set by the admin layout): the composer is in view
  // without scrolling the page.
  return (
    <div className="flex h-[calc(100dvh_-_var(--area-chrome,7rem))] min-h-[28rem] flex-col">
      <PageHeader title="Chat" description="Conversations with customers." />
      {admin ? (
        <ChatScreen
          area="admin"
          me={admin}
          requestedUserId={requested}
          onOpened={onOpened}
          listHeader={(open) => <CustomerSearch onPick={open} />}
          className="min-h-0 flex-1"
        />
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}
