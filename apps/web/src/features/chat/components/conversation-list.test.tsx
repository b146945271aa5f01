import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@shop/contracts';
import { ConversationList } from './conversation-list';

const conversation = (n: number): Conversation => ({
  id: n,
  name: `Customer ${n}`,
  photo_url: null,
  unread: 0,
  last_message: `Question ${n}`,
  last_message_time: null,
  user_id: 100 + n,
});

const common = {
  loading: false,
  activeId: null,
  typing: new Set<number>(),
  belled: new Set<number>(),
  isOnline: () => false,
  onSelect: () => {},
};

describe('the conversation list pages', () => {
  it('says when a search matches nobody, and when there is nothing yet', () => {
    const { rerender } = render(<ConversationList {...common} conversations={[]} search="zed" />);
    expect(screen.getByRole('status')).toHaveTextContent('No conversations match “zed”.');
    rerender(<ConversationList {...common} conversations={[]} />);
    expect(screen.getByRole('status')).toHaveTextContent('No conversations yet.');
  });

  it('says the list could not be loaded, not that there is nothing, and offers Try again', async () => {
    const onRetry = vi.fn();
    render(
      <ConversationList
        {...common}
        conversations={[]}
        failed="Failed to load conversations."
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load conversations.');
    expect(screen.queryByText('No conversations yet.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers the next page while there is one; Enter loads it and focus moves to its first conversation', async () => {
    const user = userEvent.setup();
    const onLoadMore = vi.fn();
    const first = [1, 2, 3].map(conversation);
    const { rerender } = render(
      <ConversationList {...common} conversations={first} hasMore onLoadMore={onLoadMore} />,
    );
    const more = screen.getByRole('button', { name: 'Load more conversations' });
    more.focus();
    await user.keyboard('{Enter}');
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(
      <ConversationList {...common} conversations={first} hasMore loadingMore onLoadMore={onLoadMore} />,
    );
    expect(screen.getByRole('button', { name: 'Loading more conversations…' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    // The last page came: no more button, and focus is on the first conversation it brought.
    rerender(
      <ConversationList
        {...common}
        conversations={[...first, conversation(4), conversation(5)]}
        onLoadMore={onLoadMore}
      />,
    );
    expect(screen.queryByRole('button', { name: /Load/ })).toBeNull();
    expect(screen.getByTestId('conversation-104')).toHaveFocus();
  });

  it('focuses the first conversation of the new page even when another arrived live at the top meanwhile', async () => {
    const user = userEvent.setup();
    const first = [1, 2, 3].map(conversation);
    const { rerender } = render(
      <ConversationList {...common} conversations={first} hasMore onLoadMore={() => {}} />,
    );
    screen.getByRole('button', { name: 'Load more conversations' }).focus();
    await user.keyboard('{Enter}');
    // A new conversation comes first, then the page: the rows moved down by one.
    rerender(
      <ConversationList {...common} conversations={[conversation(9), ...first]} hasMore loadingMore />,
    );
    expect(screen.getByRole('button', { name: 'Loading more conversations…' })).toHaveFocus();
    rerender(
      <ConversationList
        {...common}
        conversations={[conversation(9), ...first, conversation(4), conversation(5)]}
        hasMore
      />,
    );
    expect(screen.getByTestId('conversation-104')).toHaveFocus();
  });
});
