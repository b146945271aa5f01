import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_MESSAGES, REALTIME_ERRORS } from '@shop/contracts';
import { testAdmin, testCustomer } from '../test/accounts';
import { realtime } from './realtime-client';
import { registerNavigator, SESSION_ENDED } from './navigation';
import { adminSession, customerSession } from './sessions';
import { clearToasts, getToasts } from './toast';

type Listener = (...args: unknown[]) => void;

/** A Socket.IO client socket the test drives: it plays the server's side (connect, events, drops). */
class FakeSocket {
  readonly handlers = new Map<string, Set<Listener>>();
  readonly anyHandlers = new Set<Listener>();
  connected = false;
  disconnected = false;
  /** Whether it connects (or tries to): from its creation until it is disconnected or its handshake refused. */
  active = true;
  constructor(readonly options: { auth: (cb: (data: { token: string }) => void) => void }) {}
  on(event: string, handler: Listener) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }
  once(event: string, handler: Listener) {
    const once: Listener = (...args) => {
      this.handlers.get(event)?.delete(once);
      handler(...args);
    };
    return this.on(event, once);
  }
  onAny(handler: Listener) {
    this.anyHandlers.add(handler);
    return this;
  }
  offAny() {
    this.anyHandlers.clear();
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  emit() {
    return this;
  }
  disconnect() {
    this.disconnected = true;
    this.connected = false;
    this.active = false;
    return this;
  }
  /** How many times the client asked to connect again by itself. */
  reconnects = 0;
  connect() {
    this.reconnects += 1;
    return this;
  }
  /** The handshake's token, as the server would read it at this (re)connection. */
  handshakeToken(): string {
    let token = '';
    this.options.auth((data) => (token = data.token));
    return token;
  }
  serverConnects() {
    this.connected = true;
    this.handlers.get('connect')?.forEach((h) => h());
  }
  connectionDrops() {
    this.connected = false;
    this.handlers.get('disconnect')?.forEach((h) => h('transport close'));
  }
  /** The server closes the socket (its session ended elsewhere, the account was deactivated…). */
  serverEnds() {
    this.connected = false;
    this.handlers.get('disconnect')?.forEach((h) => h('io server disconnect'));
  }
  /** The server refuses the handshake with this message (`connect_error`). */
  serverRefuses(message: string) {
    // A handshake refused by the server's middleware is not retried by Socket.IO.
    this.active = false;
    this.handlers.get('connect_error')?.forEach((h) => h(new Error(message)));
  }
  serverSends(event: string, ...args: unknown[]) {
    this.handlers.get(event)?.forEach((h) => h(...args));
    this.anyHandlers.forEach((h) => h(event, ...args));
  }
}

const sockets = vi.hoisted(() => [] as unknown[]);
vi.mock('socket.io-client', () => ({
  io: (options: ConstructorParameters<typeof FakeSocket>[0]) => {
    const socket = new FakeSocket(options);
    sockets.push(socket);
    return socket;
  },
}));
const latest = () => sockets[sockets.length - 1] as FakeSocket;

const releases: (() => void)[] = [];
afterEach(async () => {
  releases.splice(0).forEach((release) => release());
  customerSession.clear();
  adminSession.clear();
  await Promise.resolve();
  sockets.length = 0;
  clearToasts();
});

describe('realtime client', () => {
  it('keeps its listeners and the presence across a dropped connection and the reconnect', async () => {
    customerSession.signIn('customer-token', testCustomer);
    releases.push(realtime.acquire('customer'));
    const socket = latest();
    expect(socket.handshakeToken()).toBe('customer-token');
    const got: unknown[] = [];
    releases.push(realtime.on('notification', (payload) => got.push(payload)));

    socket.serverConnects();
    expect(realtime.isConnected()).toBe(true);
    socket.serverSends('presence:here', [2]);
    expect([...realtime.onlineUsers()]).toEqual([2]);

    socket.connectionDrops();
    expect(realtime.isConnected()).toBe(false);
    // Nobody is known to be online while the connection is down.
    expect(realtime.onlineUsers().size).toBe(0);

    socket.serverConnects();
    socket.serverSends('presence:here', [2]);
    socket.serverSends('notification', { unread_count: 4 });
    expect(realtime.isConnected()).toBe(true);
    expect([...realtime.onlineUsers()]).toEqual([2]);
    expect(got).toEqual([{ unread_count: 4 }]);
    // The same socket reconnected: no second connection was opened.
    expect(sockets).toHaveLength(1);
  });

  it('tells its reconnect listeners when the connection comes back after a drop, not at the first connection', () => {
    customerSession.signIn('customer-token', testCustomer);
    releases.push(realtime.acquire('customer'));
    const socket = latest();
    let reconnects = 0;
    const stop = realtime.onReconnect(() => (reconnects += 1));

    socket.serverConnects();
    expect(reconnects).toBe(0);
    socket.connectionDrops();
    socket.serverConnects();
    expect(reconnects).toBe(1);

    stop();
    socket.connectionDrops();
    socket.serverConnects();
    expect(reconnects).toBe(1);
  });

  it('reads the token at every handshake, and connects anew when the session changes', async () => {
    customerSession.signIn('first-token', testCustomer);
    releases.push(realtime.acquire('customer'));
    const first = latest();
    first.serverConnects();

    customerSession.signIn('second-token', testCustomer);
    expect(first.disconnected).toBe(true);
    expect(latest()).not.toBe(first);
    expect(latest().handshakeToken()).toBe('second-token');

    // Signed out while its handshake is under way: closed once the handshake ends (closing a WebSocket during it
    // makes the browser warn), and never counted as connected.
    const second = latest();
    customerSession.clear();
    expect(second.disconnected).toBe(false);
    expect(realtime.isConnected()).toBe(false);
    second.serverConnects();
    expect(second.disconnected).toBe(true);
    expect(realtime.isConnected()).toBe(false);
  });

  it("connects the back-office with the admin's token, even with a customer signed in too", () => {
    customerSession.signIn('customer-token', testCustomer);
    adminSession.signIn('admin-token', testAdmin);
    releases.push(realtime.acquire('admin'));
    expect(latest().handshakeToken()).toBe('admin-token');
  });

  it('asks once more after the server ends the socket; a refused handshake ends the session and opens the login', () => {
    const navigate = vi.fn();
    registerNavigator(navigate);
    customerSession.signIn('customer-token', testCustomer);
    releases.push(realtime.acquire('customer'));
    const socket = latest();
    socket.serverConnects();

    // A dropped connection is Socket.IO's own to retry; a socket the server ended is asked for once, by the client.
    socket.connectionDrops();
    expect(socket.reconnects).toBe(0);
    socket.serverEnds();
    expect(socket.reconnects).toBe(1);
    expect(realtime.isConnected()).toBe(false);

    // Too many tabs is no reason to end the session.
    socket.serverRefuses(REALTIME_ERRORS.tooManyConnections);
    expect(customerSession.getState().token).toBe('customer-token');
    expect(navigate).not.toHaveBeenCalled();

    // The session ended elsewhere: the handshake's refusal says so, and the customer is sent to log in.
    socket.serverRefuses(REALTIME_ERRORS.unauthenticated);
    expect(customerSession.getState().token).toBeNull();
    expect(getToasts().map((t) => t.message)).toEqual([CUSTOMER_MESSAGES.sessionExpired]);
    expect(navigate).toHaveBeenCalledWith('/login', { state: SESSION_ENDED });
    expect(socket.disconnected).toBe(true);
  });
});
