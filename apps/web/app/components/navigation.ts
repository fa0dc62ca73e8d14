/** The site navigation (SPEC.md "Navigation"), built from translated labels and API data. */
import type { Id, Language } from "@site/contract";
import type { TFunction } from "i18next";
import { href, isHomePath, type PageName } from "../shared/page-table.ts";

export interface NavLink {
  key: string;
  label: string;
  /** Path under the site; absent for entries that only open a submenu. */
  to?: string;
  /** A file to download instead of a page (the company profile). */
  download?: string;
  children?: NavLink[];
}

export interface NavData {
  services: { id: Id; title: string }[];
  /** The other pages (`/api/extra-pages`), listed under About Us. */
  otherPages: { id: Id; title: string }[];
  /** Where About Us's company profile entry leads (company-profile.server.ts), if anywhere. */
  profileHref: string | null;
}

export function buildNavigation(lang: Language, data: NavData, t: TFunction): NavLink[] {
  const at = (page: PageName, id?: Id) => href(page, lang, id);
  const about: NavLink[] = [
    ...data.otherPages.map((page) => ({
      key: `page-${page.id}`,
      label: page.title,
      to: at("otherPage", page.id),
    })),
    { key: "overview", label: t("nav.overview"), to: at("overview") },
    ...(data.profileHref
      ? [{ key: "profile", label: t("nav.companyProfile"), download: data.profileHref }]
      : []),
    { key: "iso", label: t("nav.iso"), to: at("iso") },
  ];
  return [
    { key: "home", label: t("nav.home"), to: at("home") },
    { key: "about", label: t("nav.aboutUs"), children: about },
    {
      key: "projects",
      label: t("nav.projects"),
      to: at("completedProjects"),
      children: [
        { key: "completed", label: t("nav.completedProjects"), to: at("completedProjects") },
        { key: "current", label: t("nav.currentProjects"), to: at("currentProjects") },
      ],
    },
    {
      key: "services",
      label: t("nav.services"),
      to: at("services"),
      children: [
        { key: "all-services", label: t("nav.allServices"), to: at("services") },
        ...data.services.map((service) => ({
          key: `service-${service.id}`,
          label: service.title,
          to: at("service", service.id),
        })),
      ],
    },
    { key: "news", label: t("nav.news"), to: at("news") },
    { key: "hse", label: t("nav.hse"), to: at("hse") },
    { key: "equipment", label: t("nav.equipment"), to: at("equipment") },
    { key: "contact", label: t("nav.contactUs"), to: at("contact") },
  ];
}

/**
 * `aria-current` of a navigation entry: "page" on a link to the very page shown (the News link
 * on the news list); "true" on an entry `highlighted` as the section of the page shown (News on
 * a news item, the Projects menu on a project), so that what the highlight shows is said too
 * (WCAG 1.3.1).
 */
export function ariaCurrent(
  link: NavLink,
  pathname: string,
  highlighted: boolean,
): "page" | "true" | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, "");
  if (link.to?.toLowerCase() === path) return "page";
  return highlighted ? "true" : undefined;
}

/** Whether a nav entry (or one of its children) is the current page. */
export function isActive(link: NavLink, pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, "");
  if (link.to) {
    const target = link.to.toLowerCase();
    if (isHomePath(target) ? path === target : path === target || path.startsWith(`${target}/`)) {
      return true;
    }
  }
  return link.children?.some((child) => isActive(child, pathname)) ?? false;
}

/**
 * The one entry of a sub-menu to highlight: the active entry with the longest address, so on a
 * service's page its own entry is, not "All Services" beside it (a section's list still is on
 * an item it does not list: "Completed Projects" on a project).
 */
export function activeEntry(links: readonly NavLink[], pathname: string): NavLink | undefined {
  let best: NavLink | undefined;
  for (const link of links) {
    if (!isActive(link, pathname)) continue;
    if (!best || (link.to?.length ?? 0) > (best.to?.length ?? 0)) best = link;
  }
  return best;
}

/**
 * How the header and the phone menu mark the current page's section: an amber underline under
 * white text (amber text over a banner's sky fell to 3:1; WCAG 1.4.3), not colour alone (1.4.1).
 */
export const CURRENT_SECTION =
  "text-white underline decoration-amber-brand decoration-2 underline-offset-8";
