/**
 * The screens of SPEC.md section 8 as the server renders them, in both languages: the general
 * error screen with the error's own message and its two links, and the router's fallback
 * (which no address of the site reaches today: every failure inside a page has its screen).
 */
import type { Language } from "@site/contract/languages";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import ar from "../i18n/ar.json";
import en from "../i18n/en.json";
import { i18nFor } from "../i18n/index.ts";
import { ErrorScreen, FallbackScreen } from "./error-screens.tsx";

const strings = { en, ar };

/** `screen` rendered at `address` in `lang`: its heading, paragraphs and links, as markup. */
function rendered(lang: Language, screen: ReactNode, address = "/") {
  const html = renderToStaticMarkup(
    createElement(
      MemoryRouter,
      { initialEntries: [address] },
      createElement(I18nextProvider, { i18n: i18nFor(lang) }, screen),
    ),
  );
  const all = (pattern: RegExp) => [...html.matchAll(pattern)];
  return {
    heading: /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1],
    paragraphs: all(/<p[^>]*>(.*?)<\/p>/gs).map((match) => match[1]),
    links: all(/<a[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gs).map((match) => [match[2], match[1]]),
  };
}

describe.each(["en", "ar"] as const)("error screens (%s)", (lang) => {
  const text = strings[lang];

  it("the general screen: 'Error', the fixed sentence, the error's message as text, then 'Try Again' (this address) and 'Go Back Home' (/)", () => {
    const message = "The <b>service</b> said no";
    const screen = rendered(lang, createElement(ErrorScreen, { message }), `/${lang}/news?page=2`);
    expect(screen.heading).toBe(text["error.title"]);
    // The message is text, never markup.
    expect(screen.paragraphs).toEqual([
      text["error.message"],
      "The &lt;b&gt;service&lt;/b&gt; said no",
    ]);
    expect(screen.links).toEqual([
      [text["error.tryAgain"], `/${lang}/news?page=2`],
      [text["error.goHome"], "/"],
    ]);
  });

  it("the general screen without a message shows the fixed sentence alone", () => {
    const screen = rendered(lang, createElement(ErrorScreen, {}));
    expect(screen.paragraphs).toEqual([text["error.message"]]);
  });

  it("the router's fallback: 'Unexpected Application Error!' with the message, and a way home", () => {
    const screen = rendered(lang, createElement(FallbackScreen, { message: "500 Boom" }));
    expect(screen.heading).toBe(text["error.unexpected"]);
    expect(screen.paragraphs).toEqual(["500 Boom"]);
    expect(screen.links).toEqual([[text["error.goHome"], "/"]]);
  });
});
