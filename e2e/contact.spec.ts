/**
 * The contact page and its form, in English and Arabic: layout and accessibility, browser and
 * server validation, messages that reach the reference API exactly as typed (read back from its
 * database), with and without JavaScript, the honeypot, the request-size cap, and (on servers
 * of their own) a slow API, the per-visitor rate limit, and the outbox that keeps messages
 * while the API is down and delivers them once when it is back.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { type ContentApi, startContentApi } from "@site/content-api";
import { contactLimits, contactMessages } from "@site/contract";
import { i18n, type Lang, languages } from "./support/content.ts";
import { e2eDataDir, e2eStorageDir, repoRoot } from "./support/env.ts";
import { heading, seriousViolations } from "./support/page-checks.ts";
import { type RunningSite, startSite } from "./support/site.ts";
import { expect, type Page, scriptsReady, test } from "./support/test.ts";

const behaviourOnly = "server and form behaviour, the same at every width";

/** The shared test server's API database (e2e/support/serve.ts). */
const sharedApiDb = path.join(e2eDataDir, "content.sqlite");

interface Typed {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

let serial = 0;
function typed(lang: Lang, tag: string): Typed {
  const marker = `${tag}-${process.pid}-${Date.now()}-${++serial}`;
  return lang === "ar"
    ? {
        name: "سارة أحمد",
        email: "sara.ahmed@example.com",
        phone: "+966 50 123 4567",
        subject: "استفسار عن مناقصة",
        // Two lines: they must reach the API as typed, with `\n` (a form post sends `\r\n`).
        message: `نرغب في مناقشة مشروع مدرسة جديدة.\nالسطر الثاني ${marker}`,
      }
    : {
        name: "Sarah Ahmed",
        email: "sarah.ahmed@example.com",
        phone: "+966 50 123 4567",
        subject: "Tender enquiry",
        message: `We would like to discuss a new school project.\nSecond line ${marker}`,
      };
}

/** Messages stored by the API whose text contains `text` (the API's DB, opened read-only). */
function stored(databasePath: string, text: string) {
  const db = new DatabaseSync(databasePath, { readOnly: true });
  try {
    return db
      .prepare(
        "SELECT name, email, phone, subject, message, lang FROM contact_messages WHERE message = ?",
      )
      .all(text)
      .map((row) => ({ ...row }));
  } finally {
    db.close();
  }
}

const form = (page: Page) => page.locator('form[aria-labelledby="contact-form-heading"]');
const submitButton = (page: Page) => form(page).locator('button[type="submit"]');
const field = (page: Page, name: keyof Typed) => page.locator(`#contact-${name}`);

async function open(page: Page, lang: Lang, base = "") {
  await page.goto(`${base}/${lang}/contactUs`);
  await expect(heading(page)).toHaveText(i18n[lang]["contact.title"]);
}

/** Waits until the form is live (app/islands/contact-form.tsx). */
async function checksStarted(page: Page) {
  await scriptsReady(page);
}

async function fill(page: Page, values: Partial<Typed>) {
  for (const [name, value] of Object.entries(values)) {
    await field(page, name as keyof Typed).fill(value);
  }
}

async function expectValues(page: Page, values: Partial<Typed>) {
  for (const [name, value] of Object.entries(values)) {
    await expect(field(page, name as keyof Typed)).toHaveValue(value);
  }
}

const expectStoredOnce = async (databasePath: string, values: Typed, lang: Lang) =>
  expect.poll(() => stored(databasePath, values.message)).toEqual([{ ...values, lang }]);

for (const lang of languages) {
  const t = i18n[lang];
  const m = contactMessages[lang];

  test.describe(`/${lang}/contactUs`, () => {
    test("shows the banner, the contact details with links, and an accessible form", async ({
      page,
    }) => {
      await open(page, lang);
      await expect(page).toHaveTitle(new RegExp(`^${t["contact.title"]} \\|`));
      const main = page.locator("main");
      await expect(
        main.getByRole("heading", { level: 2, name: t["contact.infoHeading"] }),
      ).toBeVisible();
      await expect(
        main.getByRole("heading", { level: 2, name: t["contact.formHeading"] }),
      ).toBeVisible();
      const details = main.locator("aside");
      await expect(details.locator('a[href^="tel:+966"]').first()).toBeVisible();
      await expect(details.locator('a[href^="mailto:"]')).toHaveAttribute(
        "href",
        /^mailto:\S+@\S+$/,
      );

      const specs: [keyof Typed, boolean, string | null, string | null][] = [
        ["name", true, "text", "name"],
        ["email", true, "email", "email"],
        ["phone", false, "tel", "tel"],
        ["subject", false, "text", null],
        ["message", true, null, null],
      ];
      for (const [name, required, type, autocomplete] of specs) {
        const input = page.getByRole("textbox", { name: t[`contact.${name}`], exact: true });
        await expect(input).toHaveAttribute("id", `contact-${name}`);
        await expect(input).toHaveAttribute("maxlength", String(contactLimits[name]));
        if (type) await expect(input).toHaveAttribute("type", type);
        if (autocomplete) await expect(input).toHaveAttribute("autocomplete", autocomplete);
        const label = page.locator(`label[for="contact-${name}"]`);
        if (required) {
          // The native attribute is what screen readers announce; no aria-required repeats it.
          await expect(input).toHaveAttribute("required", "");
          await expect(input).not.toHaveAttribute("aria-required");
          await expect(label.locator('[aria-hidden="true"]')).toHaveText("*");
        } else {
          await expect(input).not.toHaveAttribute("required");
          await expect(label).not.toContainText("*");
        }
      }
      await expect(field(page, "email")).toHaveAttribute("dir", "ltr");
      await expect(field(page, "phone")).toHaveAttribute("dir", "ltr");
      await expect(form(page)).toHaveAttribute("novalidate", "");
      await expect(submitButton(page)).toHaveText(t["contact.send"]);

      const honeypot = page.getByLabel(t["contact.honeypot"]);
      await expect(honeypot).toHaveAttribute("tabindex", "-1");
      await expect(honeypot).toHaveAttribute("autocomplete", "off");
      // Out of sight and out of the accessibility tree.
      const trap = page.locator('[aria-hidden="true"]:has(> #contact-website)');
      await expect(trap).toHaveCSS("width", "1px");
      await expect(trap).toHaveCSS("overflow", "hidden");
    });

    test("an empty submit shows the three messages and focuses the name field", async ({
      page,
    }) => {
      await open(page, lang);
      await checksStarted(page);
      await submitButton(page).click();
      const expected: [keyof Typed, string][] = [
        ["name", m.nameRequired],
        ["email", m.emailRequired],
        ["message", m.messageRequired],
      ];
      for (const [name, message] of expected) {
        const input = field(page, name);
        await expect(input).toHaveAttribute("aria-invalid", "true");
        await expect(input).toHaveAccessibleDescription(message);
      }
      await expect(field(page, "name")).toBeFocused();
      await expect(field(page, "phone")).not.toHaveAttribute("aria-invalid");
      await expect(page.getByRole("alert")).toHaveText(t["contact.fixErrors"]);
    });

    test("an invalid e-mail shows its message and keeps everything typed", async ({
      page,
    }, testInfo) => {
      test.skip(testInfo.project.name === "phone", behaviourOnly);
      await open(page, lang);
      await checksStarted(page);
      const values = { ...typed(lang, "invalid-email"), email: "sarah.example.com" };
      await fill(page, values);
      await submitButton(page).click();
      await expect(field(page, "email")).toHaveAccessibleDescription(m.emailInvalid);
      await expect(field(page, "email")).toBeFocused();
      await expect(field(page, "name")).not.toHaveAttribute("aria-invalid");
      await expectValues(page, values);
      expect(stored(sharedApiDb, values.message)).toEqual([]);
    });

    test("a valid message reaches the API exactly as typed, and the form is cleared", async ({
      page,
    }, testInfo) => {
      test.skip(testInfo.project.name === "phone", behaviourOnly);
      await open(page, lang);
      await checksStarted(page);
      const values = typed(lang, "valid");
      await fill(page, values);
      // Sent with `fetch` to the action's JSON address: the page stays.
      let navigated = false;
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) navigated = true;
      });
      const [request] = await Promise.all([
        page.waitForRequest((r) => r.method() === "POST"),
        submitButton(page).click(),
      ]);
      expect(new URL(request.url()).pathname).toBe(`/${lang}/contactUs/send`);
      expect(request.resourceType()).toBe("fetch");
      await expect(
        page.getByRole("status").filter({ hasText: t["contact.success"] }),
      ).toBeVisible();
      await expect(page.getByRole("status").getByTestId("contact-notice")).toBeFocused();
      await expect(submitButton(page)).toHaveText(t["contact.send"]);
      await expectValues(page, { name: "", email: "", phone: "", subject: "", message: "" });
      expect(page.url()).toMatch(new RegExp(`/${lang}/contactUs$`));
      expect(navigated).toBe(false);
      await expectStoredOnce(sharedApiDb, values, lang);
    });

    test("a send that fails on the way says so in place and keeps everything typed", async ({
      page,
    }, testInfo) => {
      test.skip(testInfo.project.name === "phone", behaviourOnly);
      await open(page, lang);
      await checksStarted(page);
      await page.route("**/contactUs/send", (route) => route.abort("connectionreset"));
      const values = typed(lang, "network-failure");
      await fill(page, values);
      await submitButton(page).click();
      await expect(page.getByRole("alert")).toHaveText(t["contact.failed"]);
      await expect(submitButton(page)).toBeEnabled();
      await expect(submitButton(page)).toHaveText(t["contact.send"]);
      await expectValues(page, values);
      expect(stored(sharedApiDb, values.message)).toEqual([]);
    });

    test("a filled honeypot looks like a success, and nothing is stored", async ({
      page,
    }, testInfo) => {
      test.skip(testInfo.project.name === "phone", behaviourOnly);
      await open(page, lang);
      await checksStarted(page);
      const values = typed(lang, "honeypot");
      await fill(page, values);
      await page.getByLabel(t["contact.honeypot"]).fill("https://spam.example", { force: true });
      await submitButton(page).click();
      await expect(
        page.getByRole("status").filter({ hasText: t["contact.success"] }),
      ).toBeVisible();
      // The answer came after the action finished: a forwarded message would be stored by now.
      expect(stored(sharedApiDb, values.message)).toEqual([]);
    });

    test("mirrors in Arabic and fits the screen", async ({ page }, testInfo) => {
      await open(page, lang);
      await checksStarted(page);
      await submitButton(page).click();
      await expect(field(page, "name")).toBeFocused();
      const geometry = await page.evaluate(() => {
        const box = (selector: string) => {
          const element = document.querySelector(selector);
          if (!element) throw new Error(`${selector} not found`);
          return element.getBoundingClientRect();
        };
        const label = document.querySelector('label[for="contact-name"]');
        const range = document.createRange();
        if (label?.firstChild) range.selectNodeContents(label.firstChild);
        const text = range.getBoundingClientRect();
        return {
          text: { left: text.left, right: text.right },
          star: box('label[for="contact-name"] [aria-hidden="true"]'),
          input: box("#contact-name"),
          email: box("#contact-email"),
          error: box("#contact-name-error"),
          button: box('form[aria-labelledby="contact-form-heading"] button[type="submit"]'),
          message: box("#contact-message"),
          overflow: document.documentElement.scrollWidth - window.innerWidth,
        };
      });
      expect(geometry.overflow).toBeLessThanOrEqual(0);
      if (lang === "en") {
        expect(geometry.star.left).toBeGreaterThanOrEqual(geometry.text.right - 1);
        expect(Math.abs(geometry.error.left - geometry.input.left)).toBeLessThan(2);
        expect(Math.abs(geometry.button.left - geometry.message.left)).toBeLessThan(2);
      } else {
        expect(geometry.star.right).toBeLessThanOrEqual(geometry.text.left + 1);
        expect(Math.abs(geometry.error.right - geometry.input.right)).toBeLessThan(2);
        expect(Math.abs(geometry.button.right - geometry.message.right)).toBeLessThan(2);
      }
      if (testInfo.project.name === "phone") {
        expect(geometry.email.top).toBeGreaterThan(geometry.input.bottom); // one column
      } else {
        expect(Math.abs(geometry.email.top - geometry.input.top)).toBeLessThan(2); // side by side
        if (lang === "en") expect(geometry.email.left).toBeGreaterThan(geometry.input.right);
        else expect(geometry.email.right).toBeLessThan(geometry.input.left);
      }
    });

    test("no serious or critical axe violations, with errors shown", async ({ page }) => {
      await open(page, lang);
      await checksStarted(page);
      await submitButton(page).click();
      await expect(field(page, "name")).toBeFocused();
      expect(await seriousViolations(page, "main")).toEqual([]);
    });
  });

  test.describe(`/${lang}/contactUs without JavaScript`, () => {
    test.use({ javaScriptEnabled: false });
    test.skip(({ isMobile }) => isMobile, behaviourOnly);

    test("a valid message is sent and the success is shown", async ({ page }) => {
      await open(page, lang);
      const values = typed(lang, "no-js");
      await fill(page, values);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        submitButton(page).click(),
      ]);
      expect(response.status()).toBe(200);
      await expect(page.getByRole("status")).toHaveText(t["contact.success"]);
      await expectValues(page, { name: "", message: "" });
      await expectStoredOnce(sharedApiDb, values, lang);
    });

    test("the server checks again: errors next to the fields, typed values kept", async ({
      page,
    }) => {
      await open(page, lang);
      const values = { ...typed(lang, "no-js-invalid"), email: "sarah@", message: "" };
      await fill(page, values);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        submitButton(page).click(),
      ]);
      expect(response.status()).toBe(422);
      await expect(field(page, "email")).toHaveAccessibleDescription(m.emailInvalid);
      await expect(field(page, "message")).toHaveAccessibleDescription(m.messageRequired);
      await expect(field(page, "email")).toBeFocused();
      await expect(page.getByRole("alert")).toHaveText(t["contact.fixErrors"]);
      await expectValues(page, values);
    });
  });
}

test.describe("request size", () => {
  test.skip(({ isMobile }) => isMobile, behaviourOnly);

  for (const lang of languages) {
    test(`/${lang}: a body over 32 KB is refused with 413 and the clear message`, async ({
      request,
    }) => {
      const response = await request.post(`/${lang}/contactUs`, {
        form: { name: "Big", email: "big@example.com", message: "x".repeat(40_000) },
      });
      expect(response.status()).toBe(413);
      expect(await response.text()).toContain(i18n[lang]["contact.tooLarge"]);
    });
  }
});

// ---- Servers of their own (desktop project only: the behaviour does not depend on width) ----

/** Only the desktop project starts these servers (their ports are fixed). */
const startsServers = (projectName: string) => projectName === "desktop";

function api(port: number, databasePath: string): Promise<ContentApi> {
  return startContentApi({ port, databasePath, storageDir: e2eStorageDir });
}

/** An HTTP proxy in front of the API that holds each POST for `delayMs` and counts them. */
function delayingProxy(target: string, port: number) {
  const state = { delayMs: 0, posts: 0 };
  const server = http.createServer((req, res) => {
    const forward = () => {
      const upstream = http.request(
        `${target}${req.url}`,
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => res.destroy());
      req.pipe(upstream);
    };
    if (req.method === "POST") {
      state.posts++;
      setTimeout(forward, state.delayMs);
    } else {
      forward();
    }
  });
  return new Promise<{ state: typeof state; close: () => Promise<void> }>((resolve) => {
    server.listen(port, "127.0.0.1", () =>
      resolve({
        state,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      }),
    );
  });
}

const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `contact-e2e-${name}-`));

test.describe("a slow API", () => {
  test.describe.configure({ mode: "serial" });
  test.skip(({ isMobile }) => isMobile, behaviourOnly);
  let dir = "";
  let apiDb = "";
  let contentApi: ContentApi | undefined;
  let proxy: Awaited<ReturnType<typeof delayingProxy>> | undefined;
  let site: RunningSite | undefined;

  // biome-ignore lint/correctness/noEmptyPattern: Playwright needs the fixtures argument
  test.beforeAll(async ({}, testInfo) => {
    if (!startsServers(testInfo.project.name)) return;
    dir = tempDir("slow");
    apiDb = path.join(dir, "content.sqlite");
    contentApi = await api(4361, apiDb);
    proxy = await delayingProxy(contentApi.url, 4362);
    site = await startSite(3361, {
      API_BASE_URL: "http://127.0.0.1:4362",
      OUTBOX_DATABASE_PATH: path.join(dir, "outbox.sqlite"),
      CONTACT_MIN_FILL_MS: "0",
    });
  });
  test.afterAll(async () => {
    await site?.stop();
    await proxy?.close();
    await contentApi?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const lang of languages) {
    const t = i18n[lang];
    test(`/${lang}: 'Sending...' with the button disabled, and a double click sends once`, async ({
      page,
    }) => {
      if (!site || !proxy) throw new Error("servers not started");
      await open(page, lang, site.url);
      await checksStarted(page);
      const values = typed(lang, "slow");
      await fill(page, values);
      proxy.state.delayMs = 3_000;
      const postsBefore = proxy.state.posts;
      // Playwright waits for the answer page before it looks at the page: the page reports
      // each state of its button while the message is on its way.
      const states: { disabled: boolean; text: string }[] = [];
      await page.exposeFunction("noteButton", (state: { disabled: boolean; text: string }) =>
        states.push(state),
      );
      await submitButton(page).evaluate((button) => {
        const note = () =>
          (window as unknown as { noteButton(state: object): void }).noteButton({
            disabled: (button as HTMLButtonElement).disabled,
            text: button.textContent ?? "",
          });
        new MutationObserver(note).observe(button, {
          attributes: true,
          childList: true,
          characterData: true,
          subtree: true,
        });
      });
      await submitButton(page).dblclick();
      // Disabled and saying so at the same moment.
      await expect
        .poll(() => states)
        .toContainEqual({ disabled: true, text: t["contact.sending"] });
      await expect(
        page.getByRole("status").filter({ hasText: t["contact.success"] }),
      ).toBeVisible();
      await expect(submitButton(page)).toBeEnabled();
      await expect(submitButton(page)).toHaveText(t["contact.send"]);
      proxy.state.delayMs = 0;
      expect(proxy.state.posts - postsBefore).toBe(1);
      await expectStoredOnce(apiDb, values, lang);
    });
  }
});

test.describe("the per-visitor rate limit", () => {
  test.skip(({ isMobile }) => isMobile, behaviourOnly);
  let dir = "";
  let apiDb = "";
  let contentApi: ContentApi | undefined;
  let site: RunningSite | undefined;

  // biome-ignore lint/correctness/noEmptyPattern: Playwright needs the fixtures argument
  test.beforeAll(async ({}, testInfo) => {
    if (!startsServers(testInfo.project.name)) return;
    dir = tempDir("limit");
    apiDb = path.join(dir, "content.sqlite");
    contentApi = await api(4363, apiDb);
    site = await startSite(3363, {
      API_BASE_URL: contentApi.url,
      OUTBOX_DATABASE_PATH: path.join(dir, "outbox.sqlite"),
      CONTACT_MIN_FILL_MS: "0",
      CONTACT_RATE_LIMIT: "2",
    });
  });
  test.afterAll(async () => {
    await site?.stop();
    await contentApi?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("after 2 messages the next ones get the clear message, keep their text, and are not stored", async ({
    page,
  }) => {
    if (!site) throw new Error("servers not started");
    await open(page, "en", site.url);
    await checksStarted(page);
    const sent = [typed("en", "limit-1"), typed("en", "limit-2")];
    for (const values of sent) {
      await fill(page, values);
      await submitButton(page).click();
      await expect(
        page.getByRole("status").filter({ hasText: i18n.en["contact.success"] }),
      ).toBeVisible();
      await expect(field(page, "message")).toHaveValue("");
    }
    const refused = { en: typed("en", "limit-3"), ar: typed("ar", "limit-4") };
    for (const lang of languages) {
      await open(page, lang, site.url);
      await checksStarted(page);
      await fill(page, refused[lang]);
      await submitButton(page).click();
      await expect(page.getByRole("alert")).toHaveText(i18n[lang]["contact.rateLimited"]);
      await expectValues(page, refused[lang]);
    }
    for (const values of sent) expect(stored(apiDb, values.message)).toHaveLength(1);
    for (const lang of languages) expect(stored(apiDb, refused[lang].message)).toEqual([]);
  });
});

test.describe("the API down: the outbox", () => {
  test.skip(({ isMobile }) => isMobile, behaviourOnly);
  const apiPort = 4365;
  let dir = "";
  let apiDb = "";
  let outboxDb = "";
  let contentApi: ContentApi | undefined;
  let site: RunningSite | undefined;
  let brokenOutboxSite: RunningSite | undefined;

  // biome-ignore lint/correctness/noEmptyPattern: Playwright needs the fixtures argument
  test.beforeAll(async ({}, testInfo) => {
    if (!startsServers(testInfo.project.name)) return;
    dir = tempDir("outbox");
    apiDb = path.join(dir, "content.sqlite");
    outboxDb = path.join(dir, "outbox.sqlite");
    const notAFolder = path.join(dir, "not-a-folder");
    fs.writeFileSync(notAFolder, "a file, so no outbox can be created below it");
    contentApi = await api(apiPort, apiDb);
    const common = { API_BASE_URL: `http://127.0.0.1:${apiPort}`, CONTACT_MIN_FILL_MS: "0" };
    [site, brokenOutboxSite] = await Promise.all([
      startSite(3365, {
        ...common,
        OUTBOX_DATABASE_PATH: outboxDb,
        OUTBOX_POLL_MS: "100",
        OUTBOX_RETRY_BASE_MS: "200",
        OUTBOX_RETRY_MAX_MS: "1000",
      }),
      startSite(3366, { ...common, OUTBOX_DATABASE_PATH: path.join(notAFolder, "outbox.sqlite") }),
    ]);
  });
  test.afterAll(async () => {
    await site?.stop();
    await brokenOutboxSite?.stop();
    await contentApi?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** `npm run outbox`, as the operator would run it. */
  const outboxReport = () =>
    execFileSync(process.execPath, [path.join(repoRoot, "apps/web/server/outbox-cli.ts")], {
      env: { ...process.env, OUTBOX_DATABASE_PATH: outboxDb },
      encoding: "utf8",
    });

  test("messages wait in the outbox, and are delivered exactly once when the API is back", async ({
    browser,
  }) => {
    if (!site || !brokenOutboxSite) throw new Error("servers not started");
    const pages = {
      en: await browser.newPage(),
      ar: await browser.newPage(),
      broken: await browser.newPage(),
    };
    // Pages loaded while the API is up (the site keeps its content cached).
    for (const lang of languages) {
      await open(pages[lang], lang, site.url);
      await checksStarted(pages[lang]);
    }
    await open(pages.broken, "en", brokenOutboxSite.url);
    await checksStarted(pages.broken);

    await contentApi?.close();
    contentApi = undefined;

    const values = { en: typed("en", "outbox"), ar: typed("ar", "outbox") };
    for (const lang of languages) {
      await fill(pages[lang], values[lang]);
      await submitButton(pages[lang]).click();
      await expect(
        pages[lang].getByRole("status").filter({ hasText: i18n[lang]["contact.queued"] }),
      ).toBeVisible();
    }
    const waiting = outboxReport();
    // Both wait (one may be mid-attempt at this very moment); none delivered, none failed.
    const [, pending, sending] =
      waiting.match(/(\d+) waiting, (\d+) being sent, 0 failed, 0 delivered/) ?? [];
    expect(Number(pending) + Number(sending)).toBe(2);
    expect(waiting).toContain(`${values.en.name} <${values.en.email}>`);
    expect(waiting).toContain(values.ar.subject);

    // When not even the outbox can be written, the visitor is told and keeps the text.
    const kept = typed("en", "no-outbox");
    await fill(pages.broken, kept);
    const [answer] = await Promise.all([
      pages.broken.waitForResponse((r) => r.request().method() === "POST"),
      submitButton(pages.broken).click(),
    ]);
    expect(answer.status()).toBe(503);
    await expect(pages.broken.getByRole("alert")).toHaveText(i18n.en["contact.failed"]);
    await expectValues(pages.broken, kept);

    contentApi = await api(apiPort, apiDb); // the same port and database
    for (const lang of languages) {
      await expect
        .poll(() => stored(apiDb, values[lang].message), { timeout: 15_000 })
        .toHaveLength(1);
    }
    await expect.poll(outboxReport).toMatch(/0 waiting, 0 being sent, 0 failed, 2 delivered/);
    // Give a wrong second delivery a chance to happen before counting again.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const lang of languages) {
      expect(stored(apiDb, values[lang].message)).toEqual([{ ...values[lang], lang }]);
    }
    expect(stored(apiDb, kept.message)).toEqual([]);
    for (const page of Object.values(pages)) await page.close();
  });
});

test.describe("a form sent too soon after it was shown", () => {
  test.skip(({ isMobile }) => isMobile, behaviourOnly);
  const apiPort = 4367;
  let dir = "";
  let apiDb = "";
  let outboxDb = "";
  let contentApi: ContentApi | undefined;
  let site: RunningSite | undefined;

  // biome-ignore lint/correctness/noEmptyPattern: Playwright needs the fixtures argument
  test.beforeAll(async ({}, testInfo) => {
    if (!startsServers(testInfo.project.name)) return;
    dir = tempDir("held");
    apiDb = path.join(dir, "content.sqlite");
    outboxDb = path.join(dir, "outbox.sqlite");
    contentApi = await api(apiPort, apiDb);
    // Every form counts as sent too soon: a person with autofill, or a bot.
    site = await startSite(3367, {
      API_BASE_URL: `http://127.0.0.1:${apiPort}`,
      CONTACT_MIN_FILL_MS: "600000",
      OUTBOX_DATABASE_PATH: outboxDb,
      OUTBOX_POLL_MS: "100",
    });
  });
  test.afterAll(async () => {
    await site?.stop();
    await contentApi?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const outbox = (...args: string[]) =>
    execFileSync(
      process.execPath,
      [path.join(repoRoot, "apps/web/server/outbox-cli.ts"), ...args],
      {
        env: { ...process.env, OUTBOX_DATABASE_PATH: outboxDb },
        encoding: "utf8",
      },
    );

  test("is held, not lost: a person sees it, then releases it to the API or deletes it", async ({
    page,
  }) => {
    if (!site) throw new Error("servers not started");
    const kept = { en: typed("en", "held-1"), ar: typed("ar", "held-2") };
    for (const lang of languages) {
      await open(page, lang, site.url);
      await checksStarted(page);
      await fill(page, kept[lang]);
      await submitButton(page).click();
      // The visitor sees the usual success (a bot learns nothing)...
      await expect(
        page.getByRole("status").filter({ hasText: i18n[lang]["contact.success"] }),
      ).toBeVisible();
      // ...and the message is not sent on its own.
      expect(stored(apiDb, kept[lang].message)).toEqual([]);
    }
    const report = outbox();
    expect(report).toContain("Held for a person: 2");
    expect(report).toContain(kept.en.email);
    expect(fs.statSync(outboxDb).mode & 0o777).toBe(0o600);

    const ids = [...report.matchAll(/^#(\d+) /gm)].map((match) => match[1] ?? "");
    expect(ids).toHaveLength(2);
    expect(outbox("release", ids[0] ?? "")).toContain("is queued for delivery");
    expect(outbox("delete", ids[1] ?? "")).toContain("was deleted");
    await expect.poll(() => stored(apiDb, kept.en.message).length, { timeout: 10_000 }).toBe(1);
    expect(stored(apiDb, kept.ar.message)).toEqual([]);
    expect(outbox()).toContain("Held for a person: 0");
  });
});
