/**
 * `npm run bench:load`'s rows per page kind (issue 33): home, a list, detail pages, a search's
 * results, the news feed and the sitemap, in both languages, each served by the site and by
 * nginx sending the very same gzip bytes, with their ratio against the issue's goal. The two
 * take turns a few times, each going first in turn, and the row gives the median turn: the load
 * generator shares the machine's two CPUs with the servers, and one 10 s pair alone varied by
 * 15 % either way.
 */

import { type Language, languages } from "@site/contract/languages";
import { fixed, kb, table } from "./format.ts";
import { type MixFigures, mixRound } from "./load.ts";
import { staticPage, withNginx } from "./nginx.ts";
import { progress } from "./processes.ts";
import { type BenchSite, type DemoIds, rawGet } from "./site.ts";
import { median } from "./stats.ts";

/** How each kind is loaded: seconds and connections per server, and how many turns each. */
export interface KindsLoad {
  seconds: number;
  connections: number;
  turns: number;
}

/** One turn of a kind: the site and nginx, one right after the other. */
interface KindTurn {
  site: MixFigures;
  nginx: MixFigures;
}

/** One page kind, served by the site and by nginx (the same bytes), side by side. */
export interface KindRow {
  kind: string;
  paths: string[];
  /** Gzip bytes on the wire, the mean of the paths. */
  gzipBytes: number;
  turns: KindTurn[];
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

/** One kind: the site and nginx with the same bytes, at `load`, `load.turns` times. */
export async function kindRound(
  site: BenchSite,
  nginxPort: number,
  load: KindsLoad,
  { kind, paths }: { kind: string; paths: string[] },
): Promise<KindRow> {
  const row: KindRow = { kind, paths, gzipBytes: 0, turns: [] };
  try {
    const files = await Promise.all(
      paths.map((page, i) => staticPage(site.url, page, `kind-${i + 1}.html`)),
    );
    row.gzipBytes = files.reduce((sum, file) => sum + file.gzip.length, 0) / files.length;
    const figures = (name: string, url: string, on: string[]) =>
      mixRound(`${kind}: ${name}`, url, on, load).then(({ figures, error }) => {
        if (!figures) throw new Error(error);
        return figures;
      });
    await withNginx(nginxPort, files, async (nginxUrl, onNginx) => {
      for (let turn = 1; turn <= load.turns; turn++) {
        const onSite = () => figures(`site, turn ${turn}`, site.url, paths);
        const onNginxToo = () => figures(`nginx, turn ${turn}`, nginxUrl, onNginx);
        // Who goes first changes every turn: neither always meets a machine the other warmed.
        if (turn % 2 === 1) {
          const siteTurn = await onSite();
          row.turns.push({ site: siteTurn, nginx: await onNginxToo() });
        } else {
          const nginxTurn = await onNginxToo();
          row.turns.push({ site: await onSite(), nginx: nginxTurn });
        }
      }
    });
  } catch (error) {
    row.error = String(error);
  }
  return row;
}

const ratioOf = (turn: KindTurn) => turn.site.requestsPerSecond / turn.nginx.requestsPerSecond;

/**
 * A row's median turn by its ratio (the lower middle one of an even count), whose figures the
 * table gives, and every turn's ratio.
 */
function medianTurn(row: KindRow) {
  const ratios = row.turns.map(ratioOf);
  const ratio = median(ratios);
  return { turn: ratio === null ? undefined : row.turns[ratios.indexOf(ratio)], ratios };
}

/** The rows per kind as a table, each ratio against its goal, then the errors. */
export function kindsReport(rows: KindRow[], load: KindsLoad): string {
  const lines = [
    table(
      `Per page kind: ${load.turns} turns of ${load.seconds} s at ${load.connections} connections, the site and nginx serving the same gzip bytes in turns`,
      [
        "kind",
        "gzip KB",
        "site req/s",
        "p99 ms",
        "nginx req/s",
        "p99 ms",
        "ratio",
        "turns",
        "goal",
      ],
      rows.map((row) => {
        const { turn, ratios } = medianTurn(row);
        const ratio = turn && ratioOf(turn);
        const goal = goalFor(row.gzipBytes);
        return [
          row.kind,
          kb(row.gzipBytes),
          fixed(turn?.site.requestsPerSecond),
          fixed(turn?.site.p99Ms),
          fixed(turn?.nginx.requestsPerSecond),
          fixed(turn?.nginx.p99Ms),
          fixed(ratio, 2),
          ratios.map((each) => fixed(each, 2)).join(" "),
          ratio === undefined ? "-" : `${goal} ${ratio >= goal ? "met" : "not met"}`,
        ];
      }),
      [
        "one site process and one nginx worker; autocannon shares the machine's CPUs with them",
        "the median turn by ratio; `turns`: each turn's ratio, site over nginx (the site first in odd turns)",
        "goal (issue 33): 0.9 of nginx for pages, 0.5 for answers under 5 KB on the wire",
      ],
    ),
  ];
  for (const row of rows) if (row.error) lines.push(`  ${row.kind}: ${row.error}`);
  return lines.join("\n");
}
