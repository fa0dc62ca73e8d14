/**
 * Suggestions as you type (issue 31): the search field's island (islands/search-combobox.tsx)
 * loads its script only on the field's first focus, then is a WAI-ARIA combobox with a grouped
 * listbox, worked by the keyboard, right to left in Arabic; its JSON endpoint is bounded,
 * briefly cached and rate limited. Both languages, both widths (the header's field on
 * desktops, the phone menu's on phones), against the real server and reference API.
 */
import { allNews, type Lang, languages, t } from "./support/content.ts";
import { startSiteWithApi } from "./support/site.ts";
import { expect, type Page, type TestInfo, test } from "./support/test.ts";

const isPhone = (testInfo: TestInfo) => testInfo.project.name === "phone";

/** The header's search field (on phones, in the menu, opened first). */
async function searchField(page: Page, lang: Lang, testInfo: TestInfo) {
  if (isPhone(testInfo)) {
    await page.getByRole("button", { name: t(lang, "nav.openMenu") }).click();
  }
  const field = page.locator(`#search-${isPhone(testInfo) ? "menu" : "header"}`);
  await expect(field).toBeVisible();
  return field;
}

/** The script files the page has fetched so far. */
const scriptFiles = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((name) => name.endsWith(".js")),
  );

/** A word of a news title that suggestions find: five letters or more. */
async function titleWord(lang: Lang) {
  const [story] = await allNews(lang);
  const word =
    story?.title
      .split(/[\s،:()–\-,.]+/)
      .map((part) => part.replace(/[\u064B-\u065F\u0670\u0640]/g, ""))
      .find((part) => /^\p{L}{5,}$/u.test(part)) ?? "";
  return { story, word };
}

test.describe("the search field's script", () => {
  test.use({ waitForScripts: false });

  for (const lang of languages) {
    test(`/${lang}: a page without other islands loads no script until the field is used`, async ({
      page,
    }, testInfo) => {
      await page.goto(`/${lang}/news`);
      await page.waitForLoadState("networkidle");
      expect(await scriptFiles(page)).toEqual([]);
      const root = page.locator('island-root[data-island="search-combobox"]');
      await expect(root).not.toHaveCount(0);
      await expect(page.locator("island-root[data-hydrated]")).toHaveCount(0);
      // Before it is live, the field is the plain search field the server sent.
      const field = await searchField(page, lang, testInfo);
      await expect(field).toHaveAttribute("type", "search");
      await expect(field).not.toHaveAttribute("role", "combobox");
      expect(await scriptFiles(page)).toEqual([]);

      await field.focus();
      await expect(field).toHaveAttribute("role", "combobox");
      await expect(field).toHaveAttribute("aria-expanded", "false");
      const files = await scriptFiles(page);
      expect(files.some((file) => /^\/assets\/hydrate-[\w-]+\.js$/.test(file))).toBe(true);
      // Only the field that was used is live.
      await expect(page.locator("island-root[data-hydrated]")).toHaveCount(1);
    });
  }
});

test.describe("the combobox", () => {
  for (const lang of languages) {
    test(`/${lang}: suggestions by keyboard, grouped by kind, with screen-reader roles`, async ({
      page,
    }, testInfo) => {
      // The site's Content-Security-Policy allows the island's requests: nothing refused,
      // and no script error (a 503 "being prepared" on a first search is answered, not an error).
      const problems: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text()))
          problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(error.message));
      const { word } = await titleWord(lang);
      await page.goto(`/${lang}/services`);
      const field = await searchField(page, lang, testInfo);
      await field.focus();
      await page.keyboard.type(word);

      const listbox = page.getByRole("listbox", { name: t(lang, "search.suggestions") });
      await expect(listbox).toBeVisible();
      await expect(field).toHaveAttribute("aria-expanded", "true");
      await expect(field).toHaveAttribute(
        "aria-controls",
        (await listbox.getAttribute("id")) ?? "",
      );
      const options = listbox.getByRole("option");
      const count = await options.count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(6);
      // Grouped by kind, each group named by its kind in the page's language.
      const groups = listbox.getByRole("group");
      const kindNames = ["news", "projects", "services", "pages"].map((kind) =>
        t(lang, `search.filter.${kind}` as "search.filter.news"),
      );
      for (const name of await groups.evaluateAll((all) =>
        all.map(
          (group) =>
            document.getElementById(group.getAttribute("aria-labelledby") ?? "")?.textContent,
        ),
      )) {
        expect(kindNames).toContain(name);
      }
      await expect(options.first().locator("mark").first()).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: String(count) })).toHaveCount(1);
      // Right to left in Arabic.
      expect(await listbox.evaluate((element) => getComputedStyle(element).direction)).toBe(
        lang === "ar" ? "rtl" : "ltr",
      );

      // Down and Up move through the options, focus staying in the field.
      await page.keyboard.press("ArrowDown");
      const ids = await options.evaluateAll((all) => all.map((option) => option.id));
      await expect(field).toHaveAttribute("aria-activedescendant", ids[0] ?? "");
      await expect(options.first()).toHaveAttribute("aria-selected", "true");
      await expect(field).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(field).toHaveAttribute("aria-activedescendant", ids.at(-1) ?? "");
      await page.keyboard.press("ArrowDown");
      await expect(field).toHaveAttribute("aria-activedescendant", ids[0] ?? "");

      // Escape closes the list, then empties the field.
      await page.keyboard.press("Escape");
      await expect(field).toHaveAttribute("aria-expanded", "false");
      await expect(listbox).toBeHidden();
      await expect(field).not.toHaveAttribute("aria-activedescendant");
      await expect(field).toHaveValue(word);
      await page.keyboard.press("Escape");
      await expect(field).toHaveValue("");

      // A word nothing matches is said too, not met with silence.
      await page.keyboard.type("qxzjqv");
      await expect(
        page.getByRole("status").filter({ hasText: t(lang, "search.noSuggestions") }),
      ).toHaveCount(1);
      await expect(listbox).toBeHidden();
      await field.fill("");

      // Enter on an option opens its page.
      await page.keyboard.type(word);
      await expect(listbox).toBeVisible();
      await page.keyboard.press("ArrowDown");
      const href = await options.first().getAttribute("data-href");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(href ?? "no option");
      expect(problems).toEqual([]);
    });

    test(`/${lang}: Enter without a chosen option searches, as the form does`, async ({
      page,
    }, testInfo) => {
      const { word } = await titleWord(lang);
      await page.goto(`/${lang}/news`);
      const field = await searchField(page, lang, testInfo);
      await field.focus();
      await page.keyboard.type(word);
      await expect(page.getByRole("listbox")).toBeVisible();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(`/${lang}/search?q=${encodeURIComponent(word)}`);
      // The results page's field is a combobox too, once used.
      const own = page.locator("#search-page");
      await expect(own).toHaveValue(word);
      await own.focus();
      await expect(own).toHaveAttribute("role", "combobox");
      // 16 px: iOS zooms the page in on a smaller field.
      await expect(own).toHaveCSS("font-size", "16px");
    });
  }
});

test.describe("the field's focus ring", () => {
  for (const lang of languages) {
    test(`/${lang}: one ring, round the whole rounded field, not a second one round the text inside`, async ({
      page,
    }, testInfo) => {
      await page.goto(`/${lang}/services`);
      const field = await searchField(page, lang, testInfo);
      await field.focus();
      const outlineOf = (element: Element) => getComputedStyle(element).outlineStyle;
      await expect.poll(() => field.evaluate(outlineOf)).toBe("none");
      await expect
        .poll(() => field.locator("xpath=ancestor::form").evaluate(outlineOf))
        .toBe("solid");
    });
  }
});

test.describe("the suggestions' address", () => {
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixtures from this pattern
  test.beforeEach(({}, testInfo) => {
    test.skip(isPhone(testInfo), "the same server answers at every width");
  });

  for (const lang of languages) {
    test(`/${lang}: JSON of six results at most, grouped by kind, briefly cached, the query bounded`, async ({
      request,
    }) => {
      const { story, word } = await titleWord(lang);
      const response = await request.get(`/${lang}/search/suggest?q=${encodeURIComponent(word)}`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/^application\/json/);
      expect(response.headers()["cache-control"]).toBe("private, max-age=60");
      const body = (await response.json()) as {
        query: string;
        groups: { kind: string; results: { href: string; title: { text: string }[] }[] }[];
      };
      expect(body.query).toBe(word);
      const results = body.groups.flatMap((group) => group.results);
      expect(results.length).toBeGreaterThan(0);
      expect(results.length).toBeLessThanOrEqual(6);
      expect(results.map((result) => result.href)).toContain(`/${lang}/news/${story?.id}`);
      expect(new Set(body.groups.map((group) => group.kind)).size).toBe(body.groups.length);
      for (const result of results) expect(result.href).toMatch(new RegExp(`^/${lang}/`));
      const long = await request.get(`/${lang}/search/suggest?q=${"a".repeat(3000)}`);
      expect(long.status()).toBe(200);
      expect(((await long.json()) as { query: string }).query).toHaveLength(100);
    });
  }

  test("a client asking too often is refused for a while, and no one else", async () => {
    const servers = await startSiteWithApi();
    try {
      const ask = (lang: Lang) => fetch(`${servers.site.url}/${lang}/search/suggest?q=bridge`);
      // The index is built on first use: the first answer may be 503 "being prepared".
      const first = await ask("en");
      if (first.status === 503) {
        expect(first.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(((await first.json()) as { preparing: boolean }).preparing).toBe(true);
      }
      const statuses: number[] = [];
      for (let i = 0; i < 70; i++) statuses.push((await ask(i % 2 ? "ar" : "en")).status);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
      const refused = await ask("en");
      expect(refused.status).toBe(429);
      // Until its oldest counted question leaves the 10-second window.
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(10);
      // The pages themselves are not limited.
      expect((await fetch(`${servers.site.url}/en/search?q=bridge`)).status).toBe(200);
    } finally {
      await servers.stop();
    }
  });
});
