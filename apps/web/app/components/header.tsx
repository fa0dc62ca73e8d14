/**
 * The fixed top bar (SPEC.md "Shared layout"): logo, animated title on the home page,
 * desktop navigation with dropdowns, the search field, a full-screen menu on phones, and the
 * language switcher.
 */
import type { Language } from "@site/contract";
import { useId } from "react";
import { useLocation } from "react-router";
import { useNavPath } from "../hooks/use-nav-path.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { useCompany } from "../shared/company.tsx";
import { isHomePath } from "../shared/page-table.ts";
import { ChevronDown } from "./icons.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { Logo } from "./logo.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import {
  ariaCurrent,
  buildNavigation,
  CURRENT_SECTION,
  isActive,
  type NavData,
  type NavLink,
} from "./navigation.ts";
import { SearchForm } from "./search-form.tsx";
import { SubmenuList } from "./submenu-link.tsx";

export function Header({ lang, nav }: { lang: Language; nav: NavData }) {
  const { t } = useTranslation();
  const company = useCompany();
  const { pathname } = useLocation();
  // The menus mark the page by its one address (a project under its list's).
  const navPath = useNavPath();
  const items = buildNavigation(lang, nav, t);
  const home = isHomePath(pathname);

  return (
    // Translucent once the page is scrolled: `html[data-scrolled]` (page-script/scrolled-page.ts).
    <header
      data-site-header
      className="focus-on-dark fixed inset-x-0 top-0 z-40 bg-linear-to-b from-navy-950/80 to-transparent transition-[background-color,box-shadow,backdrop-filter] duration-200 print:hidden in-data-scrolled:bg-navy-900/90 in-data-scrolled:bg-none in-data-scrolled:shadow-lg in-data-scrolled:shadow-navy-950/20 in-data-scrolled:backdrop-blur-md"
    >
      <div className="mx-auto flex min-h-20 max-w-7xl items-center gap-4 px-4 sm:px-6 xl:gap-3">
        <a
          href="/"
          // It may narrow, its name wrapping, rather than push the menu button (phones) or the
          // search and language switcher (desktop, with a reader's text spacing: WCAG 1.4.12)
          // off the screen.
          className="flex min-w-0 items-center gap-3 text-white"
          // With the name shown, the visible text is the link's name (WCAG 2.5.3).
          aria-label={home ? undefined : company.name}
        >
          <Logo className="size-11 shrink-0" />
          {home ? (
            <span className="flex min-w-0 flex-col leading-tight" data-testid="home-title">
              <span className="animate-rise text-lg font-bold break-words latin:tracking-wide">
                {company.name}
              </span>
              <span className="animate-rise text-xs break-words text-white/80 [animation-delay:150ms] max-sm:hidden">
                {company.shortDescription}
              </span>
            </span>
          ) : null}
        </a>

        <nav aria-label={t("nav.label")} className="ms-auto max-xl:hidden">
          <ul className="flex items-center">
            {items.map((item) => (
              <DesktopItem key={item.key} link={item} pathname={navPath} />
            ))}
          </ul>
        </nav>

        <SearchForm lang={lang} variant="header" className="max-xl:hidden" />

        <LanguageSwitcher lang={lang} className="max-xl:hidden" />

        <MobileMenu items={items} lang={lang} pathname={navPath} />
      </div>
    </header>
  );
}

// Tight: the home page's title, the menu, the search field and the language switcher share
// one row of at most 1280 px (max-w-7xl), in both languages.
const linkBase =
  "inline-flex items-center whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium transition-colors";

function itemClass(active: boolean) {
  return `${linkBase} ${active ? CURRENT_SECTION : "text-white hover:text-amber-brand"}`;
}

/**
 * A top-level entry: a link, or a section with a dropdown. The dropdown's behaviour is
 * page-script/site-menus.ts, in the page's inline script: here it is rendered closed.
 */
function DesktopItem({ link, pathname }: { link: NavLink; pathname: string }) {
  const { t } = useTranslation();
  const menuId = useId();
  const active = isActive(link, pathname);

  if (!link.children) {
    return (
      <li>
        <a
          href={link.to ?? "#"}
          className={itemClass(active)}
          aria-current={ariaCurrent(link, pathname, active)}
        >
          {link.label}
        </a>
      </li>
    );
  }

  return (
    <li data-menu-item className="relative flex items-center">
      {link.to ? (
        <a
          href={link.to}
          className={`${itemClass(active)} pe-1`}
          aria-current={ariaCurrent(link, pathname, active)}
        >
          {link.label}
        </a>
      ) : null}
      <button
        type="button"
        data-menu-button
        // page-script/site-menus.ts opens and closes it.
        aria-expanded="false"
        aria-controls={menuId}
        aria-label={link.to ? t("nav.showSubmenu", { name: link.label }) : undefined}
        // The entry's own link says it is current, else this button does.
        aria-current={link.to ? undefined : ariaCurrent(link, pathname, active)}
        className={`${itemClass(active)} peer gap-2 ${link.to ? "ps-1" : ""}`}
      >
        {link.to ? null : link.label}
        <ChevronDown size={16} className="transition-transform in-aria-expanded:rotate-180" />
      </button>
      <SubmenuList
        id={menuId}
        data-dropdown
        links={link.children}
        pathname={pathname}
        // A long list (dozens of services or pages) scrolls within the window; the links'
        // focus rings sit inside them, where the scrolling box does not clip them.
        className="focus-on-light absolute start-0 top-full z-50 max-h-[calc(100dvh-6rem)] min-w-64 overflow-y-auto overscroll-contain rounded-lg bg-white py-2 wrap-anywhere shadow-xl ring-1 ring-navy-900/10"
        linkClassName="px-4 py-2 text-sm -outline-offset-2 hover:bg-sand-100 hover:text-navy-900"
        colors={{ idle: "text-slate-700", current: "text-steel-600" }}
      />
    </li>
  );
}
