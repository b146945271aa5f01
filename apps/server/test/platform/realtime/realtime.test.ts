import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PresenceStore } from '../../../src/platform/realtime/presence';
import type { ChatMessage } from '@shop/contracts';
import { createTestApp, type TestApp } from '../../support/test-app';
import { bearer, createAdmin, registerCustomer } from '../../support/http';
import { sendMessage } from '../../modules/chat/support';
import { connect, drained, listen, next, record, until, type ClientSocket } from '../../support/realtime';
import { holdingClient, waitUntilBlocked } from '../../support/lock-waits';

let t: TestApp;
let url: string;
const sockets: ClientSocket[] = [];
const open = async (token: string | undefined, extra?: { origin?: string }) => {
  const s = await connect(url, token, extra);
  sockets.push(s);
  return s;
};

beforeEach(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await t.close();
});

describe('realtime: handshake', () => {
  it('refuses a missing or bad token, and an inactive account', async () => {
    await expect(open(undefined)).rejects.toThrow('Unauthenticated.');
    await expect(open('not-a-real-token')).rejects.toThrow('Unauthenticated.');
    const alice = await registerCustomer(t.app);
    await t.ctx.database.pool.query('update users set status = 0 where id = $1', [alice.user.id]);
    await expect(open(alice.token)).rejects.toThrow('Account inactive. Contact support.');
  });

  it('refuses a cross-site origin and accepts the shop origin or none', async () => {
    const alice = await registerCustomer(t.app);
    await expect(open(alice.token, { origin: 'https://evil.example' })).rejects.toThrow();
    expect((await open(alice.token, { origin: 'http://shop.test' })).connected).toBe(true);
    expect((await open(alice.token)).connected).toBe(true);
  });

  it('accepts either kind of session token', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    expect((await open(admin.token)).connected).toBe(true);
    expect((await open(alice.token)).connected).toBe(true);
  });
});

describe('realtime: chat delivery and channel privacy', () => {
  it('a message reaches the customer and every admin; another customer receives nothing', async () => {
    const admin1 = await createAdmin(t.app, t.ctx);
    const admin2 = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    const bob = await registerCustomer(t.app);
    const [a1, a2, al, bo] = await Promise.all([
      open(admin1.token),
      open(admin2.token),
      open(alice.token),
      open(bob.token),
    ]);
    const bobGot = record(bo, 'MessageSent', 'typing', 'notification');

    // A client that tries to name someone else's channel gets nothing from it: there is no join event.
    (bo as unknown as { emit: (e: string, p: unknown) => void }).emit('subscribe', {
      channel: `conversation.${alice.user.id}`,
    });
    (bo as unknown as { emit: (e: string, p: unknown) => void }).emit(
      'join',
      `conversation.${alice.user.id}`,
    );

    const toAdmins = [next(a1, 'MessageSent'), next(a2, 'MessageSent')];
    const echo = next(al, 'MessageSent');
    expect((await sendMessage(t, alice.token, admin1.user.id, 'Hello team')).statusCode).toBe(200);
    for (const got of await Promise.all(toAdmins))
      expect(got.message).toMatchObject({
        message: 'Hello team',
        sender_id: alice.user.id,
        conversation_user_id: alice.user.id,
      });
    expect((await echo).message.message).toBe('Hello team');

    const reply = next(al, 'MessageSent');
    const seenByOther = next(a1, 'MessageSent');
    await sendMessage(t, admin2.token, alice.user.id, 'Hi Alice');
    const toAlice = (await reply).message as ChatMessage;
    expect(toAlice).toMatchObject({ message: 'Hi Alice', from_admin: true, receiver_id: alice.user.id });
    expect(toAlice.sender.name).toBe('Admin');
    expect((await seenByOther).message.sender.name).toBe(admin2.user.name);

    // Membership is the server's: each private channel holds its owner's sockets only.
    const members = async (room: string) =>
      (await t.app.realtime.io.in(room).fetchSockets()).map((x) => x.data.userId);
    expect(await members(`conversation.${alice.user.id}`)).toEqual([alice.user.id]);
    expect(await members(`notifications.user.${bob.user.id}`)).toEqual([bob.user.id]);
    expect((await members('admins')).sort()).toEqual([admin1.user.id, admin2.user.id].sort());

    // Nothing of Alice's ever reaches Bob: once the admins have her whisper, Bob's barrier follows anything sent him.
    const whispered = next(a1, 'typing');
    al.emit('typing', { isTyping: true });
    await whispered;
    await drained(t.app, bo);
    expect(bobGot).toEqual([]);
  });

  it('typing is relayed only between a customer and the admins', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    const bob = await registerCustomer(t.app);
    const [ad, al, bo] = await Promise.all([open(admin.token), open(alice.token), open(bob.token)]);
    const aliceGot = record(al, 'typing');
    const bobGot = record(bo, 'typing');

    const atAdmin = next(ad, 'typing');
    // A customer cannot aim typing at another customer: it goes to the team.
    al.emit('typing', { receiverId: bob.user.id, isTyping: true });
    expect(await atAdmin).toEqual({ userId: alice.user.id, isTyping: true });

    const atAlice = next(al, 'typing');
    ad.emit('typing', { receiverId: alice.user.id, isTyping: true });
    expect(await atAlice).toEqual({ userId: admin.user.id, isTyping: true });

    // Malformed whispers are ignored. A socket's events are handled in order: once the valid whisper sent after
    // the malformed one has reached Alice, the malformed one was handled, and Bob's barrier follows its effects.
    const stopped = next(al, 'typing');
    ad.emit('typing', { receiverId: 'everyone', isTyping: 'yes' } as never);
    ad.emit('typing', { receiverId: alice.user.id, isTyping: false });
    expect(await stopped).toEqual({ userId: admin.user.id, isTyping: false });
    await Promise.all([drained(t.app, bo), drained(t.app, al)]);
    expect(bobGot).toEqual([]);
    expect(aliceGot).toHaveLength(2);
  });

  it('a new notification is pushed with the unread count to its recipient only', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    const bob = await registerCustomer(t.app);
    const [ad, al, bo] = await Promise.all([open(admin.token), open(alice.token), open(bob.token)]);
    const bobGot = record(bo, 'notification');
    const aliceGot = record(al, 'notification');
    const atAdmin = next(ad, 'notification');
    await sendMessage(t, alice.token, admin.user.id, 'ping');
    const pushed = await atAdmin;
    expect(pushed.unread_count).toBe(1);
    expect(pushed.notification).toMatchObject({
      read_at: null,
      data: { type: 'chat_message', sender_id: alice.user.id },
    });
    // One push reached every recipient: the others' barriers follow anything it could have sent them.
    await Promise.all([drained(t.app, bo), drained(t.app, al)]);
    expect(bobGot).toEqual([]);
    expect(aliceGot).toEqual([]);
  });

  // Another transaction holds the admin's count row (writing it, or taking the one there), so both messages wait on
  // that row with their statements under way, each one's snapshot taken before the other commits.
  it.each([
    {
      row: 'no count row yet',
      hold: 'insert into notification_unread_counts (user_id, unread) values ($1, 0)',
      before: 0,
    },
    {
      row: 'a count row',
      hold: 'select unread from notification_unread_counts where user_id = $1 for update',
      before: 1,
    },
  ])("two customers' first messages at once push each its own count ($row)", async ({ hold, before }) => {
    const admin = await createAdmin(t.app, t.ctx);
    const [alice, bob, carol] = await Promise.all([
      registerCustomer(t.app),
      registerCustomer(t.app),
      registerCustomer(t.app),
    ]);
    const ad = await open(admin.token);
    if (before) {
      await sendMessage(t, carol.token, admin.user.id, 'earlier');
      expect((await next(ad, 'notification')).unread_count).toBe(1);
    }
    const holder = await holdingClient(t.databaseUrl);
    let sent: Awaited<ReturnType<typeof sendMessage>>[];
    try {
      await holder.query(hold, [admin.user.id]);
      let settled = false;
      const sending = Promise.all(
        [alice, bob].map((c) =>
          sendMessage(t, c.token, admin.user.id, 'at once').finally(() => (settled = true)),
        ),
      );
      expect(await waitUntilBlocked(t.databaseUrl, holder, () => settled, 2)).toBe(true);
      await holder.query('rollback');
      sent = await sending;
    } finally {
      await holder.end();
    }
    expect(sent.map((r) => r.statusCode)).toEqual([200, 200]);
    // The one that commits second counts the first one's notification too.
    const pushed = [await next(ad, 'notification'), await next(ad, 'notification')];
    expect(pushed.map((p) => p.unread_count).sort()).toEqual([before + 1, before + 2]);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/notifications',
      headers: bearer(admin.token),
    });
    expect(listed.json().unread_count).toBe(before + 2);
  });

  it('reading a conversation tells the sender their messages were seen', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    const al = await open(alice.token);
    await sendMessage(t, alice.token, admin.user.id, 'read me');
    const seen = next(al, 'messages:seen');
    await t.app.inject({
      method: 'GET',
      url: `/api/messages/${alice.user.id}`,
      headers: bearer(admin.token),
    });
    expect(await seen).toEqual({ conversation_user_id: alice.user.id, reader: 'admin' });
  });
});

describe('realtime: sessions and presence', () => {
  it('logout disconnects that session’s sockets only', async () => {
    const alice = await registerCustomer(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: alice.email, password: alice.password },
    });
    const second = login.json().token as string;
    const s1 = await open(alice.token);
    const s2 = await open(second);
    const gone = new Promise<string>((resolve) => s1.once('disconnect', (reason) => resolve(reason)));
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(alice.token) })).statusCode,
    ).toBe(200);
    expect(await gone).toBe('io server disconnect');
    // The other session's socket still takes events after the logout was handled.
    await drained(t.app, s2);
    expect(s2.connected).toBe(true);
  });

  it('a logout that lands during the handshake, after its session was checked, still ends the socket', async () => {
    const alice = await registerCustomer(t.app);
    // The logout is made at the handshake's next wait after the session check (the presence count).
    const during = vi.spyOn(PresenceStore.prototype, 'sockets').mockImplementationOnce(async () => {
      const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(alice.token) });
      expect(out.statusCode).toBe(200);
      return 0;
    });
    const s = await open(alice.token);
    // The server closes it (nothing here closes it), at once or a moment after it connected.
    await vi.waitFor(() => expect(s.connected).toBe(false), { timeout: 5_000, interval: 20 });
    expect(during).toHaveBeenCalledTimes(1);
    during.mockRestore();
  });

  it('here / joining / leaving: admins see everyone, customers see only the team', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    const bob = await registerCustomer(t.app);

    const ad = await connect(url, admin.token);
    sockets.push(ad);
    const adminHere = await next(ad, 'presence:here');
    expect(adminHere).toEqual([admin.user.id]);

    const joining = next(ad, 'presence:joining');
    const al = await connect(url, alice.token);
    sockets.push(al);
    const aliceHere = await next(al, 'presence:here');
    expect(aliceHere).toEqual([admin.user.id]);
    expect(await joining).toEqual({ userId: alice.user.id });

    // Alice never hears about Bob, and a second tab of Bob is not a second "joining".
    const aliceGot = record(al, 'presence:joining', 'presence:leaving');
    const adminGot = record(ad, 'presence:joining', 'presence:leaving');
    const b1 = await open(bob.token);
    const b2 = await open(bob.token);
    await until(() => adminGot.length >= 1);
    await drained(t.app, ad);
    expect(adminGot).toEqual([{ event: 'presence:joining', payload: { userId: bob.user.id } }]);
    // Once the server has let go of Bob's first socket, the admin's barrier follows any event that caused.
    const bobSockets = async () =>
      (await t.app.realtime.io.fetchSockets()).filter((x) => x.data.userId === bob.user.id).length;
    b1.close();
    await until(async () => (await bobSockets()) === 1);
    await drained(t.app, ad);
    expect(adminGot).toHaveLength(1);
    b2.close();
    await until(() => adminGot.length === 2);
    expect(adminGot[1]).toEqual({ event: 'presence:leaving', payload: { userId: bob.user.id } });
    await drained(t.app, al);
    expect(aliceGot).toEqual([]);

    // The team going offline is news to customers.
    const leaving = next(al, 'presence:leaving');
    ad.close();
    expect(await leaving).toEqual({ userId: admin.user.id });
  });
});

describe('realtime: session expiry', () => {
  it('closes a socket when its session expires, and keeps the other sessions’ sockets', async () => {
    const alice = await registerCustomer(t.app);
    const bob = await registerCustomer(t.app);
    await t.ctx.database.pool.query(
      `update sessions set expires_at = now() + interval '1500 milliseconds' where user_id = $1`,
      [alice.user.id],
    );
    const expiring = await open(alice.token);
    const lasting = await open(bob.token);
    const gone = new Promise<string>((resolve) => expiring.once('disconnect', (reason) => resolve(reason)));
    expect(await gone).toBe('io server disconnect');
    expect(lasting.connected).toBe(true);
    // The expired token cannot connect again.
    await expect(open(alice.token)).rejects.toThrow('Unauthenticated.');
  });
});
