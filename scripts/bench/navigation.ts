/**
 * Part 5 of `npm run bench` (issue 33): how long a click on a link takes to show the next page,
 * in Chromium (the full browser Lighthouse uses, headless, at 1280 px): a page is opened, the
 * pointer rests on a link for 200 ms, the link is pressed, and the time from the press
 * (`mousedown` in the page left) to the next page's first contentful paint is taken. With the
 * speculation rules of app/page-script/speculation-rules.ts, the rest of the pointer is what
 * lets Chromium prefetch the page ("moderate" eagerness), so the click finds it ready.
 * Each run is a fresh browser context (no cache), on the site's own loopback server, no
 * throttling: the figure is the browser's and the server's share, not a network's.
 */

import os from "node:os";
import { type Browser, chromium, type Page } from "@playwright/test";
import type { Language } from "@site/contract";
import { chromiumArgs, chromiumPath } from "../../e2e/support/env.ts";
import { fixed, table } from "./format.ts";
import { progress } from "./processes.ts";
import { median } from "./stats.ts";

/** How long the pointer rests on the link before the click. */
const HOVER_MS = 200;
/** Issue 33's budget: click to the next page's first contentful paint. */
export const CLICK_TO_PAINT_GOAL_MS = 100;

/** A page, and the link on it that is clicked (the first visible one `link` selects). */
interface Click {
  from: string;
  link: string;
}

const clicksOf = (lang: Language): Click[] => [
  { from: `/${lang}`, link: `header a[href="/${lang}/news"]` },
  { from: `/${lang}/projects`, link: `main a[href^="/${lang}/projects/"]` },
  { from: `/${lang}/news`, link: `main a[href^="/${lang}/news/"]:not([href$=".xml"])` },
  { from: `/${lang}/services`, link: `header a[href="/${lang}/contactUs"]` },
];

export interface NavigationRow {
  /** The machine's 1-minute load average when this row's clicks began. */
  loadAverage: number;
  from: string;
  to: string;
  /** Click to first contentful paint of each run, in ms. */
  runsMs: number[];
  medianMs: number | null;
  /** How the next page came, in the median run (`navigational-prefetch` when prefetched). */
  deliveryType: string;
}

/** Marks the time of the press on the page being left; kept for the next page of the tab. */
const markPress = () => {
  addEventListener(
    "mousedown",
    (event) =>
      sessionStorage.setItem("bench-press", String(performance.timeOrigin + event.timeStamp)),
    true,
  );
};

/** On the page arrived at: its first contentful paint after the press, and how it came. */
const paintAfterPress = () =>
  new Promise<{ ms: number; deliveryType: string }>((resolve) => {
    new PerformanceObserver((entries, observer) => {
      const paint = entries.getEntriesByName("first-contentful-paint")[0];
      if (!paint) return;
      observer.disconnect();
      const pressed = Number(sessionStorage.getItem("bench-press"));
      const navigation = performance.getEntriesByType("navigation")[0] as
        | (PerformanceNavigationTiming & { deliveryType?: string })
        | undefined;
      resolve({
        ms: performance.timeOrigin + paint.startTime - pressed,
        deliveryType: navigation?.deliveryType || "network",
      });
    }).observe({ type: "paint", buffered: true });
  });

async function oneClick(
  browser: Browser,
  base: string,
  click: Click,
  reducedMotion: boolean,
): Promise<{ to: string; ms: number; deliveryType: string }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: reducedMotion ? "reduce" : "no-preference",
  });
  try {
    const page: Page = await context.newPage();
    await page.addInitScript(markPress);
    await page.goto(base + click.from, { waitUntil: "networkidle" });
    const link = page.locator(click.link).filter({ visible: true }).first();
    const to = (await link.getAttribute("href")) ?? "?";
    await link.hover();
    await page.waitForTimeout(HOVER_MS);
    await Promise.all([
      page.waitForURL((url) => url.pathname === to, { waitUntil: "commit" }),
      (async () => {
        await page.mouse.down();
        await page.mouse.up();
      })(),
    ]);
    const { ms, deliveryType } = await page.evaluate(paintAfterPress);
    return { to, ms, deliveryType };
  } finally {
    await context.close();
  }
}

/**
 * `runs` clicks of each kind in each language, one at a time; `reducedMotion`: as a visitor who
 * asks for reduced motion (no view transition, no entrance animations).
 */
export async function navigationBench(
  base: string,
  languages: readonly Language[],
  runs: number,
  reducedMotion = false,
): Promise<NavigationRow[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: chromiumArgs,
    headless: true,
  });
  try {
    const rows: NavigationRow[] = [];
    for (const lang of languages) {
      for (const click of clicksOf(lang)) {
        const loadAverage = os.loadavg()[0] ?? 0;
        // One click first, not counted: the next page is in the server's page cache.
        await oneClick(browser, base, click, reducedMotion);
        const done: { to: string; ms: number; deliveryType: string }[] = [];
        for (let run = 0; run < runs; run++)
          done.push(await oneClick(browser, base, click, reducedMotion));
        const medianMs = median(done.map((one) => one.ms));
        const middle = done.find((one) => one.ms === medianMs);
        const row: NavigationRow = {
          loadAverage,
          from: click.from,
          to: done[0]?.to ?? "?",
          runsMs: done.map((one) => Math.round(one.ms)),
          medianMs,
          deliveryType: middle?.deliveryType ?? "",
        };
        progress(`click ${row.from} → ${row.to}: ${row.runsMs.join(" ")} ms`);
        rows.push(row);
      }
    }
    return rows;
  } finally {
    await browser.close();
  }
}

export function navigationTable(
  rows: NavigationRow[],
  runs: number,
  reducedMotion = false,
): string {
  return table(
    `Click to the next page's first contentful paint (Chromium, 1280 px, link hovered first${
      reducedMotion ? ", reduced motion" : ""
    })`,
    ["from", "to", "median ms", "runs ms", "delivered as", "load"],
    rows.map((row) => [
      row.from,
      row.to,
      fixed(row.medianMs),
      row.runsMs.join(" "),
      row.deliveryType,
      fixed(row.loadAverage, 1),
    ]),
    [
      `pointer on the link for ${HOVER_MS} ms, then pressed; median of ${runs} runs, each in a fresh context; goal at most ${CLICK_TO_PAINT_GOAL_MS} ms`,
      "load: the machine's 1-minute load average as the row began (2 cores: above 2, other work shares them)",
    ],
    2,
  );
}
