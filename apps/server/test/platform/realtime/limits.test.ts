import { afterEach, describe, expect, it } from 'vitest';
import { REALTIME_ERRORS } from '@shop/contracts';
import { createAdmin, registerCustomer } from '../../support/http';
import { connect, drained, listen, record, until, type ClientSocket } from '../../support/realtime';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let url: string;
const sockets: ClientSocket[] = [];
const open = async (token: string) => {
  const s = await connect(url, token);
  sockets.push(s);
  return s;
};

async function start(env: Record<string, string>) {
  t = await createTestApp({ env });
  url = await listen(t.app);
}
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await t.close();
});

describe('realtime limits', () => {
  it('a flood of client events is cut to the allowance, not relayed whole', async () => {
    await start({ REALTIME_EVENTS_PER_10_SECONDS: '5' });
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    const ad = await open(admin.token);
    const al = await open(alice.token);
    const relayed = record(ad, 'typing');
    // The server's end of the flooding connection counts what it received: all 500 are in once it has seen them.
    const server = [...t.app.realtime.io.of('/').sockets.values()].find(
      (s) => s.data.userId === alice.user.id,
    )!;
    let received = 0;
    server.conn.on('packet', (p: { type: string }) => {
      if (p.type === 'message') received++;
    });
    for (let i = 0; i < 500; i++) al.emit('typing', { isTyping: i % 2 === 0 });
    await until(() => received === 500, 5_000);
    // Each received packet is limited and relayed within the same turn of the event loop: one more turn later,
    // everything relayed has been sent to the admin, and the barrier on the admin's socket arrives after it.
    await new Promise((r) => setImmediate(r));
    await drained(t.app, ad);
    expect(relayed).toHaveLength(5);
  });

  it('caps the open sockets of one user, parallel handshakes included; other users are not held back', async () => {
    await start({ REALTIME_MAX_SOCKETS_PER_USER: '3' });
    const alice = await registerCustomer(t.app);
    const bob = await registerCustomer(t.app);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => open(alice.token)));
    const opened = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(opened).toHaveLength(3);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect((r.reason as Error).message).toBe(REALTIME_ERRORS.tooManyConnections);
    expect((await open(bob.token)).connected).toBe(true);

    // A closed socket frees its place.
    (opened[0] as PromiseFulfilledResult<ClientSocket>).value.close();
    const io = t.app.realtime.io;
    await until(
      () => [...io.of('/').sockets.values()].filter((s) => s.data.userId === alice.user.id).length === 2,
    );
    expect((await open(alice.token)).connected).toBe(true);
    await expect(open(alice.token)).rejects.toThrow(REALTIME_ERRORS.tooManyConnections);
  });

  it('closes an engine.io session that does not authenticate within the deadline', async () => {
    await start({ REALTIME_AUTH_TIMEOUT_SECONDS: '1' });
    // A raw engine.io handshake (long-polling), as a client that never sends a session token would open.
    const handshake = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
    expect(handshake.status).toBe(200);
    const sid = (JSON.parse((await handshake.text()).slice(1)) as { sid: string }).sid;
    expect(t.app.realtime.io.engine.clientsCount).toBe(1);
    // The pending poll is answered when the server closes the session (close packet "1" or a noop).
    const poll = await fetch(`${url}/socket.io/?EIO=4&transport=polling&sid=${sid}`);
    expect(poll.status).toBe(200);
    await poll.text();
    await until(() => t.app.realtime.io.engine.clientsCount === 0);
    const after = await fetch(`${url}/socket.io/?EIO=4&transport=polling&sid=${sid}`);
    expect(after.status).toBe(400);
  });

  it('refuses an address opening new engine.io sessions faster than its allowance (403), not its neighbours', async () => {
    await start({ TRUST_PROXY: '1', REALTIME_HANDSHAKES_PER_MINUTE: '3' });
    const handshake = (from: string) =>
      fetch(`${url}/socket.io/?EIO=4&transport=polling`, { headers: { 'x-forwarded-for': from } });
    for (let i = 0; i < 3; i++) expect((await handshake('198.51.100.70')).status).toBe(200);
    expect((await handshake('198.51.100.70')).status).toBe(403);
    expect((await handshake('198.51.100.71')).status).toBe(200);
  });
});
