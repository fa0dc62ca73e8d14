/**
 * The phone menu: a full-screen dialog that locks page scrolling, keeps focus inside, closes
 * with Escape or on choosing a link, and expands sub-menus in place (the current page's section
 * when it opens).
 *
 * It is a popover opened by its button, so it also opens before scripts run or without them
 * (then with every sub-menu shown, see root.tsx); React follows its state through `toggle`.
 */
import type { Language } from "@site/contract";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ChevronDown, CloseIcon, MenuIcon } from "./icons.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { Logo } from "./logo.tsx";
import { currentPage, isActive, type NavLink } from "./navigation.ts";
import { SubmenuLink } from "./submenu-link.tsx";

export function MobileMenu({
  items,
  lang,
  pathname,
  open,
  onOpenChange,
}: {
  items: NavLink[];
  lang: Language;
  pathname: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [expanded, setExpanded] = useState<string | null>(null);
  const panelId = useId();
  const wasOpen = useRef(false);

  // The popover's own state (its button, Escape) told to React; the current section expands.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listener reads the latest props
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const onToggle = (event: Event) => {
      const opened = (event as ToggleEvent).newState === "open";
      if (opened === open) return;
      if (opened)
        setExpanded(items.find((item) => item.children && isActive(item, pathname))?.key ?? null);
      onOpenChange(opened);
    };
    panel.addEventListener("toggle", onToggle);
    return () => panel.removeEventListener("toggle", onToggle);
  }, [open, items, pathname]);

  // React's state shown by the popover (app.css locks page scrolling while it is open); focus
  // moves in, and back to the button when it closes.
  useEffect(() => {
    const panel = panelRef.current;
    if (panel && supportsPopover(panel) && panel.matches(":popover-open") !== open) {
      panel.togglePopover(open);
    }
    if (open) {
      closeRef.current?.focus();
      wasOpen.current = true;
    } else if (wasOpen.current) {
      wasOpen.current = false;
      toggleRef.current?.focus();
    }
  }, [open]);

  const close = () => onOpenChange(false);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Escape") {
      close();
      return;
    }
    if (event.key !== "Tab" || !panelRef.current) return;
    // Keep focus inside the open menu (it covers the whole page).
    const focusable = panelRef.current.querySelectorAll<HTMLElement>(
      "a[href], button:not([disabled])",
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="ms-auto xl:hidden">
      <button
        ref={toggleRef}
        type="button"
        className="rounded-md p-2 text-white hover:text-amber-brand"
        // The browser says whether it is expanded (popovertarget; aria-expanded is not allowed).
        aria-label={t("nav.openMenu")}
        popoverTarget={panelId}
        // Browsers without popovers: React opens it (app.css hides it while closed).
        onClick={() => {
          if (panelRef.current && !supportsPopover(panelRef.current)) onOpenChange(!open);
        }}
      >
        <MenuIcon size={28} />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        role="dialog"
        aria-modal="true"
        aria-label={t("nav.label")}
        popover="auto"
        data-phone-menu
        data-open={open || undefined}
        onKeyDown={onKeyDown}
        className="focus-on-dark fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none overflow-y-auto border-0 bg-navy-950 p-0 text-white motion-safe:animate-fade-in"
      >
        <div className="flex h-20 items-center justify-between px-4 sm:px-6">
          <Logo />
          <button
            ref={closeRef}
            type="button"
            className="rounded-md p-2 hover:text-amber-brand"
            aria-label={t("nav.closeMenu")}
            onClick={close}
          >
            <CloseIcon size={28} />
          </button>
        </div>
        <nav aria-label={t("nav.label")} className="px-4 pb-10 sm:px-6">
          <ul className="divide-y divide-white/10 border-y border-white/10">
            {items.map((item) => {
              const active = isActive(item, pathname);
              if (!item.children) {
                return (
                  <li key={item.key}>
                    <Link
                      to={item.to ?? "#"}
                      onClick={close}
                      aria-current={currentPage(item, pathname)}
                      className={`block py-4 text-lg font-medium ${active ? "text-amber-brand" : ""}`}
                    >
                      {item.label}
                    </Link>
                  </li>
                );
              }
              const isOpen = expanded === item.key;
              const subId = `${panelId}-${item.key}`;
              return (
                <li key={item.key}>
                  <button
                    type="button"
                    aria-expanded={isOpen}
                    aria-controls={subId}
                    onClick={() => setExpanded(isOpen ? null : item.key)}
                    className={`flex w-full items-center justify-between py-4 text-start text-lg font-medium ${active ? "text-amber-brand" : ""}`}
                  >
                    {item.label}
                    <ChevronDown className={`transition-transform ${isOpen ? "rotate-180" : ""}`} />
                  </button>
                  <ul id={subId} data-submenu className={`pb-3 ps-4 ${isOpen ? "" : "hidden"}`}>
                    {item.children.map((child) => (
                      <li key={child.key}>
                        <SubmenuLink
                          link={child}
                          pathname={pathname}
                          onChoose={close}
                          className="block py-2.5 text-base hover:text-amber-brand"
                          colors={{ idle: "text-white/85", current: "text-amber-brand" }}
                        />
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
          <LanguageSwitcher lang={lang} reload={false} onSwitch={close} className="mt-8" />
        </nav>
      </div>
    </div>
  );
}

/** Whether the browser has popovers (Baseline since 2024; older ones get React's state only). */
function supportsPopover(element: HTMLElement): boolean {
  return typeof element.togglePopover === "function";
}
