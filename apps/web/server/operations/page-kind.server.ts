/** The kind of an address, for metrics and traces: a label of few values, never a raw path. */
import { type Language, languages } from "@site/contract/languages";
import {
  contactSendHref,
  feedPath,
  languageOfSegment,
  manifestPath,
  pageOf,
  profilePath,
  searchSuggestHref,
} from "../../app/shared/page-table.ts";

/** A language's addresses that are not pages, by their lower-case spelling (routes match any case). */
const filesOf = (lang: Language): [string, string][] => [
  [feedPath(lang), "feed"],
  [manifestPath(lang), "manifest"],
  [contactSendHref(lang), "contact-send"],
  [searchSuggestHref(lang), "search-suggest"],
  [profilePath(lang), "company-profile"],
];
const languageFiles = new Map(
  languages.flatMap(filesOf).map(([path, kind]) => [path.toLowerCase(), kind]),
);

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
    default:
      if (languageOfSegment(first)) {
        const trimmed = path.replace(/\/+$/, "");
        return languageFiles.get(trimmed.toLowerCase()) ?? pageOf(rest.join("/")) ?? "other";
      }
      return /^[\w-]+\.(ico|png|svg|txt|xml|json|webmanifest|pdf|woff2?)$/i.test(first) &&
        rest.length === 0
        ? "static"
        : "other";
  }
}
