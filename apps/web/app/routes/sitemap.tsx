/**
 * `/sitemap.xml` and its parts `/sitemap/{n}.xml` (lib/sitemap.server.ts): built from the API
 * on request and kept by the page cache like a page, for as long as the data it was made from.
 */
import { pageContext } from "../lib/site.server.ts";
import { sitemapFiles, sitemapPages } from "../lib/sitemap.server.ts";
import type { Route } from "./+types/sitemap";

export async function loader(args: Route.LoaderArgs) {
  const { api, settings } = pageContext(args);
  const part = args.params.part;
  const index = part === undefined ? 0 : Number(part.match(/^([1-9]\d{0,4})\.xml$/)?.[1] ?? NaN);
  const files = sitemapFiles(settings.SITE_URL, await sitemapPages(api));
  // A part only exists while the sitemap is an index of parts.
  const file = files.length > 1 || index === 0 ? files[index] : undefined;
  if (file === undefined) {
    return new Response("No such sitemap", { status: 404, headers: { "X-Robots-Tag": "noindex" } });
  }
  return new Response(file, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "X-Robots-Tag": "noindex" },
  });
}
