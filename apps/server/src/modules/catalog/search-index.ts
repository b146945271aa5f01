/**
 * Each instance's in-memory index of the active products' words (postings.ts), for the storefront's searches of
 * several words or of a word being typed with its completions: it finds which products have all the words, and
 * the database only checks and ranks those ids (queries.ts, `searchParts`). Used once the catalogue has
 * SEARCH_INDEX_MIN_PRODUCTS active products; below that the GIN indexes answer quickly enough and the index is not built.
 *
 * Freshness: a build reads every active product once (in id order, in chunks); after it, the products whose
 * `updated_at` is newer than the last read (less a margin for transactions that committed late), and the ids
 * deleted since (product_deletions), are read again at most every REFRESH_MS, and at once after a back-office
 * change on this instance. Those changed products are
 * matched from their own words, never from the build's. The database checks every id against the words and the
 * product's status before it ranks it, so a product deactivated, deleted or renamed since is never answered; a new
 * or renamed product is found from the next refresh on. A build starts again when many products have changed or
 * after REBUILD_MS, and replaces the old index only when it is complete.
 */
import type { AppContext } from '../../context';
import { intersect, PostingsBuilder, type Postings } from './postings';
import * as q from './queries';

const REFRESH_MS = 2_000;
/** Changes are read again from this long before the last read, for transactions that were open across it. */
const CHANGE_MARGIN_MS = 60_000;
const REBUILD_MS = 60 * 60_000;
const REBUILD_AFTER_CHANGES = 5_000;
/** How often a catalogue below the threshold is counted again, and a failed build tried again. */
const RECHECK_MS = 10 * 60_000;
/**
 * Products read per statement while the index is built. Small on purpose: V8 learns from each place that allocates
 * whether what it makes lives long, and a chunk of 20,000 rows held while its lexemes were added taught pg's row
 * parsing (the same code every list answer runs through) that its objects survive; for the rest of the process
 * each answer's objects then went to the old generation (640 KB at every scavenge against 46 KB with chunks of
 * 1,000, and the build itself was no slower; bench/HISTORY.md, "Smaller chunks for the index build").
 */
const BUILD_CHUNK = 1_000;
/** Stemmed words remembered per instance (the same few thousand words recur in searches). */
const STEMS_KEPT = 50_000;

interface Changed {
  active: boolean;
  names: Set<string>;
  words: Set<string>;
}

interface Built {
  names: Map<string, Postings>;
  words: Map<string, Postings>;
  maxId: number;
  /** The database's clock when the build started. */
  at: Date;
  builtAtMs: number;
  buildMs: number;
}

/** Whether a lexeme is kept: words with digits (model numbers, SKUs) are searched through the database. */
const indexed = (lexeme: string) => !/\d/.test(lexeme);

export class SearchIndex {
  private built: Built | null = null;
  private building: Promise<void> | null = null;
  private changed = new Map<number, Changed>();
  private changesReadAt: Date | null = null;
  private lastRefreshMs = 0;
  private refreshing: Promise<void> | null = null;
  private stale = false;
  private checkedMs = -Infinity;
  private readonly stems = new Map<string, string[]>();

  constructor(private readonly ctx: AppContext) {}

  /** Builds the index in the background when the catalogue is large enough (and it is not built or being built). */
  start(): void {
    if (this.built || this.building || Date.now() - this.checkedMs < RECHECK_MS) return;
    this.checkedMs = Date.now();
    this.building = this.buildIfLarge()
      .catch(() => {
        // The database path answers meanwhile; the build is tried again after RECHECK_MS.
      })
      .finally(() => {
        this.building = null;
      });
  }

  /** Waits for a build started by `start` (tests and the benchmark server). */
  async whenBuilt(): Promise<boolean> {
    this.start();
    await this.building;
    return this.built !== null;
  }

  /** The built index's size (lexemes and bytes of postings) and build time, or null before it is built. */
  describe(): { lexemes: number; bytes: number; buildMs: number } | null {
    const built = this.built;
    if (!built) return null;
    let bytes = 0;
    for (const map of [built.names, built.words]) {
      for (const p of map.values()) bytes += p.bits ? p.bits.byteLength : p.ids.byteLength;
    }
    return { lexemes: built.names.size + built.words.size, bytes, buildMs: built.buildMs };
  }

  /** A back-office change on this instance: the next search reads the changes first. */
  invalidate(): void {
    this.stale = true;
  }

  /**
   * The ids of the active products whose name and SKU have every group's words (a group: any of its words), and
   * of those whose description supplies what the name lacks, each ascending and at most `limit` in all; null when
   * the index is not ready or cannot answer these words exactly (digits, a word of several lexemes).
   */
  async candidates(groups: string[][], limit: number): Promise<{ named: number[]; more: number[] } | null> {
    this.start();
    if (!this.built || groups.some((g) => g.some((w) => !indexed(w)))) return null;
    await this.refreshIfDue();
    const stemmed = await this.stem(groups);
    if (!stemmed) return null;
    if (stemmed.length === 0) return { named: [], more: [] };
    // Read together after the last await: a rebuild replaces both at once.
    const built = this.built;
    const changed = this.changed;
    const skipChanged = (id: number) => changed.has(id);
    const has = (set: Set<string>) => stemmed.every((g) => g.some((l) => set.has(l)));
    const named = intersect(built.names, stemmed, built.maxId, limit, skipChanged);
    for (const [id, c] of changed) if (c.active && has(c.names)) named.push(id);
    named.sort((a, b) => a - b);
    named.length = Math.min(named.length, limit);
    if (named.length === limit) return { named, more: [] };
    const isNamed = new Set(named);
    const more = intersect(
      built.words,
      stemmed,
      built.maxId,
      limit - named.length,
      (id) => changed.has(id) || isNamed.has(id),
    );
    for (const [id, c] of changed) if (c.active && !has(c.names) && has(c.words)) more.push(id);
    more.sort((a, b) => a - b);
    more.length = Math.min(more.length, limit - named.length);
    return { named, more };
  }

  /** The groups as lexemes (stop words left out, as to_tsquery does); null when a word stems to several lexemes. */
  private async stem(groups: string[][]): Promise<string[][] | null> {
    const missing = [...new Set(groups.flat())].filter((w) => !this.stems.has(w));
    if (missing.length) {
      const found = await q.selectLexemes(this.ctx.database.db, missing);
      if (this.stems.size + missing.length > STEMS_KEPT) this.stems.clear();
      for (const w of missing) this.stems.set(w, found.get(w) ?? []);
    }
    const stemmed: string[][] = [];
    for (const group of groups) {
      const lexemes: string[] = [];
      for (const w of group) {
        const l = this.stems.get(w)!;
        if (l.length > 1) return null;
        if (l.length === 1) lexemes.push(l[0]!);
      }
      if (lexemes.length) stemmed.push(lexemes);
    }
    return stemmed;
  }

  private async buildIfLarge(): Promise<void> {
    const db = this.ctx.database.db;
    if ((await q.countProducts(db, {})) < this.ctx.config.searchIndexMinProducts) return;
    const started = Date.now();
    const { at, maxId } = await q.selectIndexStart(db);
    const names = new PostingsBuilder(maxId);
    const words = new PostingsBuilder(maxId);
    for (let after = 0; after < maxId;) {
      const rows = await q.selectIndexedProducts(db, after, maxId, BUILD_CHUNK);
      if (rows.length === 0) break;
      for (const row of rows) {
        for (const l of row.names) if (indexed(l)) names.add(row.id, l);
        for (const l of row.words) if (indexed(l)) words.add(row.id, l);
      }
      after = rows.at(-1)!.id;
    }
    const done = Date.now();
    this.built = {
      names: names.build(),
      words: words.build(),
      maxId,
      at,
      builtAtMs: done,
      buildMs: done - started,
    };
    this.changed = new Map();
    this.changesReadAt = at;
    this.lastRefreshMs = 0;
  }

  private async refreshIfDue(): Promise<void> {
    if (!this.stale && Date.now() - this.lastRefreshMs < REFRESH_MS) return;
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = null;
    });
    await this.refreshing;
  }

  private async refresh(): Promise<void> {
    const since = this.changesReadAt;
    if (!since) return;
    this.stale = false;
    const { at, products, deleted } = await q.selectChangedProducts(
      this.ctx.database.db,
      new Date(since.getTime() - CHANGE_MARGIN_MS),
    );
    // A deleted product (on any instance) is no candidate any more: it would take the place of one that matches.
    for (const id of deleted) this.changed.set(id, { active: false, names: new Set(), words: new Set() });
    for (const p of products) {
      this.changed.set(p.id, {
        active: p.status,
        names: new Set(p.names.filter(indexed)),
        words: new Set(p.words.filter(indexed)),
      });
    }
    this.changesReadAt = at;
    this.lastRefreshMs = Date.now();
    const built = this.built;
    if (
      built &&
      !this.building &&
      (this.changed.size > REBUILD_AFTER_CHANGES || Date.now() - built.builtAtMs > REBUILD_MS)
    ) {
      // Rebuilt in the background; the current index keeps answering until the new one is complete.
      this.building = this.rebuild()
        .catch(() => {
          // The current index and its changes stay in use; the next refresh tries again.
        })
        .finally(() => {
          this.building = null;
        });
    }
  }

  private async rebuild(): Promise<void> {
    const next = new SearchIndex(this.ctx);
    await next.buildIfLarge();
    if (!next.built) return;
    this.built = next.built;
    this.changed = new Map();
    // The changes made while it was read are read again at the next search.
    this.changesReadAt = next.built.at;
    this.stale = true;
  }
}

const indexes = new WeakMap<AppContext, SearchIndex>();

/** The search index of a running app (tests build several apps in one process). */
export function searchIndexOf(ctx: AppContext): SearchIndex {
  let index = indexes.get(ctx);
  if (!index) {
    index = new SearchIndex(ctx);
    indexes.set(ctx, index);
  }
  return index;
}
