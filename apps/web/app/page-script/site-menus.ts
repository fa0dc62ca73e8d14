/**
 * The header's menus: every page runs this from its inline script (page-script.ts), from the
 * moment it is parsed. The function is inlined with `toString()`: it must not use anything
 * from outside its body.
 *
 * The markup (header.tsx, mobile-menu.tsx) keeps each menu's state in its button's
 * `aria-expanded`, which the CSS follows (`peer-aria-expanded:block`); the server renders it
 * closed.
 *
 * - Desktop dropdowns (`[data-menu-item]` with a `[data-menu-button]` and a `[data-dropdown]`),
 *   the disclosure menu pattern: the button toggles; hovering opens; Escape closes and gives
 *   focus back to the button; ArrowDown/ArrowUp on the button open at the first/last entry, in
 *   the menu they go round the entries, Home and End go to the ends; focus leaving, a pointer
 *   elsewhere or choosing an entry closes.
 * - The phone menu (`[data-phone-menu]`, a popover its buttons open and close): when it opens,
 *   the current page's section is expanded and focus goes to its close button; Tab stays inside;
 *   choosing a link closes it; the rest of the page is inert while it is open; widened past
 *   the phone layout, it closes; its sub-menus (`[data-submenu-button]`) expand one at a time.
 *   Browsers without popovers get the same through `data-open` (app.css hides it while closed).
 */
export function watchMenus(): void {
  const entryKeys = ["ArrowDown", "ArrowUp", "Home", "End"];
  /** The dropdown the pointer opened: a click on its button then keeps it open. */
  let hovered: Element | null = null;
  const closest = (target: EventTarget | null, selector: string) =>
    target instanceof Element ? target.closest<HTMLElement>(selector) : null;
  const buttonOf = (item: Element) => item.querySelector<HTMLElement>("[data-menu-button]");
  const entriesOf = (item: Element) =>
    Array.from(item.querySelectorAll<HTMLElement>("[data-dropdown] a[href]"));
  const isOpen = (item: Element) => buttonOf(item)?.getAttribute("aria-expanded") === "true";
  const setOpen = (item: Element, open: boolean) => {
    buttonOf(item)?.setAttribute("aria-expanded", String(open));
    if (!open && item === hovered) hovered = null;
  };
  const openItems = () =>
    Array.from(document.querySelectorAll("[data-menu-item]")).filter((item) => isOpen(item));

  document.addEventListener("mouseover", (event) => {
    const item = closest(event.target, "[data-menu-item]");
    if (!item || item.contains(event.relatedTarget as Node | null) || isOpen(item)) return;
    setOpen(item, true);
    hovered = item;
  });
  document.addEventListener("mouseout", (event) => {
    const item = closest(event.target, "[data-menu-item]");
    if (item && !item.contains(event.relatedTarget as Node | null)) setOpen(item, false);
  });
  document.addEventListener("focusout", (event) => {
    const item = closest(event.target, "[data-menu-item]");
    if (item && !item.contains(event.relatedTarget as Node | null)) setOpen(item, false);
  });
  document.addEventListener("pointerdown", (event) => {
    for (const item of openItems()) if (!item.contains(event.target as Node)) setOpen(item, false);
  });

  const phoneMenu = () => document.querySelector<HTMLElement>("[data-phone-menu]");
  const hasPopovers = typeof HTMLElement.prototype.togglePopover === "function";
  /** What opening the phone menu made inert: the rest of the page, given back on closing. */
  let madeInert: Element[] = [];
  const setPageInert = (panel: HTMLElement, inert: boolean) => {
    for (const element of madeInert) element.removeAttribute("inert");
    madeInert = [];
    if (!inert) return;
    for (let node: Element = panel; node.parentElement; node = node.parentElement) {
      for (const sibling of Array.from(node.parentElement.children)) {
        if (sibling === node || sibling.hasAttribute("inert")) continue;
        sibling.setAttribute("inert", "");
        madeInert.push(sibling);
      }
      if (node.parentElement === document.body) break;
    }
  };
  const showPhoneMenu = (panel: HTMLElement, open: boolean) => {
    if (hasPopovers) panel.togglePopover(open);
    else {
      setPageInert(panel, open);
      panel.toggleAttribute("data-open", open);
      onPhoneMenuToggle(panel, open);
    }
  };
  const onPhoneMenuToggle = (panel: HTMLElement, open: boolean) => {
    if (open) {
      for (const button of panel.querySelectorAll("[data-submenu-button]"))
        button.setAttribute("aria-expanded", String(button.hasAttribute("data-current")));
      // Popovers say they opened a moment later: a field in the menu focused by then keeps it.
      if (!panel.contains(document.activeElement))
        panel.querySelector<HTMLElement>("[data-menu-close]")?.focus();
    } else if (!document.activeElement || document.activeElement === document.body) {
      document.querySelector<HTMLElement>(`[popovertarget="${panel.id}"]`)?.focus();
    }
  };
  // Widened past the phone layout (a tablet turned), the menu is hidden: closed, not left open
  // over an inert page.
  window.addEventListener("resize", () => {
    const panel = phoneMenu();
    const open = panel?.matches(hasPopovers ? ":popover-open" : "[data-open]");
    if (panel && open && panel.getClientRects().length === 0) showPhoneMenu(panel, false);
  });
  // Popovers' toggle events do not bubble: listen while they go down (capture). The menu is
  // modal (aria-modal): a screen reader's cursor must not wander out of it either. The page is
  // given back before the menu closes, so that the browser can return focus to its button.
  const onPhoneMenu = [
    ["beforetoggle", setPageInert],
    ["toggle", onPhoneMenuToggle],
  ] as const;
  for (const [type, handle] of onPhoneMenu)
    document.addEventListener(
      type,
      (event) => {
        const panel = event.target;
        if (panel instanceof HTMLElement && panel.matches("[data-phone-menu]"))
          handle(panel, (event as ToggleEvent).newState === "open");
      },
      true,
    );

  document.addEventListener("click", (event) => {
    const target = event.target;
    const menuButton = closest(target, "[data-menu-button]");
    if (menuButton) {
      const item = closest(menuButton, "[data-menu-item]");
      if (!item) return;
      if (item === hovered) hovered = null;
      else setOpen(item, !isOpen(item));
      return;
    }
    const submenuButton = closest(target, "[data-submenu-button]");
    if (submenuButton) {
      const expand = submenuButton.getAttribute("aria-expanded") !== "true";
      for (const button of document.querySelectorAll("[data-submenu-button]"))
        button.setAttribute("aria-expanded", String(expand && button === submenuButton));
      return;
    }
    const panel = phoneMenu();
    if (!hasPopovers && panel) {
      const opener = closest(target, `[popovertarget="${panel.id}"]`);
      if (opener) {
        const action = opener.getAttribute("popovertargetaction");
        const open =
          action === "hide" ? false : action === "show" || !panel.hasAttribute("data-open");
        showPhoneMenu(panel, open);
        return;
      }
    }
    const link = closest(target, "a[href]");
    if (!link) return;
    const item = closest(link, "[data-menu-item]");
    if (item) setOpen(item, false);
    if (panel?.contains(link)) showPhoneMenu(panel, false);
  });

  document.addEventListener("keydown", (event) => {
    const target = event.target as HTMLElement;
    const panel = closest(target, "[data-phone-menu]");
    if (panel) {
      if (event.key === "Escape" && !hasPopovers) showPhoneMenu(panel, false);
      if (event.key !== "Tab") return;
      const focusable = Array.from(
        panel.querySelectorAll<HTMLElement>("a[href], button:not([disabled])"),
      ).filter((element) => element.offsetParent !== null);
      const first = focusable[0];
      const last = focusable.at(-1);
      if (event.shiftKey && target === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && target === last) {
        event.preventDefault();
        first?.focus();
      }
      return;
    }

    const item = closest(target, "[data-menu-item]");
    // Escape closes every open dropdown, the one the pointer opened too, wherever focus is;
    // from inside an open one, focus goes back to its button.
    if (event.key === "Escape") {
      const open = openItems();
      for (const each of open) setOpen(each, false);
      if (item && open.includes(item)) buttonOf(item)?.focus();
      return;
    }
    if (!item) return;
    const button = buttonOf(item);
    if (!entryKeys.includes(event.key)) return;
    const entries = entriesOf(item);
    if (target === button) {
      if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
      event.preventDefault();
      setOpen(item, true);
      (event.key === "ArrowDown" ? entries[0] : entries.at(-1))?.focus();
      return;
    }
    const index = entries.indexOf(target);
    if (index === -1) return;
    event.preventDefault();
    const next =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? entries.length - 1
          : (index + (event.key === "ArrowDown" ? 1 : -1) + entries.length) % entries.length;
    entries[next]?.focus();
  });
}
