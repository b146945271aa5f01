import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@shop/contracts';
import type { PaneState } from '../api/use-chat';
import { MessagePane } from './message-pane';

const ME = 1;
const CUSTOMER = 7;
const user = (id: number) => ({ id, name: id === ME ? 'Admin' : 'Casey', photo_url: null });
const message = (id: number, from: number, text: string): ChatMessage => ({
  id,
  conversation_user_id: CUSTOMER,
  message: text,
  sender_id: from,
  receiver_id: from === ME ? CUSTOMER : ME,
  from_admin: from === ME,
  created_at: '2026-01-01T10:00:00.000Z',
  seen: false,
  attachments: [],
  attachments_urls: [],
  sender: user(from),
  receiver: user(from === ME ? CUSTOMER : ME),
});
const pane = (messages: ChatMessage[]): PaneState => ({
  userId: CUSTOMER,
  user: user(CUSTOMER),
  messages,
  hasMore: false,
  status: 'ready',
  failure: null,
  loadingOlder: false,
});

function Pane({ state }: { state: PaneState }) {
  return (
    <MessagePane
      area="admin"
      meId={ME}
      pane={state}
      title="Casey"
      photoUrl={null}
      online
      typing={false}
      onLoadOlder={() => {}}
      onRetry={() => {}}
      retrying={false}
      onBack={() => {}}
      composer={null}
    />
  );
}

describe('MessagePane', () => {
  it("tells a screen reader of a message that arrives, not of those shown on opening or of one's own", () => {
    const opened = [message(1, CUSTOMER, 'Hello'), message(2, ME, 'Hi Casey')];
    const { rerender } = render(<Pane state={pane(opened)} />);
    const region = screen.getByTestId('message-arrived');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('');

    rerender(<Pane state={pane([...opened, message(3, ME, 'Anything else?')])} />);
    expect(region).toHaveTextContent('');
    rerender(
      <Pane
        state={pane([...opened, message(3, ME, 'Anything else?'), message(4, CUSTOMER, 'Yes, a desk')])}
      />,
    );
    expect(region).toHaveTextContent('New message from Casey: Yes, a desk');
  });

  it("in the shared inbox, a colleague's reply is the team's: not announced as the customer's, with its seen ticks", () => {
    const COLLEAGUE = 2;
    const colleagueReply = (id: number, text: string, seen: boolean): ChatMessage => ({
      ...message(id, COLLEAGUE, text),
      receiver_id: CUSTOMER,
      from_admin: true,
      seen,
      sender: { id: COLLEAGUE, name: 'Robin', photo_url: null },
      receiver: user(CUSTOMER),
    });
    const opened = [message(1, CUSTOMER, 'Hello'), colleagueReply(2, 'Hi, Robin here', true)];
    const { rerender } = render(<Pane state={pane(opened)} />);
    const region = screen.getByTestId('message-arrived');

    rerender(<Pane state={pane([...opened, colleagueReply(3, 'Anything else?', false)])} />);
    expect(region).toHaveTextContent('');
    const bubbles = screen.getAllByTestId('chat-message');
    // The customer's message has no ticks; the team's replies have theirs, and say which colleague wrote them.
    expect(within(bubbles[0]!).queryByTestId('message-status')).toBeNull();
    expect(within(bubbles[1]!).getByTestId('message-status')).toHaveAttribute('data-seen', 'true');
    expect(within(bubbles[2]!).getByTestId('message-status')).toHaveAttribute('data-seen', 'false');
    expect(bubbles[2]).toHaveTextContent('Robin');

    rerender(
      <Pane
        state={pane([
          ...opened,
          colleagueReply(3, 'Anything else?', false),
          message(4, CUSTOMER, 'No, thanks'),
        ])}
      />,
    );
    expect(region).toHaveTextContent('New message from Casey: No, thanks');
  });
});
