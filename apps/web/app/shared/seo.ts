/**
 * Search-engine and social-card tags for every page, built one way. Each route lists, for the
 * title, the description and the image, its candidates in order of preference (the data's
 * `meta_*` field first, then the page's own fields); the first one with text wins.
 *
 * - Text candidates count once tags are stripped, entities decoded and whitespace collapsed
 *   (`stripTags`): missing, `null`, `""`, `"   "` and `"<p> </p>"` are all empty.
 * - `<title>`: the data's meta title (`metaTitle`) exactly as written (stripped) when it has
 *   text, since editors write the whole title there; otherwise the page's own title followed
 *   by the site name, `Projects | Company`; with neither, the site name alone. A later page of
 *   a list (`?page=3`) says so after the title: `News (Page 3) | Company`.
 * - `og:title` and `twitter:title`: the chosen title without the site name added.
 * - Description (`name=description`, `og:` and `twitter:`): the first candidate with text, else
 *   the company's long description, cut to about 160 characters; "Page 3: " before it on a
 *   later page of a list.
 * - Image (`og:image`, `twitter:image`), always 1200×630 (social-image.ts): the first
 *   non-blank URL cropped to that size by the image endpoint when it may fetch it, else the
 *   card the site draws with the page's title, else (a page with no card: the hidden data
 *   page) none, and a `summary` Twitter card; absolute against SITE_URL, with its width,
 *   height, type and alt (the shared title).
 * - Canonical and hreflang links from SITE_URL, keeping only a `page` query; `og:locale`.
 */
import { type Language, otherLanguage } from "@site/contract";
import type { MetaDescriptor } from "react-router";
import type en from "../i18n/en.json";
import { i18nFor } from "../i18n/index.ts";
import type { Company } from "./company.tsx";
import { absoluteUrl, canonicalPath, switchLanguagePath } from "./page-table.ts";
import { cardPage, cardPath, cardVersion, cropPath, socialImageSize } from "./social-image.ts";
import { type MainEntity, type StructuredDataInput, structuredData } from "./structured-data.ts";
import { stripTags, timestampOf, truncate } from "./text.ts";

/** Who the site speaks for, from the company file: the fallbacks of every page's tags. */
interface SiteIdentity {
  name: string;
  description: string;
  /** The company's logo (site path or absolute URL), drawn on the cards of pages without an image. */
  logo: string;
}

/** A value from the data or the page (text, HTML or a URL), or nothing. */
type Candidate = string | null | undefined;
/** One candidate, or several in order of preference. */
export type Candidates = Candidate | readonly Candidate[];

const listOf = (candidates: Candidates): readonly Candidate[] =>
  Array.isArray(candidates) ? candidates : [candidates as Candidate];

/** Plain text of the first candidate that has any once tags are stripped, or `""`. */
export function firstText(candidates: Candidates): string {
  for (const candidate of listOf(candidates)) {
    const text = candidate ? stripTags(candidate) : "";
    if (text) return text;
  }
  return "";
}

/** The first candidate URL that is not blank, or `""`. */
export function firstUrl(candidates: Candidates): string {
  for (const candidate of listOf(candidates)) {
    const url = candidate?.trim();
    if (url) return url;
  }
  return "";
}

export interface PageSeo {
  lang: Language;
  site: SiteIdentity;
  /** Public origin, e.g. `https://www.arkan-contracting.example`. */
  siteUrl: string;
  /** Origins of the content's media, whose images the image endpoint may crop. */
  mediaOrigins?: readonly string[];
  /** Path of the page without query, e.g. `/en/news/3`. */
  pathname: string;
  /** Query to keep in the canonical URL (only `page` matters). */
  search?: string;
  /** The data's `meta_title`: when it has text, the whole `<title>`. */
  metaTitle?: Candidate;
  /** The page's own titles, in order of preference: `<title>` adds the site name. */
  title?: Candidates;
  description?: Candidates;
  image?: Candidates;
  type?: "website" | "article";
  noindex?: boolean;
  /** The page's main subject for structured data (a news article, a project). */
  about?: MainEntity;
  /** What the company's structured data lists: logo, contact lines, social links. */
  organization?: Pick<StructuredDataInput, "contactInfo" | "social"> & { logo: string };
}

const DESCRIPTION_LENGTH = 160;

/**
 * `name` applied to a title the data wrote whole: to the part before its last ` | `, where
 * titles name their site (`News | Acme` → `News (Page 2) | Acme`, the site's name kept last as
 * in the site's own titles), else to all of it.
 */
function beforeSiteName(title: string, name: (text: string) => string) {
  const at = title.lastIndexOf(" | ");
  return at > 0 ? `${name(title.slice(0, at))}${title.slice(at)}` : name(title);
}

export function seoTags(page: PageSeo): MetaDescriptor[] {
  const siteName = page.site.name;
  const query = new URLSearchParams(page.search ?? "").get("page");
  const later = query && query !== "1" ? query : undefined;
  const keep = later ? `?page=${encodeURIComponent(later)}` : "";
  // A later page of a list is a page of its own in search results: named apart from the first.
  const pageLabel = later ? i18nFor(page.lang).t("pagination.page", { page: later }) : "";
  const ofPage = (text: string) => (pageLabel ? `${text} (${pageLabel})` : text);
  const metaTitle = firstText(page.metaTitle);
  const ownTitle = firstText(page.title);
  const title = metaTitle
    ? beforeSiteName(metaTitle, ofPage)
    : ownTitle
      ? `${ofPage(ownTitle)} | ${siteName}`
      : ofPage(siteName);
  const listTitle = metaTitle || ownTitle || siteName;
  const shareTitle = metaTitle ? beforeSiteName(metaTitle, ofPage) : ofPage(listTitle);
  const description = truncate(
    (pageLabel ? `${pageLabel}: ` : "") + (firstText(page.description) || page.site.description),
    DESCRIPTION_LENGTH,
  );
  const url = (lang: Language) => page.siteUrl + switchLanguagePath(page.pathname, keep, lang);
  const ownImage = firstUrl(page.image);
  const crop = ownImage === "" ? null : cropPath(ownImage, page.mediaOrigins ?? [], page.pathname);
  // The card drawn for the address (without its query: a list's, not one of its pages).
  const version = cardVersion(page.lang, [listTitle, siteName, page.site.logo]);
  // A page with no drawn card (the hidden data page) and no picture of its own has no image.
  const imagePath = crop ?? (cardPage(page.pathname) ? cardPath(page.pathname, version) : null);
  const image = imagePath === null ? null : absoluteUrl(page.siteUrl, imagePath);
  const other = otherLanguage(page.lang);
  const graph =
    page.organization &&
    structuredData({
      lang: page.lang,
      siteUrl: page.siteUrl,
      pathname: page.pathname,
      url: url(page.lang),
      company: { name: siteName, logo: page.organization.logo, description: page.site.description },
      contactInfo: page.organization.contactInfo,
      social: page.organization.social,
      title: ownTitle || shareTitle,
      description,
      // The picture as it is and, when the image endpoint makes one, its 1200×630 crop: search
      // engines take several shapes (a banner alone is 3:1).
      image: ownImage
        ? [absoluteUrl(page.siteUrl, ownImage), ...(crop && image ? [image] : [])]
        : (image ?? undefined),
      about: page.about,
    });
  const locale = (lang: Language) => (lang === "ar" ? "ar_SA" : "en_US");
  const published =
    page.about?.type === "NewsArticle" ? timestampOf(page.about.published) : undefined;

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
    ...(published ? [{ property: "article:published_time", content: published }] : []),
    { property: "og:title", content: shareTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url(page.lang) },
    ...(image
      ? [
          { property: "og:image", content: image },
          { property: "og:image:type", content: crop ? "image/jpeg" : "image/png" },
          { property: "og:image:width", content: String(socialImageSize.width) },
          { property: "og:image:height", content: String(socialImageSize.height) },
          { property: "og:image:alt", content: shareTitle },
        ]
      : []),
    { property: "og:locale", content: locale(page.lang) },
    { property: "og:locale:alternate", content: locale(other) },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: shareTitle },
    { name: "twitter:description", content: description },
    ...(image
      ? [
          { name: "twitter:image", content: image },
          { name: "twitter:image:alt", content: shareTitle },
        ]
      : []),
    ...(graph ? [{ "script:ld+json": graph }] : []),
  ];
}

/** Id of the `/:lang` layout route, whose loader data carries `lang` and `siteUrl`. */
const LAYOUT_ROUTE_ID = "routes/language";

interface MetaContext {
  location: { pathname: string; search: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/** A content record's own search fields (most API records have some of them). */
export interface MetaFields {
  meta_title?: string | null;
  meta_description?: string | null;
  meta_image?: string | null;
}

export interface PageMetaInput
  extends Omit<PageSeo, "lang" | "site" | "siteUrl" | "pathname" | "search"> {
  /** The record whose `meta_*` fields come first: title as written, then description, image. */
  record?: MetaFields | null;
  /** An interface string that names the page, the last title candidate. */
  titleKey?: keyof typeof en;
  /**
   * The page's one address (a page-table path) when the one it was opened under is another
   * of its addresses (a project shown under either list); else that address.
   */
  canonical?: string;
}

/**
 * Tags for a route's `meta` export, taking language and site URL from the layout's data. The
 * record's `meta_*` fields go before the page's own candidates.
 */
export function pageMeta(args: MetaContext, input: PageMetaInput): MetaDescriptor[] {
  const layout = args.matches.find((match) => match?.id === LAYOUT_ROUTE_ID)?.loaderData as
    | {
        lang: Language;
        siteUrl: string;
        mediaOrigins?: string[];
        company: Company;
        footer?: Pick<StructuredDataInput, "contactInfo" | "social">;
      }
    | undefined;
  const { record, titleKey, canonical, ...rest } = input;
  const page = {
    ...rest,
    metaTitle: [input.metaTitle, record?.meta_title].find(Boolean),
    title: [...listOf(input.title), layout && titleKey ? i18nFor(layout.lang).t(titleKey) : null],
    description: [record?.meta_description, ...listOf(input.description)],
    image: [record?.meta_image, ...listOf(input.image)],
  };
  if (!layout) return [{ title: firstText(page.metaTitle) || firstText(page.title) }];
  return seoTags({
    ...page,
    lang: layout.lang,
    site: {
      name: layout.company.name,
      description: layout.company.longDescription,
      logo: layout.company.logo,
    },
    siteUrl: layout.siteUrl,
    mediaOrigins: layout.mediaOrigins,
    organization: {
      logo: layout.company.logo,
      contactInfo: layout.footer?.contactInfo,
      social: layout.footer?.social,
    },
    pathname: canonical ?? canonicalPath(args.location.pathname),
    search: args.location.search,
  });
}

/** Names of a record's text fields. */
type TextField<Page> = {
  [K in keyof Page]: Page[K] extends string | null | undefined ? K : never;
}[keyof Page];

/** Which of a record's fields describe its page (in order of preference), or a function. */
type RecordFields<Page> =
  | {
      titleKey?: PageMetaInput["titleKey"];
      description?: TextField<Page> | TextField<Page>[];
      image?: TextField<Page> | TextField<Page>[];
    }
  | ((record: Page) => Omit<PageMetaInput, "record">);

/**
 * The `meta` of a page made from one record: no tags until it is loaded; its `meta_*` fields
 * first, then its title and banner image, then the fields `fields` names.
 */
export function recordMeta<
  Page extends MetaFields & { title?: string; banner_image?: string | null },
>(
  args: MetaContext,
  record: Page | null | undefined,
  fields: RecordFields<Page>,
): MetaDescriptor[] {
  if (!record) return [];
  const valuesOf = (names: TextField<Page> | TextField<Page>[] | undefined) =>
    names === undefined
      ? undefined
      : (Array.isArray(names) ? names : [names]).map(
          (name: TextField<Page>) => record[name] as string | null | undefined,
        );
  const rest =
    typeof fields === "function"
      ? fields(record)
      : {
          titleKey: fields.titleKey,
          description: valuesOf(fields.description),
          ...(fields.image ? { image: valuesOf(fields.image) } : {}),
        };
  return pageMeta(args, { record, title: record.title, image: record.banner_image, ...rest });
}
