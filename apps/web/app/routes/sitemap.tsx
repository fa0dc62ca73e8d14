/**
 * `/sitemap.xml` and its parts `/sitemap/{n}.xml` (server/feeds/sitemap-xml.server.ts): built from the API
 * once per freshness of its data (the site's SitemapCache), and kept by the page cache like a
 * page for as long as that data. A part that does not exist is a 404 answered from the build
 * (never kept: one entry per made-up name would be a flood).
 */
import { madeFrom, siteOf } from "../../server/site-context.server.ts";
import type { Route } from "./+types/sitemap";

export async function loader(args: Route.LoaderArgs) {
  const site = siteOf(args.context);
  const part = args.params.part;
  const index = part === undefined ? 0 : Number(part.match(/^([1-9]\d{0,4})\.xml$/)?.[1] ?? NaN);
  const { files, until, dataKeys } = await site.sitemap.get(site.api);
  // The page made from it is cached as long as the build's data, and purged with it.
  madeFrom(args.context, until, dataKeys);
  // A part only exists while the sitemap is an index of parts.
  const file = files.length > 1 || index === 0 ? files[index] : undefined;
  if (file === undefined) {
    return new Response("No such sitemap", {
      status: 404,
      // The part may exist once the content grows: kept by no cache in front.
      headers: { "X-Robots-Tag": "noindex", "Cache-Control": "no-store" },
    });
  }
  return new Response(file, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "X-Robots-Tag": "noindex" },
  });
}
