/**
 * Structured data (schema.org as JSON-LD) for search engines, in the page's language: the
 * company (`Organization`) and the `WebSite` on the home page; a `BreadcrumbList` on every
 * other page; a `NewsArticle` on news items and a `Project` on project pages. `seo.ts` places
 * the result in one `<script type="application/ld+json">` through React Router's meta, which
 * escapes `<`, `>` and `&`, so content cannot close the script element.
 */
import type { Language } from "@site/contract/languages";
import type en from "../i18n/en.json";
import { i18nFor } from "../i18n/index.ts";
import { type ContactKind, contactKind } from "./contact-kind.ts";
import {
  absoluteUrl,
  href,
  isListed,
  type PageName,
  type ParentPage,
  pageOf,
  parentPage,
} from "./page-table.ts";
import { timestampOf } from "./text.ts";

type Thing = Record<string, unknown>;

/** The page's main subject, as a route describes it to `pageMeta`. */
export type MainEntity =
  | { type: "NewsArticle"; published?: string | null }
  | { type: "Project"; client?: string | null; location?: string | null };

export interface StructuredDataInput {
  lang: Language;
  siteUrl: string;
  /** Canonical path of the page, e.g. `/ar/news/3`. */
  pathname: string;
  /** Canonical absolute URL of the page. */
  url: string;
  company: { name: string; logo: string; description: string };
  /** The footer's contact lines and social links (from the layout's data). */
  contactInfo?: ReadonlyArray<{ title: string; info: string }>;
  social?: Readonly<Record<string, string | null | undefined>> | null;
  /** The page's own title (without the site name), its description and absolute images. */
  title: string;
  description: string;
  image?: string | string[];
  about?: MainEntity;
}

/** The names of the list pages that item pages sit below (page-table.ts `parentPage`). */
const listNames: Record<ParentPage, keyof typeof en> = {
  completedProjects: "nav.completedProjects",
  currentProjects: "nav.currentProjects",
  services: "nav.services",
  news: "nav.news",
};

/** A property of one value or several (JSON-LD takes a list for any property). */
const oneOrMore = (values: string[]) => (values.length === 1 ? values[0] : values);

function organization(input: StructuredDataInput): Thing {
  // The footer's lines as the company's own properties: their titles are the editor's labels
  // ("Phone", "الهاتف"), not one of schema.org's kinds of contact point.
  const byKind = Object.groupBy(input.contactInfo ?? [], (detail) => contactKind(detail));
  const values = (kind: ContactKind) => byKind[kind]?.map((detail) => detail.info.trim()) ?? [];
  const [phones, faxes, emails] = [values("phone"), values("fax"), values("email")];
  const sameAs = Object.values(input.social ?? {}).filter(
    (url): url is string => typeof url === "string" && /^https?:\/\//.test(url),
  );
  return {
    ...organizationRef(input),
    description: input.company.description,
    ...(phones.length > 0 ? { telephone: oneOrMore(phones) } : {}),
    ...(faxes.length > 0 ? { faxNumber: oneOrMore(faxes) } : {}),
    ...(emails.length > 0 ? { email: oneOrMore(emails) } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/**
 * The company as any page names it (the author and publisher of a story): typed and whole
 * enough to stand alone, since the full description is on the home page only.
 */
function organizationRef({ siteUrl, company, lang }: StructuredDataInput): Thing {
  return {
    "@type": "Organization",
    "@id": `${siteUrl}/#organization`,
    name: company.name,
    url: `${siteUrl}${href("home", lang)}`,
    logo: absoluteUrl(siteUrl, company.logo),
  };
}

function breadcrumbs(input: StructuredDataInput, page: PageName): Thing {
  const { t } = i18nFor(input.lang);
  const parent = parentPage(page);
  const trail = [
    { name: t("nav.home"), url: `${input.siteUrl}${href("home", input.lang)}` },
    ...(parent
      ? [{ name: t(listNames[parent]), url: `${input.siteUrl}${href(parent, input.lang)}` }]
      : []),
    { name: input.title, url: input.url },
  ];
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

function mainEntity(input: StructuredDataInput, about: MainEntity): Thing {
  const common = {
    url: input.url,
    ...(input.image ? { image: input.image } : {}),
    description: input.description,
  };
  if (about.type === "NewsArticle") {
    // When it was published, to the second the API gives. The API has no date of change: none
    // is made up.
    const published = timestampOf(about.published);
    return {
      "@type": "NewsArticle",
      headline: input.title.slice(0, 110),
      ...common,
      // A creative work's language (a Project, an Organization, has none in schema.org).
      inLanguage: input.lang,
      mainEntityOfPage: input.url,
      ...(published ? { datePublished: published } : {}),
      author: organizationRef(input),
      publisher: organizationRef(input),
    };
  }
  // schema.org's Project: the client pays for it (funder), it stands somewhere (location). Its
  // date is when it was (or will be) completed, for which Project has no property: not said.
  return {
    "@type": "Project",
    name: input.title,
    ...common,
    ...(about.client ? { funder: { "@type": "Organization", name: about.client } } : {}),
    ...(about.location ? { location: { "@type": "Place", name: about.location } } : {}),
    parentOrganization: organizationRef(input),
  };
}

/** The page's JSON-LD graph, or nothing for pages that are not for search engines. */
export function structuredData(input: StructuredDataInput): Thing | undefined {
  const [, , ...rest] = input.pathname.split("/");
  const page = pageOf(rest.join("/"));
  if (!page || !isListed(page)) return undefined;
  const graph =
    page === "home"
      ? [
          organization(input),
          {
            "@type": "WebSite",
            "@id": `${input.siteUrl}/#website`,
            name: input.company.name,
            url: input.url,
            inLanguage: input.lang,
            publisher: { "@id": `${input.siteUrl}/#organization` },
          },
        ]
      : [breadcrumbs(input, page), ...(input.about ? [mainEntity(input, input.about)] : [])];
  return { "@context": "https://schema.org", "@graph": graph };
}
