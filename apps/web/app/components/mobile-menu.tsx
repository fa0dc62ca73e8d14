/**
 * The phone menu: a full-screen dialog, the search field on top, that locks page scrolling,
 * keeps focus inside, closes with Escape or on choosing a link, and expands sub-menus in place
 * (the current page's section when it opens).
 *
 * It is a popover its buttons open and close, so it opens without scripts too (then with every
 * sub-menu shown, see root.tsx). The rest is page-script/site-menus.ts, in the page's inline script:
 * here it is rendered closed.
 */
import type { Language } from "@site/contract";
import { useId } from "react";
import { useTranslation } from "../i18n/use-translation.ts";
import { ChevronDown, CloseIcon, MenuIcon } from "./icons.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { Logo } from "./logo.tsx";
import { ariaCurrent, CURRENT_SECTION, isActive, type NavLink } from "./navigation.ts";
import { SearchForm } from "./search-form.tsx";
import { SubmenuList } from "./submenu-link.tsx";

export function MobileMenu({
  items,
  lang,
  pathname,
}: {
  items: NavLink[];
  lang: Language;
  pathname: string;
}) {
  const { t } = useTranslation();
  const panelId = useId();

  return (
    <div className="ms-auto shrink-0 xl:hidden">
      <button
        type="button"
        className="rounded-md p-2 text-white hover:text-amber-brand"
        // The browser says whether it is expanded (popovertarget; aria-expanded is not allowed).
        aria-label={t("nav.openMenu")}
        popoverTarget={panelId}
      >
        <MenuIcon size={28} />
      </button>
      <div
        id={panelId}
        role="dialog"
        aria-modal="true"
        // Not "Main navigation": that is the name of the navigation inside it.
        aria-label={t("nav.menu")}
        popover="auto"
        data-phone-menu
        className="focus-on-dark fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none overflow-y-auto border-0 bg-navy-950 p-0 text-white motion-safe:animate-fade-in"
      >
        <div className="flex h-20 items-center justify-between px-4 sm:px-6">
          <Logo />
          <button
            type="button"
            className="rounded-md p-2 hover:text-amber-brand"
            aria-label={t("nav.closeMenu")}
            popoverTarget={panelId}
            popoverTargetAction="hide"
            data-menu-close
          >
            <CloseIcon size={28} />
          </button>
        </div>
        {/* A column of a phone's width on tablets: a label and its chevron stay close. */}
        <SearchForm lang={lang} variant="menu" className="mx-4 mb-6 sm:mx-6 sm:max-w-156" />
        <nav aria-label={t("nav.label")} className="px-4 pb-10 sm:max-w-2xl sm:px-6">
          <ul className="divide-y divide-white/10 border-y border-white/10">
            {items.map((item) => {
              const active = isActive(item, pathname);
              if (!item.children) {
                return (
                  <li key={item.key}>
                    <a
                      href={item.to ?? "#"}
                      aria-current={ariaCurrent(item, pathname, active)}
                      className={`block py-4 text-lg font-medium ${active ? CURRENT_SECTION : ""}`}
                    >
                      {item.label}
                    </a>
                  </li>
                );
              }
              const subId = `${panelId}-${item.key}`;
              return (
                <li key={item.key}>
                  <button
                    type="button"
                    data-submenu-button
                    // The section of the current page opens with the menu (page-script/site-menus.ts).
                    data-current={active || undefined}
                    // A button, never the page itself: its section is current.
                    aria-current={active ? "true" : undefined}
                    aria-expanded="false"
                    aria-controls={subId}
                    className={`peer flex w-full items-center justify-between py-4 text-start text-lg font-medium ${active ? CURRENT_SECTION : ""}`}
                  >
                    {item.label}
                    <ChevronDown className="transition-transform in-aria-expanded:rotate-180" />
                  </button>
                  <SubmenuList
                    id={subId}
                    data-submenu
                    links={item.children}
                    pathname={pathname}
                    className="pb-3 ps-4"
                    linkClassName="py-2.5 text-base hover:text-amber-brand"
                    colors={{ idle: "text-white/85", current: "text-amber-brand" }}
                  />
                </li>
              );
            })}
          </ul>
          <LanguageSwitcher lang={lang} className="mt-8" />
        </nav>
      </div>
    </div>
  );
}
