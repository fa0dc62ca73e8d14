/** The kind of an address, for metrics and traces: a label of few values, never a raw path. */
import { pageOf } from "../../app/shared/page-table.ts";

/**
 * What kind of address `pathname` is, one of a few dozen names: a page of the page table
 * (`newsItem`), `asset`, `image`, `social-card`, `media`, `feed`, `sitemap`, `operations`...,
 * or `other` (anything unknown, whatever its spelling).
 */
export function pageKindOf(pathname: string): string {
  const path = pathname.replace(/\.data$/, "");
  const [, first = "", ...rest] = path.split("/");
  switch (first.toLowerCase()) {
    case "assets":
      return "asset";
    case "img":
      return "image";
    case "og":
      return "social-card";
    case "storage":
      return "media";
    case "healthz":
    case "readyz":
    case "purge":
      return "operations";
    case "sitemap.xml":
    case "sitemap":
      return "sitemap";
    case "robots.txt":
      return "robots";
    case "":
      return "root";
    case "en":
    case "ar": {
      const below = rest.join("/").replace(/\/+$/, "");
      if (/^news\/feed\.xml$/i.test(below)) return "feed";
      if (/^manifest\.webmanifest$/i.test(below)) return "manifest";
      if (/^contactUs\/send$/i.test(below)) return "contact-send";
      return pageOf(below) ?? "other";
    }
    default:
      return /^[\w-]+\.(ico|png|svg|txt|xml|json|webmanifest|pdf|woff2?)$/i.test(first) &&
        rest.length === 0
        ? "static"
        : "other";
  }
}
