/**
 * `npm run bench:load`'s rows per page kind (issue 33): home, a list, detail pages, a search's
 * results, the news feed and the sitemap, in both languages, each served by the site and then by
 * nginx sending the very same gzip bytes, with their ratio against the issue's goal.
 */

import { type Language, languages } from "@site/contract/languages";
import { fixed, kb, table } from "./format.ts";
import { type MixFigures, mixRound } from "./load.ts";
import { staticPage, withNginx } from "./nginx.ts";
import { progress } from "./processes.ts";
import { type BenchSite, type DemoIds, rawGet } from "./site.ts";

/** How each kind is loaded: seconds and connections per server. */
export interface KindsLoad {
  seconds: number;
  connections: number;
}

/** One page kind, served by the site and by nginx (the same bytes), side by side. */
export interface KindRow {
  kind: string;
  paths: string[];
  /** Gzip bytes on the wire, the mean of the paths. */
  gzipBytes: number;
  site?: MixFigures;
  nginx?: MixFigures;
  error?: string;
}

/** Issue 33's goal against nginx: 0.9 for pages, 0.5 for answers under 5 KB on the wire. */
const goalFor = (gzipBytes: number) => (gzipBytes < 5 * 1024 ? 0.5 : 0.9);

/**
 * The page kinds of the per-kind rounds, each in both languages; a detail kind only when its
 * list has an item (`ids`, the first of each list: demoIds).
 */
export function pageKinds(ids: DemoIds): { kind: string; paths: string[] }[] {
  const both = (rest: (lang: Language) => string) => languages.map((lang) => rest(lang));
  const searchWords: Record<Language, string> = { en: "tower", ar: "برج" };
  return [
    { kind: "home", paths: both((lang) => `/${lang}`) },
    { kind: "list (news)", paths: both((lang) => `/${lang}/news`) },
    ...(ids.project
      ? [{ kind: "detail (project)", paths: both((lang) => `/${lang}/projects/${ids.project}`) }]
      : []),
    ...(ids.news
      ? [{ kind: "detail (news)", paths: both((lang) => `/${lang}/news/${ids.news}`) }]
      : []),
    {
      kind: "search results",
      paths: both((lang) => `/${lang}/search?q=${encodeURIComponent(searchWords[lang])}`),
    },
    { kind: "news feed", paths: both((lang) => `/${lang}/news/feed.xml`) },
    // The demo's sitemap is one document (an index of parts only past 50,000 addresses).
    { kind: "sitemap", paths: ["/sitemap.xml"] },
  ];
}

/**
 * Asks for `url` until the page cache answers it (a search answers 503 until its first index is
 * built), for 15 s at most: the kinds' rounds measure kept pages.
 */
export async function untilKept(url: string): Promise<void> {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
    const answer = await rawGet(url, "gzip");
    if (answer.headers["x-cache"] === "HIT") return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  progress(`warning: ${url} is not answered from the page cache`);
}

/** One kind: the site, then nginx with the same bytes, at `load`. */
export async function kindRound(
  site: BenchSite,
  nginxPort: number,
  load: KindsLoad,
  { kind, paths }: { kind: string; paths: string[] },
): Promise<KindRow> {
  const row: KindRow = { kind, paths, gzipBytes: 0 };
  try {
    const files = await Promise.all(
      paths.map((page, i) => staticPage(site.url, page, `kind-${i + 1}.html`)),
    );
    row.gzipBytes = files.reduce((sum, file) => sum + file.gzip.length, 0) / files.length;
    const figures = (name: string, url: string, on: string[]) =>
      mixRound(`${kind}: ${name}`, url, on, load).then(({ figures, error }) => {
        if (error) throw new Error(error);
        return figures;
      });
    row.site = await figures("site", site.url, paths);
    row.nginx = await withNginx(nginxPort, files, (url, onNginx) => figures("nginx", url, onNginx));
  } catch (error) {
    row.error = String(error);
  }
  return row;
}

/** The rows per kind as a table, each ratio against its goal, then the errors. */
export function kindsReport(rows: KindRow[], load: KindsLoad): string {
  const ratioOf = (row: KindRow) =>
    row.site && row.nginx ? row.site.requestsPerSecond / row.nginx.requestsPerSecond : undefined;
  const lines = [
    table(
      `Per page kind: ${load.seconds} s each at ${load.connections} connections, the site then nginx serving the same gzip bytes`,
      ["kind", "gzip KB", "site req/s", "p99 ms", "nginx req/s", "p99 ms", "ratio", "goal"],
      rows.map((row) => {
        const ratio = ratioOf(row);
        const goal = goalFor(row.gzipBytes);
        return [
          row.kind,
          kb(row.gzipBytes),
          fixed(row.site?.requestsPerSecond),
          fixed(row.site?.p99Ms),
          fixed(row.nginx?.requestsPerSecond),
          fixed(row.nginx?.p99Ms),
          fixed(ratio, 2),
          ratio === undefined ? "-" : `${goal} ${ratio >= goal ? "met" : "not met"}`,
        ];
      }),
      [
        "one site process and one nginx worker; autocannon shares the machine's CPUs with them",
        "goal (issue 33): 0.9 of nginx for pages, 0.5 for answers under 5 KB on the wire",
      ],
    ),
  ];
  for (const row of rows) if (row.error) lines.push(`  ${row.kind}: ${row.error}`);
  return lines.join("\n");
}
