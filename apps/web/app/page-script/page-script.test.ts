/**
 * The inline page script runs on its own: every function it inlines uses nothing from outside
 * its body (a stray import would throw a ReferenceError in the browser, not here).
 */
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { pageScript } from "./page-script.ts";

/** Just enough of a browser for the script: a document with one waiting image, a window. */
function browserLike(scrollY: number) {
  const listeners: Record<string, () => void> = {};
  const image = {
    dataset: { lazy: "", src: "/img?w=480", srcset: "/img?w=480 480w", sizes: "100vw" } as Record<
      string,
      string
    >,
    src: "data:,",
    srcset: "",
    sizes: "",
    removeAttribute(name: string) {
      if (name === "data-lazy") delete this.dataset.lazy;
    },
  };
  /** An image whose host answered 404 before the script ran, and one that loaded. */
  const failed = {
    dataset: {} as Record<string, string>,
    complete: true,
    naturalWidth: 0,
    currentSrc: "https://elsewhere.example/gone.jpg",
    loading: "eager",
    src: "https://elsewhere.example/gone.jpg",
    parentElement: { tagName: "P" },
    removeAttribute() {},
    decode: () => Promise.reject(new Error("EncodingError")),
  };
  const loaded = { ...failed, naturalWidth: 640, src: "https://elsewhere.example/ok.jpg" };
  /** A certificate waiting to fade in. */
  const card = { dataset: { reveal: "waiting" } as Record<string, string>, style: {} };
  /** The loading indicators (components/loading.tsx), hidden until a link is followed. */
  const indicators = [
    { dataset: { loading: "home" }, hidden: true },
    { dataset: { loading: "page" }, hidden: true },
  ];
  const documentElement = { dataset: {} as Record<string, string> };
  const documentListeners: string[] = [];
  const context = {
    document: {
      documentElement,
      images: [failed, loaded],
      cookie: "",
      querySelectorAll: (selector: string) =>
        selector.includes("data-lazy")
          ? [image]
          : selector.includes("data-reveal")
            ? [card]
            : selector.includes("data-loading")
              ? indicators
              : [],
      addEventListener: (type: string) => documentListeners.push(type),
    },
    HTMLElement: class {},
    window: {
      scrollY,
      addEventListener: (type: string, listener: () => void) => {
        listeners[type] = listener;
      },
    },
    localStorage: new Map<string, string>(),
    setTimeout,
    clearTimeout,
  };
  Object.assign(context, {
    location: { origin: "https://www.example.com", pathname: "/en/news", search: "", replace() {} },
    // Just enough of a link for leaving-page.ts: the element clicked is the link.
    Element: FakeElement,
    HTMLAnchorElement: FakeLink,
    URL,
  });
  (context.localStorage as unknown as { getItem: unknown }).getItem = (key: string) =>
    context.localStorage.get(key) ?? null;
  (context.localStorage as unknown as { setItem: unknown }).setItem = (
    key: string,
    value: string,
  ) => context.localStorage.set(key, value);
  return {
    context,
    image,
    failed,
    loaded,
    card,
    indicators,
    documentElement,
    listeners,
    documentListeners,
  };
}

class FakeElement {
  closest() {
    return this;
  }
  hasAttribute() {
    return false;
  }
}

class FakeLink extends FakeElement {
  target = "";
  href: string;
  constructor(href: string) {
    super();
    this.href = href;
  }
}

describe("pageScript", () => {
  it("loads waiting images, replaces broken ones, marks a scrolled page and saves the language, on its own", async () => {
    const browser = browserLike(120);
    vm.runInNewContext(pageScript("ar"), browser.context);
    // No IntersectionObserver here: every image loads at once.
    expect(browser.image.src).toBe("/img?w=480");
    expect(browser.image.srcset).toBe("/img?w=480 480w");
    expect(browser.image.dataset.lazy).toBeUndefined();
    // Nor a certificate waits for a fade it cannot have.
    expect(browser.card.dataset.reveal).toBe("static");
    // Read once the page has loaded, and on scroll events (not while it is being parsed).
    expect(browser.documentElement.dataset.scrolled).toBeUndefined();
    expect(typeof browser.listeners.load).toBe("function");
    browser.listeners.load?.();
    expect(browser.documentElement.dataset.scrolled).toBe("");
    expect(typeof browser.listeners.scroll).toBe("function");
    expect(browser.context.document.cookie).toMatch(/^language=ar; Path=\/;/);
    expect(browser.context.localStorage.get("language")).toBe("ar");
    // The header's menus and the loading indicator listen (their behaviour: e2e/shell.spec.ts,
    // e2e/leaving-page.spec.ts).
    expect(browser.documentListeners).toEqual(
      expect.arrayContaining(["click", "keydown", "error"]),
    );
    // An image that failed before the script ran shows the "no image" picture; others stay.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(browser.failed.src).toBe("/no-image.svg");
    expect(browser.loaded.src).toBe("https://elsewhere.example/ok.jpg");
    expect(typeof browser.listeners.click).toBe("function");
  });

  it("shows the loading indicator of the page a link of the site leads to, none for a file", () => {
    const browser = browserLike(0);
    vm.runInNewContext(pageScript("en"), browser.context);
    const click = (href: string) => {
      for (const indicator of browser.indicators) indicator.hidden = true;
      const target = new FakeLink(new URL(href, "https://www.example.com").href);
      const event = { defaultPrevented: false, button: 0, target };
      (browser.listeners.click as (event: unknown) => void)(event);
      return browser.indicators
        .filter((indicator) => !indicator.hidden)
        .map((i) => i.dataset.loading);
    };
    // The address patterns of page-table.ts, inlined: every language, any case.
    expect(click("/ar")).toEqual(["home"]);
    expect(click("/")).toEqual(["home"]);
    expect(click("/ar/news/3")).toEqual(["page"]);
    expect(click("/EN/Projects")).toEqual(["page"]);
    expect(click("/en/news/feed.xml")).toEqual([]);
    expect(click("/fr/news")).toEqual([]);
    expect(click("https://elsewhere.example/en")).toEqual([]);
  });

  it("leaves a page at the top unmarked, and saves nothing outside a language", () => {
    const browser = browserLike(0);
    vm.runInNewContext(pageScript(null), browser.context);
    // The listener must be there, or "unmarked" would hold for a script that never looks.
    expect(typeof browser.listeners.load).toBe("function");
    browser.listeners.load?.();
    expect(browser.documentElement.dataset.scrolled).toBeUndefined();
    expect(browser.context.document.cookie).toBe("");
  });
});
