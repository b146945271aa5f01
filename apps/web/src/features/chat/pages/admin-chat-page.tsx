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
  return (
    <>
      <PageHeader title="Chat" description="Conversations with customers." />
      {admin ? (
        <ChatScreen
          area="admin"
          me={admin}
          requestedUserId={requested}
          onOpened={onOpened}
          listHeader={(open) => <CustomerSearch onPick={open} />}
        />
      ) : (
        <PageSpinner />
      )}
    </>
  );
}
