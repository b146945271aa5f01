import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { useCustomer } from '../../../lib/sessions';
import { ChatScreen } from '../components/chat-screen';

export default function UserChatPage() {
  const customer = useCustomer();
  return (
    <>
      <PageHeader title="Chat with Admin" description="Talk directly with our design team." />
      {customer ? <ChatScreen area="customer" me={customer} /> : <PageSpinner />}
    </>
  );
}
