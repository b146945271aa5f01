import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export type PresenceRole = 'admin' | 'customer';
const ROLES = ['admin', 'customer'] as const satisfies readonly PresenceRole[];

/** Counts a socket in or out of this instance's hash; answers 1 when it was the user's first or last anywhere. */
type CountCommand = (
  setKey: string,
  own: string,
  role: PresenceRole,
  userId: number,
  ttlMs: number,
) => Promise<number>;

/**
 * The Lua scripts below as commands of the Redis client (ioredis `defineCommand`): each is sent once per connection
 * with EVAL and after that by its SHA1 (EVALSHA), and sent whole again only when Redis has lost it (NOSCRIPT, after a
 * restart or SCRIPT FLUSH). KEYS[1] of each is the set of instances.
 */
interface PresenceCommands {
  presenceJoin: CountCommand;
  presenceLeave: CountCommand;
  presenceOnline(setKey: string, role: PresenceRole): Promise<string[]>;
  presenceIsOnline(setKey: string, userId: number): Promise<number>;
  presenceSockets(setKey: string, userId: number): Promise<number>;
}

function withPresenceCommands(redis: Redis): Redis & PresenceCommands {
  const scripts: Record<keyof PresenceCommands, string> = {
    presenceJoin: JOIN,
    presenceLeave: LEAVE,
    presenceOnline: ONLINE,
    presenceIsOnline: IS_ONLINE,
    presenceSockets: SOCKETS,
  };
  for (const [name, lua] of Object.entries(scripts))
    if (typeof (redis as unknown as Record<string, unknown>)[name] !== 'function')
      redis.defineCommand(name, { lua, numberOfKeys: 1 });
  return redis as Redis & PresenceCommands;
}

/**
 * Who is online, counted per user across every server instance.
 *
 * Each instance keeps its own counts in memory (the truth for its sockets) and mirrors them into Redis hashes of
 * its own (`<prefix>:instance:<id>:<role>`, userId -> sockets, expiring unless refreshed), listed in a set of
 * instances. Roles have separate hashes so a customer's "who of the team is here" never scans the customers. "First socket of a
 * user" and "last socket gone" are decided by a Lua script that looks at every live instance's hash, so they hold
 * across instances. A crashed instance's hash simply expires. Each heartbeat keeps the mirror alive (its hashes'
 * expiry renewed, not rewritten, so a heartbeat costs the same at any number of users); the mirror is rewritten
 * whole from memory on the heartbeat after a write failed or the connection was re-established, or when a hash
 * this instance should have is gone (Redis restarted or flushed, or the instance paused past the expiry), so it
 * heals after a Redis outage. While Redis is down, presence falls back to this instance alone.
 */
export class PresenceStore {
  private readonly local = { admin: new Map<number, number>(), customer: new Map<number, number>() };
  private readonly instanceKey: string;
  private readonly setKey: string;
  private heartbeat?: NodeJS.Timeout;
  private readonly redis?: Redis & PresenceCommands;
  /** Whether Redis may disagree with memory (a write failed, or was resent after a reconnection). */
  private stale = false;
  private readonly markStale = () => {
    this.stale = true;
  };

  constructor(
    redis?: Redis,
    private readonly opts: { prefix?: string; ttlMs?: number; heartbeatMs?: number } = {},
  ) {
    this.redis = redis && withPresenceCommands(redis);
    const prefix = opts.prefix ?? 'presence';
    this.setKey = `${prefix}:instances`;
    this.instanceKey = `${prefix}:instance:${randomUUID()}`;
    if (redis) {
      this.heartbeat = setInterval(() => void this.sync(), opts.heartbeatMs ?? 10_000);
      this.heartbeat.unref();
      // After a reconnection ioredis resends the commands that had no answer: one may have been applied twice.
      redis.on('ready', this.markStale);
    }
  }

  /** This instance's hash of the users of `role` (the scripts below build the same name). */
  private hashKey(role: PresenceRole) {
    return `${this.instanceKey}:${role}`;
  }

  private get ttlMs() {
    return this.opts.ttlMs ?? 30_000;
  }

  /** Counts one more socket of the user; answers whether it is the user's first socket anywhere. */
  async join(role: PresenceRole, userId: number): Promise<boolean> {
    const local = this.local[role];
    const n = (local.get(userId) ?? 0) + 1;
    local.set(userId, n);
    if (!this.redis) return n === 1;
    try {
      const first = await this.redis.presenceJoin(this.setKey, this.instanceKey, role, userId, this.ttlMs);
      return first === 1;
    } catch {
      this.stale = true;
      return n === 1;
    }
  }

  /** Counts one socket fewer; answers whether it was the user's last socket anywhere. */
  async leave(role: PresenceRole, userId: number): Promise<boolean> {
    const local = this.local[role];
    const n = Math.max(0, (local.get(userId) ?? 0) - 1);
    if (n === 0) local.delete(userId);
    else local.set(userId, n);
    if (!this.redis) return n === 0;
    try {
      const last = await this.redis.presenceLeave(this.setKey, this.instanceKey, role, userId, this.ttlMs);
      return last === 1;
    } catch {
      this.stale = true;
      return n === 0;
    }
  }

  /** The ids of the online users, of one role or of both. */
  async online(role?: PresenceRole): Promise<number[]> {
    const roles: readonly PresenceRole[] = role ? [role] : ROLES;
    const ids = new Set<number>();
    for (const r of roles) {
      let found: (number | string)[] = [...this.local[r].keys()];
      if (this.redis) {
        try {
          found = await this.redis.presenceOnline(this.setKey, r);
        } catch {
          // Redis is down: this instance's own view.
        }
      }
      for (const id of found) ids.add(Number(id));
    }
    return [...ids];
  }

  /** How many sockets the user has open on every instance (this instance's own count while Redis is down). */
  async sockets(userId: number): Promise<number> {
    const local = (this.local.admin.get(userId) ?? 0) + (this.local.customer.get(userId) ?? 0);
    if (!this.redis) return local;
    try {
      return Math.max(local, Number(await this.redis.presenceSockets(this.setKey, userId)));
    } catch {
      return local;
    }
  }

  async isOnline(userId: number): Promise<boolean> {
    if (this.local.admin.has(userId) || this.local.customer.has(userId)) return true;
    if (!this.redis) return false;
    try {
      return (await this.redis.presenceIsOnline(this.setKey, userId)) === 1;
    } catch {
      return false;
    }
  }

  /**
   * Keeps this instance's mirror alive, and rewrites it whole from memory when it may disagree with memory or a
   * hash that memory has users for is gone.
   */
  async sync(): Promise<void> {
    if (!this.redis) return;
    try {
      if (!this.stale) {
        const renewal = this.redis.multi();
        for (const role of ROLES) renewal.pexpire(this.hashKey(role), this.ttlMs);
        const renewed = await renewal.sadd(this.setKey, this.instanceKey).exec();
        // PEXPIRE answers 0 for a key that does not exist.
        if (ROLES.every((role, i) => this.local[role].size === 0 || renewed?.[i]?.[1] === 1)) return;
      }
      // Cleared before the rewrite is sent: a write failing meanwhile marks the mirror stale again.
      this.stale = false;
      const multi = this.redis.multi();
      for (const role of ROLES) {
        const key = this.hashKey(role);
        multi.del(key);
        if (this.local[role].size > 0)
          multi.hset(key, Object.fromEntries(this.local[role])).pexpire(key, this.ttlMs);
      }
      await multi.sadd(this.setKey, this.instanceKey).exec();
    } catch {
      // rewritten whole on the next heartbeat
      this.stale = true;
    }
  }

  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.redis?.off('ready', this.markStale);
    this.local.admin.clear();
    this.local.customer.clear();
    if (!this.redis) return;
    try {
      await this.redis
        .multi()
        .del(...ROLES.map((role) => this.hashKey(role)))
        .srem(this.setKey, this.instanceKey)
        .exec();
    } catch {
      // the hash expires on its own
    }
  }
}

// KEYS[1]: the set of instances (each a key base; its hashes are <base>:admin and <base>:customer).
// ARGV: own base, role, userId, ttl. An instance whose hashes have all expired is dropped from the set.
const LIVE = `
local function live(base)
  return redis.call('EXISTS', base .. ':admin') + redis.call('EXISTS', base .. ':customer') > 0
end
local function others_have(own, role, id)
  for _, base in ipairs(redis.call('SMEMBERS', KEYS[1])) do
    if base ~= own then
      if not live(base) then
        redis.call('SREM', KEYS[1], base)
      elseif redis.call('HEXISTS', base .. ':' .. role, id) == 1 then
        return true
      end
    end
  end
  return false
end
`;

const JOIN = `${LIVE}
local own, role, id, ttl = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local key = own .. ':' .. role
redis.call('SADD', KEYS[1], own)
local n = redis.call('HINCRBY', key, id, 1)
redis.call('PEXPIRE', key, ttl)
if n > 1 then return 0 end
if others_have(own, role, id) then return 0 end
return 1
`;

const LEAVE = `${LIVE}
local own, role, id, ttl = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local key = own .. ':' .. role
local n = redis.call('HINCRBY', key, id, -1)
if n <= 0 then redis.call('HDEL', key, id) end
if redis.call('EXISTS', key) == 1 then redis.call('PEXPIRE', key, ttl) end
if n > 0 then return 0 end
if others_have(own, role, id) then return 0 end
return 1
`;

// ARGV: role. The user ids present in any live instance's hash of that role.
const ONLINE = `${LIVE}
local seen, out = {}, {}
for _, base in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if not live(base) then
    redis.call('SREM', KEYS[1], base)
  else
    for _, id in ipairs(redis.call('HKEYS', base .. ':' .. ARGV[1])) do
      if not seen[id] then
        seen[id] = true
        table.insert(out, id)
      end
    end
  end
end
return out
`;

// ARGV: userId. 1 when any live instance has a socket of that user.
const IS_ONLINE = `${LIVE}
for _, base in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('HEXISTS', base .. ':admin', ARGV[1]) == 1 or redis.call('HEXISTS', base .. ':customer', ARGV[1]) == 1 then
    return 1
  end
end
return 0
`;

// ARGV: userId. The user's sockets summed over every live instance's hashes.
const SOCKETS = `
local n = 0
for _, base in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  n = n + tonumber(redis.call('HGET', base .. ':admin', ARGV[1]) or '0')
  n = n + tonumber(redis.call('HGET', base .. ':customer', ARGV[1]) or '0')
end
return n
`;
