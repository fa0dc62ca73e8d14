/**
 * Settings, parsed once at start from the environment with a schema (server/serve.ts and
 * dev.ts), then handed to the site (site-context.server.ts) and through it to every request. A wrong
 * value stops the start with one readable line. Nothing else reads `process.env`.
 */
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://localhost:4000" })
  .transform((url) => url.replace(/\/+$/, ""));

const port = z.coerce
  .number({ error: "must be a port number" })
  .int("must be a whole number")
  .min(0, "must be between 0 and 65535")
  .max(65535, "must be between 0 and 65535");

const positiveInt = z.coerce.number().int().positive();

const heapMode = z.enum(["size", "speed"]).default("size");
const logLevel = z
  .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
  .default("info");

const settingsSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /**
   * The company's content API, the only backend the site knows (`npm start` at the repository
   * root runs the reference API as a process of its own and sets this).
   */
  API_BASE_URL: z
    .url({
      protocol: /^https?$/,
      error: (issue) =>
        issue.input === undefined
          ? "is not set: the company's content API, e.g. https://admin.example.com (`npm start` at the repository root starts the reference API and sets it)"
          : "must be an http(s) URL such as http://localhost:4000",
    })
    .transform((url) => url.replace(/\/+$/, "")),
  /**
   * Where browsers load media (`/storage/...`) from. Default: the API itself. `/` means this
   * site, which then proxies `/storage` to the API (how `npm start` serves the reference API,
   * which listens on loopback only).
   */
  MEDIA_BASE_URL: z.union([z.literal("/"), httpUrl]).optional(),
  /** Public origin of the site, for canonical URLs and social cards. */
  SITE_URL: httpUrl.default("https://www.arkan-contracting.example"),
  API_TIMEOUT_MS: positiveInt.default(20_000),
  /** Content API requests one process has in flight at once (api-client.server.ts `maxRequests`). */
  API_MAX_REQUESTS: positiveInt.default(32),
  /**
   * The longest a page waits for a block it can do without (the menus' and footer's lists, a
   * home strip) before it is rendered without it; the answer still fills the cache.
   */
  OPTIONAL_CONTENT_WAIT_MS: positiveInt.default(3_000),
  CACHE_TTL_MS: positiveInt.default(300_000),
  /**
   * How old an API answer may be and still be served at once while it is refreshed; past it
   * the page waits for the API (the old answer only if the API fails). One hour.
   */
  CACHE_STALE_MAX_MS: positiveInt.default(3_600_000),
  CACHE_MAX_ENTRIES: positiveInt.default(500),
  /** Memory for rendered pages (page-cache.server.ts); 0 turns the page cache off. */
  PAGE_CACHE_MAX_MB: z.coerce.number().min(0).default(64),
  /** The build to serve, relative to apps/web (react-router.config.ts builds there too). */
  BUILD_DIR: z.string().min(1).default("build"),
  /** The company the site speaks for: name, descriptions, logo, share image (docs/deploying.md). */
  COMPANY_FILE: z.string().min(1).default("apps/web/company.json"),
  /** Where the image endpoint keeps the sizes it made (server/images/image-endpoint.ts). */
  IMAGE_CACHE_DIR: z.string().min(1).default("data/image-cache"),
  /** Disk the resized images may take; past it the least recently used are deleted. */
  IMAGE_CACHE_MAX_MB: z.coerce.number().positive().default(512),
  /** Memory libvips may keep of decoded images between encodes (results are kept on disk). */
  IMAGE_MEMORY_MB: z.coerce.number().min(0).default(16),
  /** The last good answer of each API request, so a restart during an outage still serves. */
  ANSWER_STORE_PATH: z.string().min(1).default("data/answers.sqlite"),
  /**
   * Where site search saves its indexes, shared by the processes of this instance (default:
   * `search/` beside ANSWER_STORE_PATH).
   */
  SEARCH_INDEX_DIR: z.string().min(1).optional(),
  /** Days a stored answer may be served from during an outage; older ones are deleted. */
  ANSWER_STORE_MAX_AGE_DAYS: positiveInt.default(30),
  /** Durable outbox for contact messages the API could not take yet. */
  OUTBOX_DATABASE_PATH: z.string().min(1).default("data/outbox.sqlite"),
  /** Contact messages one visitor may send per 10 minutes, counted by the website. */
  CONTACT_RATE_LIMIT: positiveInt.default(5),
  /** Searches one visitor may have rendered (not answered from the page cache) per 10 s. */
  SEARCH_RATE_LIMIT: positiveInt.default(20),
  /**
   * Documents the site search indexes per language, at most (its memory: 1.5 to 3 MB a thousand);
   * past it the oldest news are left out.
   */
  SEARCH_MAX_DOCUMENTS: positiveInt.default(10_000),
  /** Results on one page of the site search (and so in one page-cache entry). */
  SEARCH_PAGE_SIZE: z.coerce.number().int().min(1).max(50).default(10),
  /** A contact form sent back sooner than this after it was shown (signed time) is a bot's. */
  CONTACT_MIN_FILL_MS: z.coerce.number().int().min(0).default(3_000),
  /**
   * The longest a visitor's contact message waits for the API before it goes to the outbox,
   * which sends it with the key API.md dedupes by. Under the 10 s a stopping process gives the
   * requests in flight (shutdown.ts): a restart while the API is slow cannot cut a send short
   * before the message is on disk.
   */
  CONTACT_SEND_WAIT_MS: z.coerce.number().int().min(500).max(8_000).default(5_000),
  /** Outbox retries: the first after OUTBOX_RETRY_BASE_MS, doubling up to OUTBOX_RETRY_MAX_MS. */
  OUTBOX_RETRY_BASE_MS: positiveInt.default(5_000),
  OUTBOX_RETRY_MAX_MS: positiveInt.default(600_000),
  /** Days a delivered contact message stays in the outbox before it is deleted. */
  OUTBOX_KEEP_DELIVERED_DAYS: positiveInt.default(30),
  /** Days a held contact message (personal data) is kept for review, then deleted. */
  OUTBOX_KEEP_UNSENT_DAYS: positiveInt.default(90),
  /**
   * Most contact messages the outbox keeps waiting for the API or held for a person (at their
   * longest 5.5 KB in Latin letters, 11 KB in Arabic): past it a new message is refused and its
   * visitor told to try again. Messages the spam checks doubted may fill half of it.
   */
  OUTBOX_MAX_MESSAGES: positiveInt.default(10_000),
  /** How often the outbox worker looks for messages due for delivery. */
  OUTBOX_POLL_MS: positiveInt.default(2_000),
  /**
   * Redis (or Valkey) shared by every process and instance: purges, the contact rate limit,
   * the last good API answers. Unset: each machine keeps its own (docs/deploying.md "Scaling out").
   */
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" })
    .optional(),
  /** Prefix of the site's keys and channels in Redis, so several sites can share one. */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default("site:"),
  /** Server processes sharing the port (one per CPU core: `auto`); their primary relays purges. */
  WORKERS: z
    .union([z.literal("auto"), z.coerce.number().int().min(1).max(64)])
    .default(1)
    .transform((value) => (value === "auto" ? availableParallelism() : value)),
  /** Lowest level of the JSON log lines written (log.server.ts): `debug` shows more, `warn` less. */
  LOG_LEVEL: logLevel,
  /**
   * How V8 sizes the heap (start.ts): `size` keeps it near what it holds (a burst of uncached
   * renders no longer leaves hundreds of MB behind); `speed` lets it grow to four times that,
   * for faster uncached renders. Pages from the page cache are as fast either way.
   */
  HEAP_MODE: heapMode,
  /**
   * Port of the Prometheus metrics (`GET /metrics`, operations/metrics.server.ts), on a listener of
   * its own: one scrape covers every server process. Unset: no metrics listener.
   */
  METRICS_PORT: port.optional(),
  /** Address the metrics listener binds: loopback unless the scraper runs on another machine. */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /**
   * OpenTelemetry collector (OTLP over HTTP, e.g. http://localhost:4318): with it, each request,
   * its loaders and its content API calls are traced (operations/tracing.server.ts). Unset: no
   * OpenTelemetry module is loaded at all.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  /** One line per request on stdout (method, path, status, time). */
  ACCESS_LOG: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  /**
   * Signs the contact form's fill-time token; the same on every instance, so a form shown by
   * one and sent to another is still judged. Unset: random per machine (shared by its workers).
   */
  FORM_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /** Shared secret of the purge webhook (`POST /purge`); unset: the webhook is off. */
  PURGE_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /**
   * Shared HTTP caches in front of the site (Varnish with deploy/varnish.vcl), comma-separated
   * base URLs: each purge is passed on to them (scale-out/http-caches.server.ts).
   */
  PURGE_HTTP_CACHES: z
    .string()
    .default("")
    .transform((value, context): string[] => {
      const urls = value
        .split(",")
        .map((part) => part.trim().replace(/\/+$/, ""))
        .filter(Boolean);
      for (const url of urls) {
        if (!httpUrl.safeParse(url).success) {
          context.addIssue({
            code: "custom",
            message: "must be http(s) URLs of caches, comma-separated",
          });
          return z.NEVER;
        }
      }
      return urls;
    }),
  /**
   * Which proxies in front may say who the visitor is (X-Forwarded-For): `false` none; a
   * number of hops (`1`: one reverse proxy; `true` means 1); or the proxies' addresses or
   * subnets, comma-separated. Never "every hop": a visitor could then choose their address.
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, context): false | number | string[] => {
      const text = value.trim().toLowerCase();
      if (text === "false" || text === "0") return false;
      if (text === "true") return 1;
      if (/^\d+$/.test(text)) return Number(text);
      const addresses = text.split(",").map((part) => part.trim());
      if (addresses.every((part) => /^[\d.:a-f]+(\/\d{1,3})?$/.test(part))) return addresses;
      context.addIssue({
        code: "custom",
        message: "must be false, a number of proxies, or their addresses (comma-separated)",
      });
      return z.NEVER;
    }),
});

/** The settings, with the defaults that follow from other settings filled in. */
const settingsWithDerived = settingsSchema.transform((settings) => ({
  ...settings,
  SEARCH_INDEX_DIR:
    settings.SEARCH_INDEX_DIR ?? path.join(path.dirname(settings.ANSWER_STORE_PATH), "search"),
}));

export type Settings = z.infer<typeof settingsWithDerived>;

/** The environment variables the website reads (the README's settings table lists them). */
export const settingNames = Object.keys(settingsSchema.shape);

export class SettingsError extends Error {}

/** Parses settings; throws a SettingsError whose message is one line per wrong setting. */
export function parseSettings(env: Record<string, string | undefined>): Settings {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = settingsWithDerived.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) =>
      `${issue.path.join(".")} ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`,
  );
  throw new SettingsError(`Invalid settings: ${lines.join("; ")}`);
}

/**
 * Settings that name files or folders: relative ones mean the repository root (README),
 * whatever folder npm runs a script in.
 */
const dataPathKeys = [
  "COMPANY_FILE",
  "OUTBOX_DATABASE_PATH",
  "IMAGE_CACHE_DIR",
  "ANSWER_STORE_PATH",
  "SEARCH_INDEX_DIR",
] as const;

/** The process environment, set values only (empty means unset, as in `parseSettings`). */
function environment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

/**
 * The settings of this process; `root` anchors relative data paths (`dataPathKeys`), and
 * `defaults` apply where the environment leaves a setting unset (`npm run dev` listens on
 * loopback unless told otherwise).
 */
export function loadSettings(root: string, defaults: Record<string, string> = {}): Settings {
  const settings = parseSettings({ ...defaults, ...environment() });
  const paths = dataPathKeys.map((key) => [key, path.resolve(root, settings[key])] as const);
  return { ...settings, ...Object.fromEntries(paths) };
}

/**
 * Sets NODE_ENV to `mode` when the operator left it unset. Called by the entry scripts before
 * anything else loads: Express and React pick their builds (production: no stack traces, fast
 * rendering) from it when first imported, so it cannot wait for `loadSettings`.
 */
export function defaultMode(mode: "development" | "production"): void {
  if (!process.env.NODE_ENV) process.env.NODE_ENV = mode;
}

/**
 * OUTBOX_DATABASE_PATH alone (absolute, from `root`), for `npm run outbox`, which needs
 * no API. Throws a SettingsError like `parseSettings`.
 */
export function outboxDatabasePath(root: string): string {
  const given = environment().OUTBOX_DATABASE_PATH;
  const parsed = settingsSchema.shape.OUTBOX_DATABASE_PATH.safeParse(given);
  if (!parsed.success)
    throw new SettingsError(
      `Invalid settings: OUTBOX_DATABASE_PATH ${parsed.error.issues[0]?.message}`,
    );
  return path.resolve(root, parsed.data);
}

/** HEAP_MODE alone, for start.ts, which sets V8's flags before anything else runs. */
export function heapModeSetting(): Settings["HEAP_MODE"] {
  const parsed = heapMode.safeParse(process.env.HEAP_MODE || undefined);
  return parsed.success ? parsed.data : "size";
}

/**
 * LOG_LEVEL and NODE_ENV alone, for the logger (log.server.ts), which exists before the other
 * settings are read; a wrong LOG_LEVEL is `info` here and stops the start in `loadSettings`.
 */
export function logSettings(): { level: Settings["LOG_LEVEL"]; mode: string | undefined } {
  const level = logLevel.safeParse(process.env.LOG_LEVEL || undefined);
  return { level: level.success ? level.data : "info", mode: process.env.NODE_ENV };
}

/** BUILD_DIR alone, for the build (react-router.config.ts), which needs no other setting. */
export function buildDirectory(): string {
  return settingsSchema.shape.BUILD_DIR.parse(process.env.BUILD_DIR || undefined);
}

/** Whether browsers load media through this site (`MEDIA_BASE_URL=/`, proxied to the API). */
const mediaThroughSite = (settings: Settings) => settings.MEDIA_BASE_URL === "/";

/** Where `/storage` is proxied to: the API, when browsers load media through this site. */
export function mediaProxyTarget(settings: Settings): string | undefined {
  return mediaThroughSite(settings) ? settings.API_BASE_URL : undefined;
}

/**
 * What media URLs in pages start with: nothing (root-relative, through this site), another
 * origin (a CDN), or undefined: the API's own.
 */
export function mediaBaseUrl(settings: Settings): string | undefined {
  return mediaThroughSite(settings) ? "" : settings.MEDIA_BASE_URL;
}

/** The origins media may come from: the API's, and MEDIA_BASE_URL's when it names another. */
export function mediaOriginsOf(settings: Settings): string[] {
  const cdn = mediaThroughSite(settings) ? undefined : settings.MEDIA_BASE_URL;
  return [settings.API_BASE_URL, ...(cdn ? [cdn] : [])].map((url) => new URL(url).origin);
}
