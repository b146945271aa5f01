import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { connectDatabase, ensureDatabase } from '../apps/server/src/db/connection';
import { runMigrations } from '../apps/server/src/db/migrate';
import { PlatformHub } from '../apps/server/src/platform/events';
import { LocalDiskStorage } from '../apps/server/src/platform/files/storage';
import { DEFAULT_LIMITS, RateLimits } from '../apps/server/src/platform/rate-limit';
import { createAdmin } from '../apps/server/src/modules/accounts/service';
import pg from 'pg';

const name = 'shop_prof_' + Date.now();
await ensureDatabase('postgres://postgres@127.0.0.1:5432/postgres', name);
const url = `postgres://postgres@127.0.0.1:5432/${name}`;
const database = connectDatabase(url);
await runMigrations(database);
const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/x/prof/data', DATABASE_URL: url, LOG_LEVEL: 'silent' } as never);
const ctx = { config, database, storage: new LocalDiskStorage('/tmp/x/prof/data/files'), limits: new RateLimits(DEFAULT_LIMITS), hub: new PlatformHub() };
const app = await buildApp(ctx as never);
await app.ready();
for (let i = 0; i < 4; i++) await createAdmin(ctx as never, { name: 'A' + i, email: `a${i}@x.com`, password: 'Admin-Passw0rd-77' });
const login = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'a0@x.com', password: 'Admin-Passw0rd-77' } });
const reg = await app.inject({ method: 'POST', url: '/api/register', payload: { email: 'c@x.com', password: 'Correct-Horse-42', password_confirmation: 'Correct-Horse-42', terms: true } });
const ctoken = reg.json().token; const atoken = login.json().token; const cid = reg.json().user.id; const aid = login.json().admin.id;
async function send(token: string, to: number, text: string) {
  const f = new FormData(); f.append('message', text); const r = new Response(f);
  return app.inject({ method: 'POST', url: `/api/messages/${to}`, payload: Buffer.from(await r.arrayBuffer()), headers: { 'content-type': r.headers.get('content-type')!, authorization: `Bearer ${token}` } });
}
for (let i = 0; i < 50; i++) await send(ctoken, aid, 'warm' + i);
const t = performance.now();
const N = Number(process.env.N ?? 300);
for (let i = 0; i < N; i++) { const r = await send(i % 2 ? ctoken : atoken, i % 2 ? aid : cid, 'm' + i); if (r.statusCode !== 200) console.log(r.statusCode, r.body); }
console.log('ms per send', (performance.now() - t) / N);
const t2 = performance.now();
for (let i = 0; i < 200; i++) await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${ctoken}` } });
console.log('ms per GET /api/user', (performance.now() - t2) / 200);
await app.close(); await database.close();
const c = new pg.Client('postgres://postgres@127.0.0.1:5432/postgres'); await c.connect(); await c.query(`drop database ${name} with (force)`); await c.end();
process.exit(0);
