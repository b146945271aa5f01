/**
 * The floor for bench/chat-latency.ts: a bare Socket.IO relay with the same Redis adapter, no database, no
 * validation and no notifications. `POST /api/messages/:receiverId` (multipart, as the shop takes it) emits
 * `MessageSent` to the receiver: a customer's message to every admin socket, an admin's to the customer's.
 * A token is `<user id>:<role>` (on the socket's handshake and in the Authorization header).
 *
 * Run by bench/chat-latency.ts: PORT, REDIS_URL and RELAY_KEY (the Redis channel prefix of one run).
 */
import http from 'node:http';
import { Readable } from 'node:stream';
import { createAdapter } from '@socket.io/redis-adapter';
import { jsonAdapterParser } from '../apps/server/src/platform/realtime/json-parser';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

const port = Number(process.env.PORT);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const key = process.env.RELAY_KEY ?? 'bare';

function identify(token: string | undefined): { id: number; admin: boolean } | null {
  const match = /^(\d+):(admin|user)$/.exec(token ?? '');
  return match ? { id: Number(match[1]), admin: match[2] === 'admin' } : null;
}

let nextId = 1;
const server = http.createServer((req, res) => {
  const path = /^\/api\/messages\/(\d+)$/.exec(req.url ?? '');
  const sender = identify(req.headers.authorization?.replace(/^Bearer /, ''));
  if (req.method !== 'POST' || !path || !sender) {
    res.writeHead(404).end();
    return;
  }
  const body = new Request('http://relay/', {
    method: 'POST',
    headers: { 'content-type': req.headers['content-type'] ?? '' },
    body: Readable.toWeb(req) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  body.formData().then(
    (form) => {
      const receiverId = Number(path[1]);
      const message = {
        id: nextId++,
        conversation_user_id: sender.admin ? receiverId : sender.id,
        message: String(form.get('message') ?? ''),
        sender_id: sender.id,
        receiver_id: receiverId,
        from_admin: sender.admin,
        created_at: new Date().toISOString(),
        seen: false,
        attachments: [],
        attachments_urls: [],
      };
      io.to(sender.admin ? `user.${receiverId}` : 'admins').emit('MessageSent', { message });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ message }));
    },
    () => res.writeHead(400).end(),
  );
});

const pub = new Redis(redisUrl);
const sub = pub.duplicate();
const io = new Server(server, { transports: ['websocket'], maxHttpBufferSize: 16 * 1024 });
io.adapter(createAdapter(pub, sub, { key: `socket.io:${key}`, parser: jsonAdapterParser }));
io.use((socket, next) =>
  next(
    identify((socket.handshake.auth as { token?: string }).token) ? undefined : new Error('unauthenticated'),
  ),
);
io.on('connection', (socket) => {
  const user = identify((socket.handshake.auth as { token?: string }).token)!;
  void socket.join(user.admin ? ['admins', `user.${user.id}`] : `user.${user.id}`);
});

await sub.ping();
server.listen(port, '127.0.0.1', () => console.info('ready'));
process.on('SIGTERM', () => {
  void io.close();
  pub.disconnect();
  sub.disconnect();
  server.close(() => process.exit(0));
});
