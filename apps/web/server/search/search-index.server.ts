/**
 * Site search's indexes (issues 24 and 31), one per language (language-index.server.ts), kept
 * fresh without crawling the API again and again, and built once per instance:
 * - **Saved and shared.** The index is saved (search-store.server.ts) and every process of the
 *   instance loads the saved one; one process at a time (the store's lock) reads the API and
 *   saves, the others load what it saved (they look for a newer one at most once a second).
 * - **Refreshed incrementally.** Once CACHE_TTL_MS old, the lock's holder reads the lists
 *   again and an item's own page only when the item is new or its row in the list changed;
 *   items no longer listed are dropped. With nothing changed, a refresh reads the lists alone.
 * - **Purged by document.** A purge of an item's page re-reads that page only, in each process;
 *   a purge of anything else refreshes as above.
 * - **No visitor waits for a crawl.** Until a process has an index (its own, or the last one
 *   saved), a search gets SearchPreparing (the page answers 503 with Retry-After) while the
 *   first build runs. A failed refresh keeps the last index and is retried after a back-off.
 */
import { type Language, languages } from "@site/contract";
import { mapLimit } from "@site/contract/concurrency";
import { languageOfPath } from "../../app/shared/page-table.ts";
import { NO_ANSWER_RETRY_MS, reloadWaitMs } from "../content/cache.server.ts";
import { BULK_READ_CONCURRENCY } from "../content/paged.server.ts";
import { InFlight } from "../in-flight.ts";
import { type Logger, loggerFor, reasonOf } from "../log.server.ts";
import { timeSearchBuild, watchSearchIndex } from "../operations/metrics.server.ts";
import { LanguageIndex, type SearchDocument } from "./language-index.server.ts";
import type { Listing, Listings, SiteItem } from "./search-documents.server.ts";
import type { SearchStore } from "./search-store.server.ts";

/** Thrown while a language has no index yet: its first build is under way. */
export class SearchPreparing extends Error {
  /** Seconds to wait before asking again. */
  readonly retryAfterS: number;
  constructor(retryAfterS = 5) {
    super("search is being prepared");
    this.retryAfterS = retryAfterS;
  }
}

/** How a SiteSearch reads the API (search-documents.server.ts, bound to one API client). */
export interface SearchSource {
  listings(lang: Language): Promise<Listings>;
  /** An item's document (its page read); undefined when it is gone. */
  document(
    lang: Language,
    item: Pick<Listing, "page" | "id"> & { row?: Listing["row"] },
  ): Promise<SearchDocument | undefined>;
  /** The item a site path names, if it is one. */
  itemAt(path: string): SiteItem | undefined;
}

export interface SiteSearchOptions {
  source: SearchSource;
  store: SearchStore;
  /** How long an index stays fresh: the API answers' lifetime. */
  ttlMs: number;
  now?: () => number;
  logger?: Logger;
  /** Called when a language's index changes (a refresh, a purge's re-read, another's save):
   * search results made from the old one are out of date (site-context.server.ts). */
  onChange?: (lang: Language) => void;
}

/** What a process holds of one language. */
interface Held {
  index: LanguageIndex;
  fingerprints: Map<string, string>;
  /** When its lists were read. */
  builtAt: number;
  /** The store's stamp of the saved index it is, or was made from (0: none). */
  stamp: number;
  /** Built while some lists failed: read again after the back-off, not after the TTL. */
  partial?: boolean;
}

/** How often a process looks for an index saved by another: at most once a second. */
const CHECK_EVERY_MS = 1_000;

export class SiteSearch {
  readonly #options: Required<SiteSearchOptions>;
  readonly #held = new Map<Language, Held>();
  readonly #loading = new InFlight<Language, Held | undefined>();
  readonly #refreshing = new InFlight<Language, void>();
  /** Languages some caller wants read, not skipped when another process's index is fresh. */
  readonly #mustRead = new Set<Language>();
  readonly #checkedAt = new Map<Language, number>();
  /** After a failed refresh: when to try again. */
  readonly #retryAt = new Map<Language, { failures: number; at: number }>();
  /** Why the last build of a language without an index failed (cleared by a success). */
  readonly #failed = new Map<Language, unknown>();
  /** When each item was last re-read by a purge: a refresh begun before keeps that read. */
  readonly #purgedAt = new Map<string, number>();

  constructor(options: SiteSearchOptions) {
    this.#options = {
      now: Date.now,
      logger: loggerFor("search"),
      onChange: () => undefined,
      ...options,
    };
    watchSearchIndex((lang) => {
      const held = this.#held.get(lang);
      return held && { documents: held.index.size, builtAt: held.builtAt };
    });
  }

  /**
   * The index of a language: the one held (refreshed in the background once stale, or
   * replaced by a newer one another process saved), else the last one saved. Throws
   * SearchPreparing when there is none yet: its build is started, no one waits for it.
   */
  async index(lang: Language): Promise<LanguageIndex> {
    const held = this.#held.get(lang) ?? (await this.#loadSaved(lang));
    if (!held) {
      const retry = this.#retryAt.get(lang);
      if (!retry || this.#options.now() >= retry.at) {
        this.refresh(lang, "if-stale").catch(() => undefined);
      }
      // The API failed the last build: its error (the page's error screen), not "soon".
      const failed = this.#failed.get(lang);
      if (failed !== undefined) throw failed;
      throw new SearchPreparing();
    }
    this.#keepFresh(lang, held);
    return held.index;
  }

  /** The index held now, never waiting (suggestions): else its loading or build is started. */
  ready(lang: Language): LanguageIndex | undefined {
    this.index(lang).catch(() => undefined);
    return this.#held.get(lang)?.index;
  }

  /** Loads the saved indexes, or starts building them, in the background (at start). */
  warm(): void {
    for (const lang of languages) this.ready(lang);
  }

  /** Loads the saved index of `lang` if there is one newer than the one held. */
  #loadSaved(lang: Language): Promise<Held | undefined> {
    return this.#loading.run(lang, () =>
      this.#options.store.load(lang).then((found) => {
        const held = this.#held.get(lang);
        if (!found || (held && held.stamp >= found.stamp)) return held;
        const loaded: Held = {
          index: LanguageIndex.load(found.saved.index),
          fingerprints: new Map(found.saved.fingerprints),
          builtAt: found.saved.builtAt,
          stamp: found.stamp,
          ...(found.saved.partial && { partial: true }),
        };
        this.#held.set(lang, loaded);
        this.#options.onChange(lang);
        return loaded;
      }),
    );
  }

  /** At most once a second: a newer saved index is loaded; a stale one is refreshed. */
  #keepFresh(lang: Language, held: Held) {
    const now = this.#options.now();
    if (now - (this.#checkedAt.get(lang) ?? 0) < CHECK_EVERY_MS) return;
    this.#checkedAt.set(lang, now);
    const { store, ttlMs } = this.#options;
    store
      .stamp(lang)
      .then(async (stamp) => {
        if (stamp !== undefined && stamp > held.stamp) await this.#loadSaved(lang);
        const current = this.#held.get(lang) ?? held;
        const retry = this.#retryAt.get(lang);
        const due = current.partial || now - current.builtAt >= ttlMs;
        if (due && (!retry || now >= retry.at)) {
          await this.refresh(lang, "if-stale");
        }
      })
      .catch(() => undefined);
  }

  /**
   * Reads the lists of `lang` and the pages of new and changed items, drops items no longer
   * listed, and saves: in the process holding the store's lock only (the others load what it
   * saves). Shared by concurrent callers. `if-stale`: not when the index another process saved
   * meanwhile is fresh (it built between this one's look and its taking the lock).
   */
  refresh(lang: Language, when: "always" | "if-stale" = "always"): Promise<void> {
    // A caller that needs the lists read (a purge) makes a running refresh read them too.
    if (when === "always") this.#mustRead.add(lang);
    return this.#refreshing.run(lang, () => this.#refresh(lang));
  }

  async #refresh(lang: Language) {
    const { store, source, now, logger, ttlMs } = this.#options;
    if (!(await store.lock(lang))) return;
    const startedAt = now();
    const timed = timeSearchBuild(lang);
    try {
      // Another process may have saved since this one looked.
      const held = (await this.#loadSaved(lang)) ?? this.#held.get(lang);
      const mustRead = this.#mustRead.delete(lang);
      if (!mustRead && held && !held.partial && startedAt - held.builtAt < ttlMs) return;
      const { items, singles, incomplete } = await source.listings(lang);
      // A list failed: the index held is kept, as when the API fails; with none yet, searches
      // get one of what the other lists hold rather than an error, completed when it answers.
      if (incomplete && held && !held.partial) throw incomplete.error;
      const changed = items.filter(
        (item) => !held || held.fingerprints.get(item.href) !== item.fingerprint,
      );
      const read = await mapLimit(changed, BULK_READ_CONCURRENCY, async (item) => {
        return { item, document: await source.document(lang, item) };
      });
      const listed = new Set([...items.map((item) => item.href), ...singles.map((d) => d.href)]);
      // A purge after this refresh began read a newer page than this refresh may have.
      const purgedSince = (href: string) =>
        (this.#purgedAt.get(href) ?? Number.NEGATIVE_INFINITY) >= startedAt;
      let index: LanguageIndex;
      if (!held) {
        index = await LanguageIndex.build([
          ...read.flatMap(({ document }) => (document ? [document] : [])),
          ...singles,
        ]);
      } else {
        index = held.index;
        for (const document of index.documents()) {
          if (!listed.has(document.href)) index.remove(document.href);
        }
        for (const { item, document } of read) {
          if (purgedSince(item.href)) continue;
          if (document) index.put(document);
          else index.remove(item.href);
        }
        for (const single of singles) {
          const old = index.get(single.href);
          if (!old || old.title !== single.title || old.text !== single.text) index.put(single);
        }
      }
      const fingerprints = new Map(items.map((item) => [item.href, item.fingerprint]));
      const next: Held = {
        index,
        fingerprints,
        builtAt: now(),
        stamp: held?.stamp ?? 0,
        ...(incomplete && { partial: true }),
      };
      this.#held.set(lang, next);
      this.#options.onChange(lang);
      this.#failed.delete(lang);
      if (incomplete) {
        this.#backOff(lang);
        logger.warn(
          { lang, lists: incomplete.lists, reason: reasonOf(incomplete.error) },
          "search index made without the lists the API failed; read again soon",
        );
      } else this.#retryAt.delete(lang);
      next.stamp = await this.#save(lang, next);
      timed();
    } catch (error) {
      this.#backOff(lang);
      this.#failed.set(lang, error);
      if (this.#held.has(lang)) {
        logger.warn({ lang, reason: reasonOf(error) }, "keeping the last good search index");
      }
      throw error;
    } finally {
      await store.unlock(lang);
    }
  }

  /**
   * The next build of `lang` waits longer after each failed one: 2 s, 4 s... up to the TTL while
   * an index is held, whole or partial (searches are answered from it), up to
   * NO_ANSWER_RETRY_MS without one (searches fail until a build succeeds: after an outage they
   * came back minutes after the pages). A build reads every list anew, so only the one that
   * fails every search is tried that often.
   */
  #backOff(lang: Language) {
    const { now, ttlMs } = this.#options;
    const failures = (this.#retryAt.get(lang)?.failures ?? 0) + 1;
    const longest = this.#held.has(lang) ? ttlMs : NO_ANSWER_RETRY_MS;
    this.#retryAt.set(lang, { failures, at: now() + reloadWaitMs(failures, longest) });
  }

  #save(lang: Language, held: Held): Promise<number> {
    return this.#options.store.save({
      lang,
      builtAt: held.builtAt,
      fingerprints: [...held.fingerprints],
      index: held.index.toJSON(),
      ...(held.partial && { partial: true }),
    });
  }

  /**
   * After a purge of `paths` (all when undefined): an item's page is read again at once in
   * this process, and saved if this process can take the lock; anything else refreshes the
   * language (the lists, and the pages of items that changed).
   */
  async purged(paths?: readonly string[]): Promise<void> {
    const { source, store } = this.#options;
    const items = (paths ?? []).map((path) => source.itemAt(path));
    const langs = new Set<Language>(languages);
    const refreshed = new Set<Language>();
    if (paths) {
      langs.clear();
      paths.forEach((path, i) => {
        const lang = items[i]?.lang ?? languageOfPath(path);
        if (!lang) return;
        if (!items[i]) refreshed.add(lang);
        langs.add(lang);
      });
    } else {
      for (const lang of langs) refreshed.add(lang);
    }
    await Promise.all(
      [...langs].map(async (lang) => {
        const held = this.#held.get(lang);
        if (!held) return;
        if (refreshed.has(lang)) {
          await this.refresh(lang).catch(() => undefined);
          return;
        }
        const own = items.filter((item) => item?.lang === lang);
        const read = await Promise.all(
          own.map(async (item) => {
            if (!item) return;
            const document = await source.document(lang, item);
            this.#purgedAt.set(item.href, this.#options.now());
            return { item, document };
          }),
        ).catch(() => []);
        for (const each of read) {
          if (!each) continue;
          const current = this.#held.get(lang)?.index ?? held.index;
          if (each.document) current.put(each.document);
          else current.remove(each.item.href);
        }
        if (read.some(Boolean)) this.#options.onChange(lang);
        if (await store.lock(lang)) {
          try {
            const latest = this.#held.get(lang) ?? held;
            latest.stamp = await this.#save(lang, latest);
          } finally {
            await store.unlock(lang);
          }
        }
      }),
    );
  }
}
