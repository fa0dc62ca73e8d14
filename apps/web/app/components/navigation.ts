/** The site navigation (SPEC.md "Navigation"), built from translated labels and API data. */
import type { Id, Language } from "@site/contract";
import type { TFunction } from "i18next";

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
  pages: { id: Id; title: string }[];
  profileUrl: string | null;
}

export function buildNavigation(lang: Language, data: NavData, t: TFunction): NavLink[] {
  const at = (path: string) => `/${lang}${path}`;
  const about: NavLink[] = [
    ...data.pages.map((page) => ({
      key: `page-${page.id}`,
      label: page.title,
      to: at(`/otherPages/${page.id}`),
    })),
    { key: "overview", label: t("nav.overview"), to: at("/overview") },
    ...(data.profileUrl
      ? [{ key: "profile", label: t("nav.companyProfile"), download: data.profileUrl }]
      : []),
    { key: "iso", label: t("nav.iso"), to: at("/iso") },
  ];
  return [
    { key: "home", label: t("nav.home"), to: at("") },
    { key: "about", label: t("nav.aboutUs"), children: about },
    {
      key: "projects",
      label: t("nav.projects"),
      to: at("/projects"),
      children: [
        { key: "completed", label: t("nav.completedProjects"), to: at("/projects") },
        { key: "current", label: t("nav.currentProjects"), to: at("/CurrentProjects") },
      ],
    },
    {
      key: "services",
      label: t("nav.services"),
      to: at("/services"),
      children: [
        { key: "all-services", label: t("nav.allServices"), to: at("/services") },
        ...data.services.map((service) => ({
          key: `service-${service.id}`,
          label: service.title,
          to: at(`/services/${service.id}`),
        })),
      ],
    },
    { key: "news", label: t("nav.news"), to: at("/news") },
    { key: "hse", label: t("nav.hse"), to: at("/HSE") },
    { key: "equipment", label: t("nav.equipment"), to: at("/equipment") },
    { key: "contact", label: t("nav.contactUs"), to: at("/contactUs") },
  ];
}

/** Whether a nav entry (or one of its children) is the current page. */
export function isActive(link: NavLink, pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, "");
  if (link.to) {
    const target = link.to.toLowerCase();
    if (
      /^\/(en|ar)$/.test(target)
        ? path === target
        : path === target || path.startsWith(`${target}/`)
    ) {
      return true;
    }
  }
  return link.children?.some((child) => isActive(child, pathname)) ?? false;
}
