/**
 * The speculation rules of every page (decision 022): Chromium prefetches the page a link leads
 * to once the pointer rests on it or presses it ("moderate" eagerness), so the click finds the
 * next page's HTML already there. Only the site's own pages in the page's language: the address
 * of a page is `isPagePath`'s (page-table.ts), here as a URL pattern. Never a file (a dot in the
 * path: the company-profile PDF, the Atom feed, `/storage/...`, `/img/...`), another origin, the
 * other language (its switcher carries `hreflang`), a download, a link opening another window,
 * or the address the live contact form sends to. Browsers without speculation rules take the
 * block for data and ignore it.
 *
 * An inline script the Content-Security-Policy allows by its hash, like the page script
 * (server/http/security-headers.ts): made once per language, so every page of a language
 * carries the same bytes.
 */
import type { Language } from "@site/contract/languages";
import { contactSendHref } from "../shared/page-table.ts";

/**
 * Links never prefetched whatever their address: downloads, the other language's pages, links
 * to another window.
 */
const EXCLUDED_LINKS = "[download], [hreflang], [target=_blank], [rel~=nofollow]";

/**
 * The pages of `lang`, as a URL pattern (relative to the page, so the page's origin): `/en`,
 * then anything without a dot (`isPagePath`), any query.
 */
const pagesOf = (lang: Language) => `/${lang}(/[^.]*)?`;

const rules = new Map<Language, string>();

/** The rules of a page in `lang` (the text of its `<script type="speculationrules">`). */
export function speculationRules(lang: Language): string {
  let text = rules.get(lang);
  if (text === undefined) {
    text = JSON.stringify({
      prefetch: [
        {
          source: "document",
          where: {
            and: [
              { href_matches: pagesOf(lang) },
              { not: { href_matches: contactSendHref(lang) } },
              { not: { selector_matches: EXCLUDED_LINKS } },
            ],
          },
          eagerness: "moderate",
        },
      ],
    });
    rules.set(lang, text);
  }
  return text;
}
