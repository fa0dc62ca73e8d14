/**
 * The fixed top bar (SPEC.md "Shared layout"): logo, animated title on the home page,
 * desktop navigation with dropdowns, a full-screen menu on phones, and the language switcher.
 */
import type { Language } from "@site/contract";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink as RouterNavLink, useLocation } from "react-router";
import { useCompany } from "../lib/company.tsx";
import { isHomePath } from "../lib/site-map.ts";
import { ChevronDown } from "./icons.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { Logo } from "./logo.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import {
  buildNavigation,
  currentPage,
  isActive,
  type NavData,
  type NavLink,
} from "./navigation.ts";
import { SubmenuLink } from "./submenu-link.tsx";

export function Header({ lang, nav }: { lang: Language; nav: NavData }) {
  const { t } = useTranslation();
  const company = useCompany();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const items = buildNavigation(lang, nav, t);
  const home = isHomePath(pathname);

  // Choosing a link anywhere closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change on purpose
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    // Translucent once the page is scrolled: `html[data-scrolled]` (lib/scrolled-page.ts).
    <header className="focus-on-dark fixed inset-x-0 top-0 z-40 bg-linear-to-b from-navy-950/80 to-transparent transition-[background-color,box-shadow,backdrop-filter] duration-200 print:hidden in-data-scrolled:bg-navy-900/90 in-data-scrolled:bg-none in-data-scrolled:shadow-lg in-data-scrolled:shadow-navy-950/20 in-data-scrolled:backdrop-blur-md">
      <div className="mx-auto flex h-20 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-3 text-white"
          // With the name shown, the visible text is the link's name (WCAG 2.5.3).
          aria-label={home ? undefined : company.name}
        >
          <Logo />
          {home ? (
            <span className="flex flex-col leading-tight" data-testid="home-title">
              <span className="animate-rise text-lg font-bold latin:tracking-wide">
                {company.name}
              </span>
              <span className="animate-rise text-xs text-white/80 [animation-delay:150ms] max-sm:hidden">
                {company.shortDescription}
              </span>
            </span>
          ) : null}
        </Link>

        <nav aria-label={t("nav.label")} className="ms-auto max-xl:hidden">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <DesktopItem key={item.key} link={item} pathname={pathname} />
            ))}
          </ul>
        </nav>

        <LanguageSwitcher lang={lang} reload className="max-xl:hidden" />

        <MobileMenu
          items={items}
          lang={lang}
          pathname={pathname}
          open={menuOpen}
          onOpenChange={setMenuOpen}
        />
      </div>
    </header>
  );
}

/** The keys that move focus through an open dropdown: its first, previous, next, last entry. */
const menuKeys = ["ArrowDown", "ArrowUp", "Home", "End"];

const linkBase =
  "inline-flex items-center rounded-md px-3 py-2 text-sm font-medium transition-colors";

function itemClass(active: boolean) {
  return `${linkBase} ${active ? "text-amber-brand" : "text-white hover:text-amber-brand"}`;
}

function DesktopItem({ link, pathname }: { link: NavLink; pathname: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const openedByHover = useRef(false);
  /** The entry to focus once the menu has opened (opened with ArrowDown or ArrowUp). */
  const focusOnOpen = useRef<"first" | "last" | null>(null);
  const active = isActive(link, pathname);
  const entries = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>("a[href]") ?? []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close when the page changes
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!itemRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: entries() reads the rendered menu
  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    const list = entries();
    (focusOnOpen.current === "first" ? list[0] : list.at(-1))?.focus();
    focusOnOpen.current = null;
  }, [open]);

  /**
   * The disclosure menu pattern's optional keys: ArrowDown/ArrowUp on the button open the menu
   * at its first/last entry; in the menu they go to the next/previous entry (round the ends),
   * Home and End to the first and last.
   */
  const onMenuKey = (event: React.KeyboardEvent) => {
    if (!menuKeys.includes(event.key)) return;
    const target = event.target as HTMLElement;
    if (target === buttonRef.current) {
      if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
      event.preventDefault();
      const where = event.key === "ArrowDown" ? "first" : "last";
      if (open) {
        const list = entries();
        (where === "first" ? list[0] : list.at(-1))?.focus();
      } else {
        focusOnOpen.current = where;
        setOpen(true);
      }
      return;
    }
    const list = entries();
    const index = list.indexOf(target);
    if (index === -1) return;
    event.preventDefault();
    const next =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? list.length - 1
          : (index + (event.key === "ArrowDown" ? 1 : -1) + list.length) % list.length;
    list[next]?.focus();
  };

  if (!link.children) {
    return (
      <li>
        <RouterNavLink
          to={link.to ?? "#"}
          end
          className={itemClass(active)}
          aria-current={currentPage(link, pathname)}
        >
          {link.label}
        </RouterNavLink>
      </li>
    );
  }

  return (
    <li
      ref={itemRef}
      className="relative flex items-center"
      onMouseEnter={() => {
        openedByHover.current = true;
        setOpen(true);
      }}
      onMouseLeave={() => {
        openedByHover.current = false;
        setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          buttonRef.current?.focus();
          return;
        }
        onMenuKey(event);
      }}
      onBlur={(event) => {
        if (!itemRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      {link.to ? (
        <Link
          to={link.to}
          className={`${itemClass(active)} pe-1`}
          aria-current={currentPage(link, pathname)}
        >
          {link.label}
        </Link>
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={link.to ? t("nav.showSubmenu", { name: link.label }) : undefined}
        onClick={() => {
          // A click on a menu that the pointer just opened by hovering keeps it open.
          if (openedByHover.current) {
            openedByHover.current = false;
            setOpen(true);
          } else {
            setOpen((value) => !value);
          }
        }}
        className={`${itemClass(active)} gap-2 ${link.to ? "ps-1" : ""}`}
      >
        {link.to ? null : link.label}
        <ChevronDown size={16} className={`transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        data-dropdown
        // A class, not the hidden attribute, so the no-script rules of root.tsx can show it.
        className={`absolute start-0 top-full z-50 min-w-64 rounded-lg bg-white py-2 shadow-xl ring-1 ring-navy-900/10 ${open ? "" : "hidden"}`}
      >
        {link.children.map((child) => (
          <li key={child.key}>
            <SubmenuLink
              link={child}
              pathname={pathname}
              className="block px-4 py-2 text-sm hover:bg-sand-100 hover:text-navy-900"
              colors={{ idle: "text-slate-700", current: "text-steel-600" }}
            />
          </li>
        ))}
      </ul>
    </li>
  );
}
