/**
 * The shared HTTP caches in front of the site (Varnish with deploy/varnish.vcl; PURGE_HTTP_CACHES
 * names them), purged after the site's own caches: a `PURGE` request to each, with the keys to
 * drop in an `xkey` header (the keys pages carry: the content keys of content-keys.server.ts
 * and each page's own path), or without one to drop everything. A cache that cannot be reached
 * is logged (component `cache`), never fatal: the purge of the site itself has happened.
 */
import { type Logger, loggerFor } from "../log.server.ts";

/** Longest a cache may take to answer a purge. */
const PURGE_TIMEOUT_MS = 5_000;

/** Keys per request: a header stays well under proxies' 8 KB limit. */
const KEYS_PER_REQUEST = 100;

export interface HttpCacheAnswer {
  cache: string;
  status: number | "unreachable";
}

/**
 * Purges `keys` (or everything, when undefined) from each cache at `caches` (base URLs),
 * at once; resolves when each has answered or failed.
 */
export async function purgeHttpCaches(
  caches: readonly string[],
  keys?: readonly string[],
  log: Logger = loggerFor("cache"),
): Promise<HttpCacheAnswer[]> {
  const batches: (string | undefined)[] = [];
  if (keys === undefined) batches.push(undefined);
  else
    for (let start = 0; start < keys.length; start += KEYS_PER_REQUEST) {
      batches.push(keys.slice(start, start + KEYS_PER_REQUEST).join(" "));
    }
  return Promise.all(
    caches.map(async (cache): Promise<HttpCacheAnswer> => {
      let status: HttpCacheAnswer["status"] = 200;
      for (const xkey of batches) {
        try {
          const answer = await fetch(`${cache}/`, {
            method: "PURGE",
            headers: xkey === undefined ? {} : { xkey },
            signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
          });
          await answer.body?.cancel();
          if (!answer.ok) status = answer.status;
        } catch {
          status = "unreachable";
        }
      }
      if (status !== 200) {
        log.error({ cache, status: String(status) }, "a shared cache did not take the purge");
      }
      return { cache, status };
    }),
  );
}
