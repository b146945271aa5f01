import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@shop/contracts';
import type { RealtimeHandler } from '../../../test/realtime';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { ChatScreen } from './chat-screen';
import { CustomerSearch } from './customer-search';

// No socket: nobody is online and nothing is pushed.
const events = vi.hoisted(() => new Map<string, RealtimeHandler>());
vi.mock('../../../lib/realtime-client', async () => ({
  ...(await import('../../../test/realtime')).handHeldRealtime(events),
  useOnlineUsers: () => new Set<number>(),
  realtime: { sendTyping: () => {}, isOnline: () => false },
}));

const harper = { id: 7, name: 'Harper Quill', photo_url: null };

const customerMessage: ChatMessage = {
  id: 1,
  conversation_user_id: 7,
  message: 'Is the oak desk in stock?',
  sender_id: 7,
  receiver_id: 99,
  from_admin: false,
  created_at: '2026-01-01T00:00:00.000Z',
  seen: true,
  attachments: [],
  attachments_urls: [],
  sender: harper,
  receiver: { id: 99, name: 'Admin', photo_url: null },
};

/** The admin's inbox (empty) and the customer search, as the back-office's chat page puts them together. */
function renderInbox(messages: () => Response) {
  server.use(
    http.get('/api/conversations', () => HttpResponse.json({ conversations: [], next_cursor: null })),
    http.get('/api/conversations/unread-count', () => HttpResponse.json({ unread: 0 })),
    http.post('/api/conversations/7/seen', () => HttpResponse.json({ unread: 0 })),
    http.get('/api/search-users', () => HttpResponse.json({ users: [harper] })),
    http.get('/api/messages/7', messages),
  );
  renderWithProviders(
    <ChatScreen area="admin" me={{ id: 99 }} listHeader={(open) => <CustomerSearch onPick={open} />} />,
  );
}

/** Types part of the customer's e-mail, Tabs to the customer found and presses Enter, as a keyboard user does. */
async function pickWithKeyboard() {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText('New conversation'));
  await user.keyboard('harper@');
  await screen.findByRole('button', { name: /Harper Quill/ });
  await user.tab();
  expect(screen.getByRole('button', { name: /Harper Quill/ })).toHaveFocus();
  await user.keyboard('{Enter}');
}

describe('ChatScreen: the back-office’s customer search', () => {
  it('moves the focus to the message box of the conversation it opens', async () => {
    renderInbox(() => HttpResponse.json({ messages: [customerMessage], user: harper, has_more: false }));
    await pickWithKeyboard();
    const messages = await screen.findByRole('list', { name: 'Messages with Harper Quill' });
    expect(messages).toHaveTextContent('Is the oak desk in stock?');
    await waitFor(() => expect(screen.getByLabelText('Message', { exact: true })).toHaveFocus());
  });

  it('keeps the focus in the search while the conversation it opened cannot be read', async () => {
    renderInbox(() => HttpResponse.json({ message: 'Server error' }, { status: 500 }));
    await pickWithKeyboard();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByLabelText('New conversation')).toHaveFocus();
    expect(screen.getByLabelText('Message', { exact: true })).toBeDisabled();
  });
});
