/**
 * Search-engine and social-card tags for every page, built one way: title and description from
 * the data's meta fields (tags stripped, whitespace collapsed, cut to about 160 characters),
 * canonical and hreflang links from SITE_URL, Open Graph and Twitter cards.
 */
import type { Language } from "@site/contract";
import type { MetaDescriptor } from "react-router";
import type { Company } from "./company.tsx";
import { canonicalPath } from "./site-map.ts";
import { stripTags, truncate } from "./text.ts";

/** Who the site speaks for, from the company file: the fallbacks of every page's tags. */
export interface SiteIdentity {
  name: string;
  description: string;
  /** Share image for pages without one of their own (site path or absolute URL). */
  image: string;
}

export interface PageSeo {
  lang: Language;
  site: SiteIdentity;
  /** Public origin, e.g. `https://www.arkan-contracting.example`. */
  siteUrl: string;
  /** Path of the page without query, e.g. `/en/news/3`. */
  pathname: string;
  /** Query to keep in the canonical URL (only `page` matters). */
  search?: string;
  title?: string | null;
  description?: string | null;
  image?: string | null;
  type?: "website" | "article";
  noindex?: boolean;
}

const DESCRIPTION_LENGTH = 160;

/** Absolute URL for a root-relative or absolute one. */
export function absoluteUrl(siteUrl: string, url: string): string {
  return new URL(url, `${siteUrl}/`).toString();
}

export function seoTags(page: PageSeo): MetaDescriptor[] {
  const siteName = page.site.name;
  const plainTitle = page.title ? stripTags(page.title) : "";
  // Editors often write the brand into meta titles already ("Overview | Arkan ..."): add it once.
  const brand = siteName.split(" ")[0] ?? siteName;
  const title = !plainTitle
    ? siteName
    : plainTitle.includes(brand)
      ? plainTitle
      : `${plainTitle} | ${siteName}`;
  const description = truncate(
    stripTags(page.description || "") || page.site.description,
    DESCRIPTION_LENGTH,
  );
  const rest = page.pathname.replace(/^\/[^/]*/, "");
  const query = new URLSearchParams(page.search ?? "").get("page");
  const keep = query && query !== "1" ? `?page=${encodeURIComponent(query)}` : "";
  const url = (lang: Language) => `${page.siteUrl}/${lang}${rest}${keep}`;
  const image = absoluteUrl(page.siteUrl, page.image || page.site.image);
  const other: Language = page.lang === "ar" ? "en" : "ar";
  const locale = (lang: Language) => (lang === "ar" ? "ar_SA" : "en_US");

  return [
    { title },
    { name: "description", content: description },
    ...(page.noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
    { tagName: "link", rel: "canonical", href: url(page.lang) },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: url("en") },
    { tagName: "link", rel: "alternate", hrefLang: "ar", href: url("ar") },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: url("en") },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: plainTitle || siteName },
    { property: "og:description", content: description },
    { property: "og:url", content: url(page.lang) },
    { property: "og:image", content: image },
    { property: "og:locale", content: locale(page.lang) },
    { property: "og:locale:alternate", content: locale(other) },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: plainTitle || siteName },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}

/** Id of the `/:lang` layout route, whose loader data carries `lang` and `siteUrl`. */
export const LAYOUT_ROUTE_ID = "routes/language";

interface MetaContext {
  location: { pathname: string; search: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/** Tags for a route's `meta` export, taking language and site URL from the layout's data. */
export function pageMeta(
  args: MetaContext,
  page: Omit<PageSeo, "lang" | "site" | "siteUrl" | "pathname" | "search">,
): MetaDescriptor[] {
  const layout = args.matches.find((match) => match?.id === LAYOUT_ROUTE_ID)?.loaderData as
    | { lang: Language; siteUrl: string; company: Company }
    | undefined;
  if (!layout) return [{ title: page.title ?? "" }];
  return seoTags({
    ...page,
    lang: layout.lang,
    site: {
      name: layout.company.name,
      description: layout.company.longDescription,
      image: layout.company.shareImage,
    },
    siteUrl: layout.siteUrl,
    pathname: canonicalPath(args.location.pathname),
    search: args.location.search,
  });
}
