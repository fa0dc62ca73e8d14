/**
 * The one inline script of every page (root.tsx): what every page does, from the moment it is
 * parsed (decision 013):
 * - lazy images load as they come near the viewport (lazy-images.ts);
 * - the ISO certificates fade in as they come into view (reveal-in-view.ts);
 * - the header turns translucent once the page is scrolled (scrolled-page.ts);
 * - the page's language is saved for the next visit to `/` (save-language.ts);
 * - the header's menus open and close (site-menus.ts);
 * - an image that fails shows the site's "no image" picture (broken-images.ts);
 * - a link that loads a new page shows the loading indicator (leaving-page.ts);
 * - the islands' script loads after the first paint, or on the first focus of the search
 *   field (islands-after-paint.ts);
 * - a cross-fade between pages that Chromium skips reports no error (view-transitions.ts).
 * On most pages it is the only script: only pages with islands load another (app/islands).
 * Each function is written in TypeScript, tested there, and inlined with `toString()`.
 */
import { type Language, languages } from "@site/contract/languages";
// Vite's one way to a separately bundled script's address in both builds is the worker's.
import islandsScript from "../islands/hydrate.ts?worker&url";
import { REDUCED_MOTION_QUERY } from "../islands/parts/carousel-layout.ts";
import { NO_IMAGE } from "../shared/image-kinds.ts";
import { DEFAULT_LANGUAGE_MARK, HOME_PATH, LANGUAGE_KEY, PAGE_PATH } from "../shared/page-table.ts";
import { replaceBrokenImages } from "./broken-images.ts";
import { loadIslandsAfterPaint, loadIslandsOnFocus } from "./islands-after-paint.ts";
import { LAZY_MARGIN, loadLazyImage, watchLazyImages } from "./lazy-images.ts";
import { showLoadingOnLeave } from "./leaving-page.ts";
import {
  REVEAL_THRESHOLD,
  revealInView,
  STAGGER_START_S,
  STAGGER_STEP_S,
} from "./reveal-in-view.ts";
import { saveLanguage } from "./save-language.ts";
import { SCROLL_THRESHOLD, SCROLL_THROTTLE_MS, watchScrolledPage } from "./scrolled-page.ts";
import { watchMenus } from "./site-menus.ts";
import { throttle } from "./throttle.ts";
import { quietSkippedTransitions } from "./view-transitions.ts";

const call = (fn: (...args: never[]) => void, ...args: string[]) =>
  `(${fn.toString()})(${args.join(", ")});`;

const scripts = new Map<Language | null, string>();

/**
 * The script of a page; `lang` is the language in its URL (none for pages outside one). Made
 * once per language: every render of the document asks for it.
 */
export function pageScript(lang: Language | null): string {
  let script = scripts.get(lang);
  if (script === undefined) {
    script = scriptFor(lang);
    scripts.set(lang, script);
  }
  return script;
}

function scriptFor(lang: Language | null): string {
  return [
    call(replaceBrokenImages, JSON.stringify(NO_IMAGE)),
    call(watchLazyImages, JSON.stringify(LAZY_MARGIN), loadLazyImage.toString()),
    call(
      revealInView,
      String(REVEAL_THRESHOLD),
      String(STAGGER_START_S),
      String(STAGGER_STEP_S),
      JSON.stringify(REDUCED_MOTION_QUERY),
    ),
    call(
      watchScrolledPage,
      throttle.toString(),
      String(SCROLL_THRESHOLD),
      String(SCROLL_THROTTLE_MS),
    ),
    lang
      ? call(
          saveLanguage,
          JSON.stringify(lang),
          JSON.stringify(LANGUAGE_KEY),
          JSON.stringify(DEFAULT_LANGUAGE_MARK),
          JSON.stringify(languages),
        )
      : "",
    call(watchMenus),
    // The address patterns, written out as regular expression literals.
    call(showLoadingOnLeave, String(HOME_PATH), String(PAGE_PATH)),
    call(quietSkippedTransitions),
    import.meta.env.DEV ? "" : call(loadIslandsAfterPaint, JSON.stringify(islandsScript)),
    import.meta.env.DEV ? "" : call(loadIslandsOnFocus, JSON.stringify(islandsScript)),
  ].join("\n");
}
