/**
 * The speculation rules read as Chromium reads them: each `href_matches` is a URL pattern
 * relative to the page (Node has the same URLPattern), and `selector_matches` a CSS selector.
 * Which links of a page in each language would be prefetched, and which never.
 */
import { describe, expect, it } from "vitest";
import { isPagePath } from "../shared/page-table.ts";
import { speculationRules } from "./speculation-rules.ts";

interface Where {
  and?: Where[];
  not?: Where;
  href_matches?: string;
  selector_matches?: string;
}

/** Whether `where` holds for a link to `href` on `page`, the link having `attributes`. */
function holds(where: Where, href: string, page: string, attributes: string[]): boolean {
  if (where.and) return where.and.every((part) => holds(part, href, page, attributes));
  if (where.not) return !holds(where.not, href, page, attributes);
  if (where.href_matches !== undefined)
    return new URLPattern(where.href_matches, page).test(new URL(href, page).href);
  if (where.selector_matches !== undefined) {
    // Every selector of the list is an attribute selector ([name] or [name=value], [name~=value]).
    return where.selector_matches.split(",").some((selector) => {
      const [, name = "", , value] = selector.trim().match(/^\[([\w-]+)(~?=(\w+))?\]$/) ?? [];
      const attribute = attributes.find((one) => one.split("=")[0] === name);
      if (!name) throw new Error(`unexpected selector ${selector}`);
      return attribute !== undefined && (value === undefined || attribute.endsWith(`=${value}`));
    });
  }
  throw new Error(`unexpected rule ${JSON.stringify(where)}`);
}

const rulesOf = (lang: "en" | "ar") =>
  JSON.parse(speculationRules(lang)) as {
    prefetch: { source: string; where: Where; eagerness: string }[];
    prerender?: unknown;
  };

function prefetched(lang: "en" | "ar", href: string, attributes: string[] = []) {
  const page = `https://www.example.com/${lang}/news`;
  return rulesOf(lang).prefetch.some((rule) => holds(rule.where, href, page, attributes));
}

describe("speculationRules", () => {
  it("prefetches from the document's links, on hover or press, nothing prerendered", () => {
    for (const lang of ["en", "ar"] as const) {
      const rules = rulesOf(lang);
      expect(rules.prefetch.map((rule) => [rule.source, rule.eagerness])).toEqual([
        ["document", "moderate"],
      ]);
      expect(rules.prerender).toBeUndefined();
    }
  });

  it("allows the pages of the page's language, with any query or fragment", () => {
    for (const lang of ["en", "ar"] as const) {
      for (const href of [
        `/${lang}`,
        `/${lang}/`,
        `/${lang}/projects/2`,
        `/${lang}/news?page=2`,
        `/${lang}/search?q=steel`,
        `/${lang}/contactUs`,
        `/${lang}/overview#iso`,
        `https://www.example.com/${lang}/services/4`,
      ]) {
        expect(isPagePath(new URL(href, "https://www.example.com").pathname), href).toBe(true);
        expect(prefetched(lang, href), href).toBe(true);
      }
    }
  });

  it("never prefetches files, other origins, the other language or the contact form's send", () => {
    for (const [lang, other] of [
      ["en", "ar"],
      ["ar", "en"],
    ] as const) {
      for (const href of [
        `/${lang}/news/feed.xml`,
        "/storage/profile/company-profile.pdf",
        "/img/storage/banner.jpg?w=640",
        "/sitemap.xml",
        `/${lang}/contactUs/send`,
        `/${other}`,
        `/${other}/news`,
        "https://cdn.example.com/en/news",
        "/",
      ]) {
        expect(prefetched(lang, href), href).toBe(false);
      }
      expect(prefetched(lang, `/${lang}/overview`, ["download"])).toBe(false);
      expect(prefetched(lang, `/${lang}/overview`, [`hreflang=${other}`])).toBe(false);
      expect(prefetched(lang, `/${lang}/overview`, ["target=_blank"])).toBe(false);
      expect(prefetched(lang, `/${lang}/overview`, ["target=_self"])).toBe(true);
    }
  });

  it("is the same text on every call, as the policy's hash needs", () => {
    expect(speculationRules("ar")).toBe(speculationRules("ar"));
    expect(speculationRules("en")).not.toBe(speculationRules("ar"));
  });
});
