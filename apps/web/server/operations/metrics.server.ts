/**
 * The site's Prometheus metrics (prom-client): every metric is named here, and the modules that
 * count call the small functions below. With METRICS_PORT set, `GET /metrics` on its own
 * listener (METRICS_HOST, loopback by default: metrics-endpoint.server.ts) answers for the
 * whole machine: with several
 * server processes (WORKERS), the primary asks each worker for its metrics over the cluster's
 * messages and adds them up (prom-client's AggregatorRegistry), then appends its own (the
 * outbox, worker restarts), which no worker has. Decision 021 says why.
 *
 * Without METRICS_PORT nothing is counted and prom-client is not even loaded (it loads
 * `@opentelemetry/api`, for exemplars: with metrics on, that small API package is the only
 * OpenTelemetry module in the process unless tracing is on too).
 *
 * Labels take few values only (a page kind, never a raw path; an endpoint's name, never its
 * URL), so no visitor can grow the number of series.
 *
 * The server build bundles its own copy of this module beside the one server/serve.ts imports:
 * each metric is made on first use, or found in prom-client's one registry when the other copy
 * made it. A process registers only what it uses, so the primary's metrics and the workers' never
 * share a name.
 */
import { type Language, languages } from "@site/contract";
import type * as PromClient from "prom-client";
import { pageKindOf } from "./page-kind.server.ts";

type Client = typeof PromClient;
type Metric = PromClient.Metric;

interface Shared {
  /** prom-client, once METRICS_PORT started the metrics. */
  client?: Client;
  /** Gauges waiting for it (see `whenMetrics`). */
  waiting: Array<(client: Client) => void>;
}

const sharedKey = Symbol.for("arkan-site.metrics");
const holder = globalThis as { [sharedKey]?: Shared };
holder[sharedKey] ??= { waiting: [] };
const shared: Shared = holder[sharedKey];

/** Runs `register` with prom-client now if the metrics run, else once they start. */
function whenMetrics(register: (client: Client) => void) {
  if (shared.client) register(shared.client);
  else shared.waiting.push(register);
}

/** Registers, once, a gauge of one value that `read` gives at each scrape. */
function watchValue(gauge: {
  name: string;
  help: string;
  aggregator?: PromClient.Aggregator;
  read: () => number;
}) {
  const { read, ...options } = gauge;
  whenMetrics((c) => {
    if (c.register.getSingleMetric(options.name)) return;
    new c.Gauge({
      ...options,
      collect() {
        this.set(read());
      },
    });
  });
}

/**
 * Loads prom-client and makes what waited for it (METRICS_PORT; tests). Until then, and
 * without METRICS_PORT, counting costs nothing and loads nothing.
 */
export async function enableMetrics(): Promise<Client> {
  if (!shared.client) {
    shared.client = await import("prom-client");
    for (const register of shared.waiting.splice(0)) register(shared.client);
  }
  return shared.client;
}

/**
 * The metric `name`, made by `make` the first time either copy of this module asks while the
 * metrics run; undefined while they do not.
 */
function lazy<T extends Metric>(name: string, make: (client: Client) => T): () => T | undefined {
  let metric: T | undefined;
  return () => {
    const client = shared.client;
    if (!client) return undefined;
    metric ??= (client.register.getSingleMetric(name) as T | undefined) ?? make(client);
    return metric;
  };
}

/** A timer that does nothing, while the metrics do not run. */
const noTimer = () => {};

const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

// Requests --------------------------------------------------------------------------------

const httpRequests = lazy(
  "http_requests_total",
  (c) =>
    new c.Counter({
      name: "http_requests_total",
      help: "Requests answered, by page kind and status class.",
      labelNames: ["kind", "status_class"],
    }),
);
const httpDuration = lazy(
  "http_request_duration_seconds",
  (c) =>
    new c.Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by page kind and status class.",
      labelNames: ["kind", "status_class"],
      buckets: seconds,
    }),
);

/** Counts one answered request (http/requests.ts). */
export function observeRequest(pathname: string, status: number, durationSeconds: number) {
  if (!shared.client) return;
  const labels = { kind: pageKindOf(pathname), status_class: `${Math.floor(status / 100)}xx` };
  httpRequests()?.inc(labels);
  httpDuration()?.observe(labels, durationSeconds);
}

// Page cache ------------------------------------------------------------------------------

const pageCacheLookups = lazy(
  "page_cache_lookups_total",
  (c) =>
    new c.Counter({
      name: "page_cache_lookups_total",
      help: "Page cache lookups of shareable GETs: hit or miss; stale counts the misses whose page was kept but had expired.",
      labelNames: ["result"],
    }),
);

export const countPageCache = (result: "hit" | "miss" | "stale") =>
  pageCacheLookups()?.inc({ result });

// Content API ------------------------------------------------------------------------------

const apiDuration = lazy(
  "content_api_request_duration_seconds",
  (c) =>
    new c.Histogram({
      name: "content_api_request_duration_seconds",
      help: "Content API requests, by endpoint name, until the answer was read.",
      labelNames: ["endpoint"],
      buckets: seconds,
    }),
);
const apiErrors = lazy(
  "content_api_errors_total",
  (c) =>
    new c.Counter({
      name: "content_api_errors_total",
      help: "Content API requests that failed, by endpoint name and kind (unavailable, timeout, invalid).",
      labelNames: ["endpoint", "kind"],
    }),
);
const staleAnswers = lazy(
  "content_stale_answers_total",
  (c) =>
    new c.Counter({
      name: "content_stale_answers_total",
      help: "Answers served from the last good copy (memory or the answer store) because the content API failed.",
    }),
);

/** Times one content API request (api-request.server.ts); `endpoint` is a name, never a URL. */
export const timeApiRequest = (endpoint: string): (() => void) =>
  apiDuration()?.startTimer({ endpoint }) ?? noTimer;

export const countApiError = (endpoint: string, kind: "unavailable" | "timeout" | "invalid") =>
  apiErrors()?.inc({ endpoint, kind });

export const countStaleAnswer = () => staleAnswers()?.inc();

// Outbox (in the process that runs the outbox worker) ----------------------------------------

export interface OutboxGauges {
  /** Messages by state: pending, sending, delivered, held. */
  counts: Record<string, number>;
  /** Age in seconds of the oldest message waiting for delivery (0: none waits). */
  oldestWaitingSeconds: number;
  /** Most messages waiting (pending, sending, held) before a new one is refused. */
  capacity: number;
}

/** Makes the outbox gauges read `read` at each scrape (the outbox worker, once it runs). */
export function watchOutbox(read: () => OutboxGauges | undefined) {
  const reading = () => {
    try {
      return read();
    } catch {
      return undefined;
    }
  };
  whenMetrics((c) => {
    if (c.register.getSingleMetric("outbox_messages")) return;
    new c.Gauge({
      name: "outbox_messages",
      help: "Contact messages in the outbox, by state (pending and sending wait for the API; held wait for a person).",
      labelNames: ["state"],
      collect() {
        const gauges = reading();
        if (!gauges) return;
        for (const [state, count] of Object.entries(gauges.counts)) this.set({ state }, count);
      },
    });
    new c.Gauge({
      name: "outbox_oldest_waiting_age_seconds",
      help: "Age of the oldest contact message waiting for delivery to the content API (0: none).",
      collect() {
        const gauges = reading();
        if (gauges) this.set(gauges.oldestWaitingSeconds);
      },
    });
    new c.Gauge({
      name: "outbox_capacity_messages",
      help: "Most contact messages the outbox keeps waiting (pending, sending, held) before it refuses a new one (OUTBOX_MAX_MESSAGES).",
      collect() {
        const gauges = reading();
        if (gauges && Number.isFinite(gauges.capacity)) this.set(gauges.capacity);
      },
    });
  });
}

const outboxDeliveries = lazy(
  "outbox_delivery_attempts_total",
  (c) =>
    new c.Counter({
      name: "outbox_delivery_attempts_total",
      help: "Outbox delivery attempts, by result: delivered, retried (API unavailable), failed (refused by the API: held for a person).",
      labelNames: ["result"],
    }),
);

export const countOutboxDelivery = (result: "delivered" | "retried" | "failed", count = 1) => {
  if (count > 0) outboxDeliveries()?.inc({ result }, count);
};

// Contact desk --------------------------------------------------------------------------------

const contactMessages = lazy(
  "contact_messages_total",
  (c) =>
    new c.Counter({
      name: "contact_messages_total",
      help: "Contact form posts by outcome: accepted (the API took it), queued (in the outbox), held (for a person: sent too soon, without a valid form token or with one another message spent, or refused by the API), rate_limited, invalid, dropped (honeypot), outbox_full (refused: OUTBOX_MAX_MESSAGES reached), failed.",
      labelNames: ["outcome"],
    }),
);

export type ContactOutcomeLabel =
  | "accepted"
  | "queued"
  | "held"
  | "rate_limited"
  | "invalid"
  | "dropped"
  | "outbox_full"
  | "failed";

export const countContact = (outcome: ContactOutcomeLabel) => contactMessages()?.inc({ outcome });

// Images -----------------------------------------------------------------------------------

const imageEncode = lazy(
  "image_encode_duration_seconds",
  (c) =>
    new c.Histogram({
      name: "image_encode_duration_seconds",
      help: "Time the image endpoint took to resize and encode one image, by output format.",
      labelNames: ["format"],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

export const timeImageEncode = (): ((labels: { format: string }) => void) =>
  imageEncode()?.startTimer() ?? noTimer;

/** Makes `image_cache_bytes` read `bytes` at each scrape (the image endpoint's disk cache). */
export const watchImageCache = (bytes: () => number) =>
  watchValue({
    name: "image_cache_bytes",
    help: "Bytes of resized images kept on disk (IMAGE_CACHE_MAX_MB bounds them).",
    // Every process of a machine shares one folder: the largest count, not their sum.
    aggregator: "max",
    read: bytes,
  });

/**
 * Makes `libvips_memory_bytes` read `bytes` at each scrape, once sharp is loaded (libvips.ts):
 * what libvips keeps between encodes, outside V8's heap (IMAGE_MEMORY_MB bounds it).
 */
export const watchLibvipsMemory = (bytes: () => number) =>
  watchValue({
    name: "libvips_memory_bytes",
    help: "Memory libvips keeps for reuse between image encodes (IMAGE_MEMORY_MB bounds it).",
    read: bytes,
  });

// Page cache memory -------------------------------------------------------------------------

/** Makes `page_cache_bytes` read the page cache's pools at each scrape (PAGE_CACHE_MAX_MB). */
export function watchPageCache(bytes: () => { pages: number; searches: number }) {
  whenMetrics((c) => {
    if (c.register.getSingleMetric("page_cache_bytes")) return;
    new c.Gauge({
      name: "page_cache_bytes",
      help: "Bytes the page cache holds (bodies in each encoding, keys, headers, overhead), by pool: pages, or search results (PAGE_CACHE_MAX_MB bounds both).",
      labelNames: ["pool"],
      collect() {
        const held = bytes();
        this.set({ pool: "pages" }, held.pages);
        this.set({ pool: "searches" }, held.searches);
      },
    });
  });
}

// Site search --------------------------------------------------------------------------------

export interface SearchIndexState {
  documents: number;
  builtAt: number;
}

/** Makes the search gauges read `state` at each scrape (the site search, search/search-index.server.ts). */
export function watchSearchIndex(state: (lang: Language) => SearchIndexState | undefined) {
  whenMetrics((c) => {
    if (c.register.getSingleMetric("search_index_documents")) return;
    new c.Gauge({
      name: "search_index_documents",
      help: "Documents in the site search's index, by language (0 until the first search builds it).",
      labelNames: ["lang"],
      aggregator: "max",
      collect() {
        for (const lang of languages) this.set({ lang }, state(lang)?.documents ?? 0);
      },
    });
    new c.Gauge({
      name: "search_index_age_seconds",
      help: "Age of the site search's index, by language (absent until the first build).",
      labelNames: ["lang"],
      aggregator: "max",
      collect() {
        this.reset();
        for (const lang of languages) {
          const built = state(lang);
          if (built) this.set({ lang }, (Date.now() - built.builtAt) / 1000);
        }
      },
    });
  });
}

const searchBuild = lazy(
  "search_index_build_duration_seconds",
  (c) =>
    new c.Histogram({
      name: "search_index_build_duration_seconds",
      help: "Time to read the content and build one language's search index.",
      labelNames: ["lang"],
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    }),
);

export const timeSearchBuild = (lang: Language): (() => void) =>
  searchBuild()?.startTimer({ lang }) ?? noTimer;

const searchQuery = lazy(
  "search_query_duration_seconds",
  (c) =>
    new c.Histogram({
      name: "search_query_duration_seconds",
      help: "Time to rank and mark one search's results (a search the page cache did not answer), without its page's render.",
      labelNames: ["lang"],
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1],
    }),
);

/** Times one query of the site search: the render of its page is timed apart (issue 33). */
export const timeSearchQuery = (lang: Language): (() => void) =>
  searchQuery()?.startTimer({ lang }) ?? noTimer;

// Redis and the messages between processes -----------------------------------------------------

/** Makes `redis_connected` read `connected` at each scrape (REDIS_URL set). */
export const watchRedis = (connected: () => boolean) =>
  watchValue({
    name: "redis_connected",
    help: "1 while Redis answers, 0 while the site runs on each process's own caches and counters.",
    // One process without Redis is enough to be told.
    aggregator: "min",
    read: () => (connected() ? 1 : 0),
  });

const fanOutMessages = lazy(
  "fan_out_messages_total",
  (c) =>
    new c.Counter({
      name: "fan_out_messages_total",
      help: "Messages between the site's processes (purges, changed answers), by direction and kind.",
      labelNames: ["direction", "kind"],
    }),
);

export const countFanOut = (direction: "sent" | "received", kind: "purge" | "purged" | "expire") =>
  fanOutMessages()?.inc({ direction, kind });

// Cluster --------------------------------------------------------------------------------------

const workerRestarts = lazy(
  "cluster_worker_restarts_total",
  (c) =>
    new c.Counter({
      name: "cluster_worker_restarts_total",
      help: "Server processes that ended unasked and were started again (WORKERS > 1).",
    }),
);

export const countWorkerRestart = () => workerRestarts()?.inc();
