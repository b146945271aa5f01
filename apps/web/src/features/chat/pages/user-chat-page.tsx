import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { useCustomer } from '../../../lib/sessions';
import { ChatScreen } from '../components/chat-screen';

/**
 * /user/chat: the page fills the screen between the area's top bar and its bottom bar (--area-chrome, set by the
 * customer layout), so the composer is in view without scrolling, on a phone too.
 */
export default function UserChatPage() {
  const customer = useCustomer();
  return (
    <div className="flex h-[calc(100dvh_-_var(--area-chrome,8rem))] min-h-[24rem] flex-col">
      <PageHeader title="Chat with Admin" description="Talk directly with our design team." />
      {customer ? <ChatScreen area="customer" me={customer} className="min-h-0 flex-1" /> : <PageSpinner />}
    </div>
  );
}
