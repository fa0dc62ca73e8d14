/**
 * `/robots.txt`: the whole site may be crawled except the hidden data page and the operator's
 * endpoints; it names the sitemap on the public origin (SITE_URL).
 */
import { languages } from "@site/contract/languages";
import { siteOf } from "../../server/site-context.server.ts";
import { href, isHidden, type PageName, pages, SITEMAP_PATH } from "../shared/page-table.ts";
import type { Route } from "./+types/robots";

/** Not for crawlers: operators' endpoints (server/http/operations.ts). */
const internal = ["/healthz", "/readyz", "/purge"];

export function loader({ context }: Route.LoaderArgs) {
  const { settings } = siteOf(context);
  const hidden = (Object.keys(pages) as PageName[])
    .filter(isHidden)
    .flatMap((page) => languages.map((lang) => href(page, lang)));
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...[...hidden, ...internal].map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${settings.SITE_URL}${SITEMAP_PATH}`,
  ];
  return new Response(`${lines.join("\n")}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
