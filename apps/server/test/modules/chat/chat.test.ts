import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { CHAT_PAGE_SIZE, type ChatMessage, type Conversation, type MessagesResponse } from '@shop/contracts';
import { createTestApp, type TestApp } from '../../support/test-app';
import { bearer, createAdmin, registerCustomer } from '../../support/http';
import { animatedPng, BMP_2PX, EXE, HEIC_START, image, PDF, PNG_1PX } from '../../support/files';
import { sendMessage } from './support';
import { writeMessage } from '../../../src/modules/chat/queries';
import { schema } from '../../../src/db/connection';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function counts() {
  const r = await t.ctx.database.db.execute<{
    messages: number;
    attachments: number;
    notifications: number;
  }>(sql`
    select (select count(*)::int from messages) as messages,
           (select count(*)::int from message_attachments) as attachments,
           (select count(*)::int from notifications) as notifications`);
  return r.rows[0]!;
}

const conversations = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/conversations', headers: bearer(token) })).json()
    .conversations as Conversation[];

describe('chat: the shared support inbox', () => {
  it('a customer sees one Admin conversation; admins see every customer conversation, newest first', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    const bob = await registerCustomer(t.app);

    const initial = await conversations(alice.token);
    expect(initial).toHaveLength(1);
    expect(initial[0]).toMatchObject({
      name: 'Admin',
      unread: 0,
      last_message: 'No messages yet.',
      last_message_time: null,
      user_id: alice.user.id,
    });
    // An empty conversation is not in the team's inbox.
    expect(await conversations(admin.token)).toEqual([]);

    expect((await sendMessage(t, alice.token, admin.user.id, 'Hello from Alice')).statusCode).toBe(200);
    expect(
      (await sendMessage(t, bob.token, bob.user.id, undefined, [{ name: 'plan.pdf', data: PDF }])).statusCode,
    ).toBe(200);

    const inbox = await conversations(admin.token);
    expect(inbox.map((c) => c.user_id)).toEqual([bob.user.id, alice.user.id]);
    expect(inbox[0]).toMatchObject({ last_message: 'Attachment', unread: 1 });
    expect(inbox[1]).toMatchObject({ last_message: 'Hello from Alice', unread: 1 });
    expect(inbox[1]!.name).toBe((alice.user as unknown as { name: string }).name);
  });

  it('a message is stored with its shape; the customer sees every admin as Admin; replies come back to the customer', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);

    const sent = await sendMessage(t, alice.token, admin.user.id, '  Need a quote  ');
    expect(sent.statusCode).toBe(200);
    const m = sent.json().message as ChatMessage;
    expect(m).toMatchObject({
      message: 'Need a quote',
      sender_id: alice.user.id,
      receiver_id: admin.user.id,
      seen: false,
      attachments: [],
      attachments_urls: [],
    });
    expect(m.receiver).toEqual({ id: admin.user.id, name: 'Admin', photo_url: null });

    const reply = await sendMessage(t, admin.token, alice.user.id, 'Sure, sending it today');
    expect(reply.statusCode).toBe(200);
    const asAdmin = reply.json().message as ChatMessage;
    expect(asAdmin.sender.name).toBe(admin.user.name);

    const page = (
      await t.app.inject({
        method: 'GET',
        url: `/api/messages/${admin.user.id}`,
        headers: bearer(alice.token),
      })
    ).json() as MessagesResponse;
    expect(page.messages.map((x) => x.message)).toEqual(['Need a quote', 'Sure, sending it today']);
    expect(page.messages[1]!.sender).toEqual({ id: admin.user.id, name: 'Admin', photo_url: null });
    expect(page.user.name).toBe('Admin');

    // The customer's own id names the same conversation.
    const same = (
      await t.app.inject({
        method: 'GET',
        url: `/api/messages/${alice.user.id}`,
        headers: bearer(alice.token),
      })
    ).json() as MessagesResponse;
    expect(same.messages.map((x) => x.id)).toEqual(page.messages.map((x) => x.id));
  });

  it('unread counts and seen flags follow reading, on both sides', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const admin2 = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    await sendMessage(t, alice.token, admin.user.id, 'one');
    await sendMessage(t, alice.token, admin.user.id, 'two');

    const unread = async (token: string) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/conversations/unread-count', headers: bearer(token) })
      ).json().unread as number;
    expect(await unread(admin.token)).toBe(2);
    expect(await unread(admin2.token)).toBe(2);
    expect((await conversations(admin2.token))[0]!.unread).toBe(2);

    // Any admin opening the conversation reads it for the team; the customer's messages become seen.
    const opened = (
      await t.app.inject({
        method: 'GET',
        url: `/api/messages/${alice.user.id}`,
        headers: bearer(admin2.token),
      })
    ).json() as MessagesResponse;
    expect(opened.user).toMatchObject({ id: alice.user.id });
    expect(await unread(admin.token)).toBe(0);
    expect((await conversations(admin.token))[0]!.unread).toBe(0);
    const mine = (
      await t.app.inject({
        method: 'GET',
        url: `/api/messages/${alice.user.id}`,
        headers: bearer(alice.token),
      })
    ).json() as MessagesResponse;
    expect(mine.messages.every((x) => x.seen)).toBe(true);

    await sendMessage(t, admin.token, alice.user.id, 'reply');
    expect(await unread(alice.token)).toBe(1);
    expect((await conversations(alice.token))[0]).toMatchObject({ unread: 1, last_message: 'reply' });
    // The customer reading does not mark their own messages, only the team's.
    await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${alice.user.id}/seen`,
      headers: bearer(alice.token),
    });
    expect(await unread(alice.token)).toBe(0);
    const adminView = (
      await t.app.inject({
        method: 'GET',
        url: `/api/messages/${alice.user.id}`,
        headers: bearer(admin.token),
      })
    ).json() as MessagesResponse;
    expect(adminView.messages.at(-1)).toMatchObject({ message: 'reply', seen: true });
  });

  it('history pages by 30 with before = oldest loaded id', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    const conv = (await conversations(alice.token))[0]!;
    await t.ctx.database.db.execute(sql`
      insert into messages (conversation_id, sender_id, receiver_id, from_admin, body)
      select ${conv.id}, ${alice.user.id}, ${admin.user.id}, false, 'm' || g from generate_series(1, 65) g`);
    const get = async (before?: number) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/messages/${alice.user.id}${before ? `?before=${before}` : ''}`,
          headers: bearer(admin.token),
        })
      ).json() as MessagesResponse;
    const first = await get();
    expect(first.messages).toHaveLength(CHAT_PAGE_SIZE);
    expect(first.messages[0]!.message).toBe('m36');
    expect(first.messages.at(-1)!.message).toBe('m65');
    expect(first.has_more).toBe(true);
    const second = await get(first.messages[0]!.id);
    expect(second.messages.map((x) => x.message)).toEqual(Array.from({ length: 30 }, (_, i) => `m${i + 6}`));
    const third = await get(second.messages[0]!.id);
    expect(third.messages.map((x) => x.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(third.has_more).toBe(false);
  });

  it('who may write to whom: customers only to the team, admins only to customers; others are 404', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    const bob = await registerCustomer(t.app);
    await sendMessage(t, bob.token, admin.user.id, 'private to the team');
    const before = await counts();

    expect((await sendMessage(t, alice.token, bob.user.id, 'hi bob')).statusCode).toBe(404);
    expect((await sendMessage(t, admin.token, admin.user.id, 'note to self')).statusCode).toBe(404);
    expect((await sendMessage(t, alice.token, 999999, 'hello?')).statusCode).toBe(404);
    expect((await sendMessage(t, admin.token, 999999, 'anyone there?')).statusCode).toBe(404);
    // The counterpart is checked by the message's own statement; with files, before they are admitted. Either
    // way nothing is written and the stored files are removed.
    for (const [from, to] of [
      [alice.token, bob.user.id],
      [admin.token, 999999],
      [admin.token, admin.user.id],
    ] as const) {
      const withFile = await sendMessage(t, from, to, 'see the plan', [{ name: 'plan.png', data: PNG_1PX }]);
      expect(withFile.statusCode).toBe(404);
    }
    const { readdir } = await import('node:fs/promises');
    const stored = await readdir(`${t.dataDir}/files`, { recursive: true }).catch(() => []);
    expect(stored.filter((f) => String(f).includes('.'))).toEqual([]);
    // Reading another customer's conversation is 404 too.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/messages/${bob.user.id}`,
          headers: bearer(alice.token),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/messages/abc', headers: bearer(alice.token) }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/messages/${admin.user.id}` })).statusCode).toBe(
      401,
    );
    expect(await counts()).toEqual(before);
  });

  it('an empty message without attachments is 422 and changes nothing', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    const before = await counts();
    const res = await sendMessage(t, alice.token, admin.user.id, '   ');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.message[0]).toBe('The message field is required.');
    expect(await counts()).toEqual(before);
  });

  it("attachments: 6 files -> 422 (in each side's words), 11 MB -> 413, a renamed executable -> 415; nothing is stored", async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    const before = await counts();
    const image = PNG_1PX;

    const six = await sendMessage(
      t,
      alice.token,
      admin.user.id,
      'six',
      Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, data: image })),
    );
    expect(six.statusCode).toBe(422);
    expect(six.json().message).toBe('Maximum 5 files allowed.');
    // The back-office's words for the same refusal (admin spec, chat attachments).
    const sixFromAdmin = await sendMessage(
      t,
      admin.token,
      alice.user.id,
      'six',
      Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, data: image })),
    );
    expect(sixFromAdmin.statusCode).toBe(422);
    expect(sixFromAdmin.json().message).toBe('Maximum 5 files allowed per message');

    const big = await sendMessage(t, alice.token, admin.user.id, 'big', [
      { name: 'x.pdf', data: Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]) },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('File x.pdf exceeds 10MB limit');

    const disguised = await sendMessage(t, alice.token, admin.user.id, 'invoice', [
      { name: 'invoice.pdf', data: EXE, type: 'application/pdf' },
    ]);
    expect(disguised.statusCode).toBe(415);

    expect(await counts()).toEqual(before);
    const { readdir } = await import('node:fs/promises');
    const files = await readdir(`${t.dataDir}/files`, { recursive: true }).catch(() => []);
    expect(files.filter((f) => String(f).includes('.'))).toEqual([]);
  });

  it('five accepted files are stored and downloadable only by the customer and admins', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    const bob = await registerCustomer(t.app);
    const image = PNG_1PX;
    const res = await sendMessage(t, alice.token, admin.user.id, undefined, [
      { name: 'a.png', data: image },
      { name: 'plan.pdf', data: PDF },
      { name: 'notes.txt', data: Buffer.from('desk sizes: 120x80\n') },
      { name: 'b.png', data: image },
      { name: 'c.png', data: image },
    ]);
    expect(res.statusCode).toBe(200);
    const m = res.json().message as ChatMessage;
    expect(m.message).toBe('');
    expect(m.attachments.map((a) => [a.name, a.mime])).toEqual([
      ['a.png', 'image/png'],
      ['plan.pdf', 'application/pdf'],
      ['notes.txt', 'text/plain'],
      ['b.png', 'image/png'],
      ['c.png', 'image/png'],
    ]);
    expect(m.attachments_urls).toEqual(m.attachments.map((a) => a.url));

    const url = m.attachments[1]!.url;
    const own = await t.app.inject({ method: 'GET', url, headers: bearer(alice.token) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toContain('attachment; filename="plan.pdf"');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.equals(PDF)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(admin.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(bob.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it("takes the spec's images as they were sent, and text as text whatever its first letters spell", async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    const png = await image('png');
    const images = await sendMessage(t, alice.token, admin.user.id, 'photos of the office', [
      { name: 'corner.avif', data: await image('avif') },
      { name: 'scan.bmp', data: BMP_2PX },
      { name: 'plan.tiff', data: await image('tiff') },
      { name: 'IMG_0042.HEIC', data: HEIC_START },
      { name: 'walkthrough.png', data: animatedPng(png) },
    ]);
    expect(images.statusCode).toBe(200);
    const sent = images.json().message as ChatMessage;
    expect(sent.attachments.map((a) => [a.name, a.mime])).toEqual([
      ['corner.avif', 'image/avif'],
      ['scan.bmp', 'image/bmp'],
      ['plan.tiff', 'image/tiff'],
      ['IMG_0042.HEIC', 'image/heic'],
      ['walkthrough.png', 'image/png'],
    ]);
    // Kept byte for byte (chat images are not re-encoded), served as downloads.
    const heic = await t.app.inject({
      method: 'GET',
      url: sent.attachments[3]!.url,
      headers: bearer(alice.token),
    });
    expect(heic.rawPayload.equals(HEIC_START)).toBe(true);
    expect(heic.headers['content-type']).toBe('image/heic');

    // Notes: one that starts with 'BM' (a bitmap's first letters), a long one whose 64 KB sample ends inside a
    // character, one in Windows-1252 (old Notepad's "ANSI") and one in UTF-16 (its "Unicode"): all text.
    const long = Buffer.from(`${'a'.repeat(64 * 1024 - 1)}é and more\n`);
    const notes = await sendMessage(t, alice.token, admin.user.id, 'notes', [
      { name: 'BMW fleet.txt', data: Buffer.from('BMW parking by the loading dock\n') },
      { name: 'long.txt', data: long },
      { name: 'ansi.txt', data: Buffer.from('Caf\xe9 tables \x96 2 of them\r\n', 'latin1') },
      {
        name: 'unicode.txt',
        data: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Desk 120\r\n', 'utf16le')]),
      },
    ]);
    expect(notes.statusCode).toBe(200);
    expect((notes.json().message as ChatMessage).attachments.map((a) => [a.name, a.mime])).toEqual([
      ['BMW fleet.txt', 'text/plain'],
      ['long.txt', 'text/plain'],
      ['ansi.txt', 'text/plain'],
      ['unicode.txt', 'text/plain'],
    ]);

    // Not text: control bytes no text holds, named .txt; an image's bytes under a .txt name keep the image's type.
    const binary = await sendMessage(t, alice.token, admin.user.id, 'binary', [
      { name: 'data.txt', data: Buffer.from([0x44, 0x42, 0x01, 0x02, 0x00, 0x10, 0x41]) },
    ]);
    expect(binary.statusCode).toBe(415);
    const renamed = await sendMessage(t, alice.token, admin.user.id, 'renamed', [
      { name: 'photo.txt', data: png },
    ]);
    expect(renamed.statusCode).toBe(200);
    expect((renamed.json().message as ChatMessage).attachments[0]).toMatchObject({
      name: 'photo.png',
      mime: 'image/png',
    });
  });

  it('a chat message notifies: a customer message every admin, an admin reply the customer', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const admin2 = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    await sendMessage(t, alice.token, admin.user.id, 'hello');
    for (const a of [admin, admin2]) {
      const list = (
        await t.app.inject({ method: 'GET', url: '/api/admin/notifications', headers: bearer(a.token) })
      ).json();
      expect(list.unread_count).toBe(1);
      expect(list.notifications[0].data).toMatchObject({ type: 'chat_message', sender_id: alice.user.id });
    }
    await sendMessage(t, admin2.token, alice.user.id, 'hi!');
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(alice.token) })
    ).json();
    expect(mine.notifications[0].data).toMatchObject({ type: 'chat_message', sender_id: admin2.user.id });
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/admin/notifications', headers: bearer(admin.token) })
      ).json().unread_count,
    ).toBe(1);
  });

  it('an offline customer gets at most one reply mail per conversation per 15 minutes', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    await sendMessage(t, admin.token, alice.user.id, 'First reply');
    await sendMessage(t, admin.token, alice.user.id, 'Second reply');
    const mails = (await t.deliverMail()).filter(
      (m) => m.includes('First reply') || m.includes('Second reply'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(alice.email);
    expect(mails[0]).toContain('http://shop.test/user/chat');

    // Once the window has passed, the next reply is mailed again.
    await t.ctx.database.db.execute(
      sql`update mail_queue set created_at = now() - interval '16 minutes' where kind = 'chat_reply'`,
    );
    await sendMessage(t, admin.token, alice.user.id, 'Third reply');
    expect((await t.deliverMail()).filter((m) => m.includes('Third reply'))).toHaveLength(1);
    // A customer's own messages are never mailed to them.
    await sendMessage(t, alice.token, alice.user.id, 'thanks');
    expect((await t.deliverMail()).filter((m) => m.includes('thanks'))).toHaveLength(0);
  });

  it('the mail says the team sent a message, true when the team writes first as for a reply', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    // Alice never wrote: the team starts the conversation.
    expect((await sendMessage(t, admin.token, alice.user.id, 'Your chairs are ready')).statusCode).toBe(200);
    const rows = await t.ctx.database.db
      .execute<{ subject: string; text_body: string }>(
        sql`select subject, text_body from mail_queue where kind = 'chat_reply'`,
      )
      .then((r) => r.rows);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe('New message from Cubicle Depot');
    expect(rows[0]!.text_body).toContain('Our team sent you a message:\n\nYour chairs are ready');
    const [mail] = (await t.deliverMail()).filter(
      (m) => m.includes(`To: ${alice.email}`) && m.includes('chairs'),
    );
    expect(mail).toMatch(/^Subject: New message from Cubicle Depot$/m);
    expect(mail!.replace(/=\r?\n/g, '')).not.toMatch(/replied|New reply/i);
  });

  it('a reply to a deactivated customer is kept but not mailed: the account cannot sign in to read it', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    const toggle = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${alice.user.id}/toggle-status`,
        headers: bearer(admin.token),
      });
    const replyMails = async () =>
      (
        await t.ctx.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from mail_queue where kind = 'chat_reply'`,
        )
      ).rows[0]!.n;
    expect((await toggle()).json().status).toBe(0);

    const reply = await sendMessage(t, admin.token, alice.user.id, 'Reply to an inactive account');
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await replyMails()).toBe(0);
    // The history keeps it.
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/api/messages/${alice.user.id}`,
        headers: bearer(admin.token),
      })
    ).json() as MessagesResponse;
    expect(history.messages.map((m) => m.message)).toEqual(['Reply to an inactive account']);

    // Active again: the next reply to the offline customer is mailed.
    expect((await toggle()).json().status).toBe(1);
    expect((await sendMessage(t, admin.token, alice.user.id, 'Welcome back')).statusCode).toBe(200);
    expect(await replyMails()).toBe(1);
  });

  it('the reply mail quotes a long reply cut before an emoji at the cut, never through it', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    // The mail quotes 300 characters and '…': the emoji's two halves sit at 299 and 300.
    const res = await sendMessage(t, admin.token, alice.user.id, `${'a'.repeat(299)}😀 and more`);
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await t.ctx.database.db
      .execute<{ text_body: string }>(sql`select text_body from mail_queue where kind = 'chat_reply'`)
      .then((r) => r.rows);
    expect(mail!.text_body).toContain(`${'a'.repeat(299)}…`);
  });

  it('admins get one notification per conversation with unread messages; opening it marks them read', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    const bob = await registerCustomer(t.app);
    for (let i = 0; i < 5; i++)
      expect((await sendMessage(t, alice.token, admin.user.id, `a${i}`)).statusCode).toBe(200);
    await sendMessage(t, bob.token, admin.user.id, 'b0');
    const adminNotifications = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/admin/notifications', headers: bearer(admin.token) })
      ).json();
    let list = await adminNotifications();
    expect(list.unread_count).toBe(2);
    expect(list.notifications.map((n: { data: { sender_id: number } }) => n.data.sender_id).sort()).toEqual(
      [alice.user.id, bob.user.id].sort(),
    );

    // Opening Alice's conversation reads it, and its notification with it; Bob's stays.
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/messages/${alice.user.id}`,
      headers: bearer(admin.token),
    });
    expect(opened.statusCode).toBe(200);
    list = await adminNotifications();
    expect(list.unread_count).toBe(1);
    expect(list.notifications.find((n: { read_at: string | null }) => !n.read_at).data.sender_id).toBe(
      bob.user.id,
    );

    // Alice writes again: one new notification, not one more per message.
    await sendMessage(t, alice.token, admin.user.id, 'a5');
    await sendMessage(t, alice.token, admin.user.id, 'a6');
    expect((await adminNotifications()).unread_count).toBe(2);
  });

  it('messages a customer sends at once still give each admin one unread notification', async () => {
    const admins = [await createAdmin(t.app, t.ctx), await createAdmin(t.app, t.ctx)];
    for (let round = 0; round < 3; round++) {
      const customer = await registerCustomer(t.app);
      const sent = await Promise.all(
        Array.from({ length: 8 }, (_, i) => sendMessage(t, customer.token, admins[0]!.user.id, `m${i}`)),
      );
      expect(sent.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      const perAdmin = await t.ctx.database.db.execute<{ user_id: number; n: number }>(sql`
        select user_id, count(*)::int as n from notifications
         where type = 'chat_message' and read_at is null and data->>'sender_id' = ${String(customer.user.id)}
         group by user_id order by user_id`);
      expect(perAdmin.rows, `round ${round}`).toEqual(
        admins.map((a) => ({ user_id: a.user.id, n: 1 })).sort((x, y) => x.user_id - y.user_id),
      );
    }
  });

  it("a customer gets one notification for the team's replies, whichever admin and however many; opening the chat reads it", async () => {
    const admins = [await createAdmin(t.app, t.ctx), await createAdmin(t.app, t.ctx)];
    const alice = await registerCustomer(t.app);
    const mine = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(alice.token) })).json();
    for (const [i, admin] of [admins[0]!, admins[1]!, admins[0]!].entries())
      expect((await sendMessage(t, admin.token, alice.user.id, `r${i}`)).statusCode).toBe(200);
    // Replies sent at once add none beside it either.
    const atOnce = await Promise.all(
      Array.from({ length: 6 }, (_, i) => sendMessage(t, admins[i % 2]!.token, alice.user.id, `s${i}`)),
    );
    expect(atOnce.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    let list = await mine();
    expect(list.unread_count).toBe(1);
    expect(list.total).toBe(1);
    expect(list.notifications[0].data).toMatchObject({ type: 'chat_message', sender_id: admins[0]!.user.id });
    // The chat's unread count still counts every message.
    const unread = await t.app.inject({
      method: 'GET',
      url: '/api/conversations/unread-count',
      headers: bearer(alice.token),
    });
    expect(unread.json()).toEqual({ unread: 9 });

    // Opening the chat reads the messages and the notification.
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/messages/${admins[0]!.user.id}`,
      headers: bearer(alice.token),
    });
    expect(opened.statusCode).toBe(200);
    list = await mine();
    expect(list.unread_count).toBe(0);
    expect(list.total).toBe(1);

    // The next reply is news again: one new notification.
    await sendMessage(t, admins[1]!.token, alice.user.id, 'later');
    await sendMessage(t, admins[1]!.token, alice.user.id, 'and later');
    list = await mine();
    expect(list.unread_count).toBe(1);
    expect(list.total).toBe(2);
    expect(list.notifications[0].data).toMatchObject({ sender_id: admins[1]!.user.id });

    // Another customer's chat notifications are theirs alone.
    const bob = await registerCustomer(t.app);
    await sendMessage(t, admins[0]!.token, bob.user.id, 'hello Bob');
    await t.app.inject({
      method: 'GET',
      url: `/api/messages/${admins[0]!.user.id}`,
      headers: bearer(alice.token),
    });
    const bobs = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(bob.token) })
    ).json();
    expect(bobs.unread_count).toBe(1);
  });

  it('an admin reply with an attachment to an offline customer is stored, notified and mailed once', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    const res = await sendMessage(t, admin.token, alice.user.id, 'Here is the layout', [
      { name: 'layout.pdf', data: PDF, type: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(200);
    const sent = res.json().message as ChatMessage;
    expect(sent.attachments).toEqual([
      expect.objectContaining({ name: 'layout.pdf', mime: 'application/pdf' }),
    ]);
    const download = await t.app.inject({
      method: 'GET',
      url: sent.attachments_urls[0]!,
      headers: bearer(alice.token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(alice.token) })
    ).json();
    expect(mine.unread_count).toBe(1);
    expect(mine.notifications[0].data).toMatchObject({ type: 'chat_message', sender_id: admin.user.id });
    const mails = (await t.deliverMail()).filter((m) => m.includes('Here is the layout'));
    expect(mails).toHaveLength(1);
    // An attachment alone is mailed as such.
    await t.ctx.database.db.execute(
      sql`update mail_queue set created_at = now() - interval '16 minutes' where kind = 'chat_reply'`,
    );
    const only = await sendMessage(t, admin.token, alice.user.id, undefined, [
      { name: 'render.png', data: PNG_1PX, type: 'image/png' },
    ]);
    expect(only.statusCode).toBe(200);
    expect((await t.deliverMail()).filter((m) => m.includes('1 attachment(s)'))).toHaveLength(1);
  });

  it('a message commits without waiting for the disk, and only its own transaction does', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    // One connection throughout, so what its session keeps afterwards is seen.
    const client = await t.ctx.database.pool.connect();
    try {
      const db = drizzle(client, { schema, casing: 'snake_case' });
      const setting = async () =>
        (await client.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0]!
          .synchronous_commit;
      const message = (body: string) => ({
        customerId: alice.user.id,
        senderId: alice.user.id,
        receiverId: admin.user.id,
        fromAdmin: false,
        body,
        files: [],
        notification: {
          type: 'chat_message' as const,
          message: 'New message',
          sender_id: alice.user.id,
          to_team: true,
        },
        counterpart: { id: admin.user.id, role: 'admin' as const },
      });
      expect(await setting()).toBe('on');

      // Alone, the statement is its own transaction: the setting ends with it.
      await writeMessage(db, message('alone'));
      expect(await setting()).toBe('on');

      // Joined to a transaction (attachments, the reply mail), it holds for the whole of it, then ends.
      await client.query('begin');
      await writeMessage(db, message('in a transaction'));
      expect(await setting()).toBe('off');
      await client.query('commit');
      expect(await setting()).toBe('on');
    } finally {
      client.release();
    }
    const stored = await t.ctx.database.db.execute<{ body: string }>(
      sql`select body from messages order by id`,
    );
    expect(stored.rows.map((r) => r.body)).toEqual(['alone', 'in a transaction']);
  });

  it('search-users finds customers by name or e-mail, for admins only', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app, 'alice.walker@example.com');
    await registerCustomer(t.app, 'bob.stone@example.com');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/search-users?query=walker',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().users).toEqual([{ id: alice.user.id, name: expect.any(String), photo_url: null }]);
    // Admins are not customers to chat with.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/search-users?query=${encodeURIComponent(admin.email)}`,
          headers: bearer(admin.token),
        })
      ).json().users,
    ).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/search-users?query=a', headers: bearer(alice.token) }))
        .statusCode,
    ).toBe(403);
    // An admin can open an empty conversation with any customer found that way.
    const open = (
      await t.app.inject({
        method: 'GET',
        url: `/api/messages/${alice.user.id}`,
        headers: bearer(admin.token),
      })
    ).json();
    expect(open).toMatchObject({ messages: [], has_more: false, user: { id: alice.user.id } });
  });
});
