import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TypingWhisper } from '@shop/contracts';
import { createTestQueryClient, TestProviders } from '../../../test/render';
import type { RealtimeHandler } from '../../../test/realtime';
import { useChat, useTypingWhisper } from './use-chat';

const CUSTOMER = 5;

// No socket: a whisper the customer's screen sends is handed straight to the team's screen as the server relays it.
const events = vi.hoisted(() => new Map<string, RealtimeHandler>());
const sent = vi.hoisted(() => [] as { at: number; whisper: TypingWhisper }[]);
vi.mock('../../../lib/realtime-client', async () => ({
  ...(await import('../../../test/realtime')).handHeldRealtime(events),
  realtime: {
    sendTyping: (whisper: TypingWhisper) => {
      sent.push({ at: Date.now(), whisper });
      events.get('typing')?.({ userId: CUSTOMER, isTyping: whisper.isTyping });
    },
    isOnline: () => false,
  },
}));

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  sent.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

function renderBothSides() {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders queryClient={queryClient}>{children}</TestProviders>
  );
  // The team's screen (no conversation list is read without a signed-in admin) and the customer's composer.
  return renderHook(
    () => ({ team: useChat('admin', null), customer: useTypingWhisper('customer', CUSTOMER) }),
    { wrapper },
  );
}

/** The customer types a key every `every` ms for `forMs` ms. */
function typeFor(result: ReturnType<typeof renderBothSides>['result'], forMs: number, every: number) {
  for (let t = 0; t < forMs; t += every) {
    act(() => result.current.customer.keystroke());
    act(() => vi.advanceTimersByTime(every));
  }
}

describe('the typing whisper', () => {
  it('keeps the indicator up while the customer types on, and takes it down 3 s after the last keystroke', () => {
    const { result } = renderBothSides();
    // Ten seconds of typing, well past the indicator's 4 s without news.
    typeFor(result, 10_000, 250);
    expect(result.current.team.typing.has(CUSTOMER)).toBe(true);

    act(() => vi.advanceTimersByTime(2_999 - 250));
    expect(result.current.team.typing.has(CUSTOMER)).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.team.typing.has(CUSTOMER)).toBe(false);
    expect(sent.at(-1)!.whisper).toEqual({ receiverId: undefined, isTyping: false });
  });

  it('says it again every 2 s while it lasts, far below the server limit of 20 client events per 10 s', () => {
    const { result } = renderBothSides();
    typeFor(result, 20_000, 100);
    act(() => vi.advanceTimersByTime(5_000));
    const starts = sent.filter((s) => s.whisper.isTyping).map((s) => s.at);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBe(2_000);
    // Typing from 0 to 19.9 s: the stop at 22.9 s, the last news before it at 22 s.
    expect(starts.at(-1)).toBe(22_000);
    expect(sent.filter((s) => !s.whisper.isTyping).map((s) => s.at)).toEqual([22_900]);
    for (const s of sent)
      expect(sent.filter((o) => o.at >= s.at && o.at < s.at + 10_000).length).toBeLessThan(7);
  });
});
