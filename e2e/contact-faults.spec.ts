/**
 * The contact form on servers of their own: a slow API, the per-visitor rate limit, the outbox
 * that keeps messages while the API is down and delivers them once when it is back, and a form
 * sent too soon after it was shown (held, not lost).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { type ContentApi, startContentApi } from "@site/content-api";
import {
  behaviourOnly,
  checksStarted,
  expectStoredOnce,
  expectValues,
  field,
  fill,
  open,
  openLive,
  send,
  stored,
  submitButton,
  typed,
} from "./support/contact-form.ts";
import { i18n, languages } from "./support/content.ts";
import { e2eStorageDir, repoRoot } from "./support/env.ts";
import { freePort, type RunningSite, startSite } from "./support/site.ts";
import { expect, test } from "./support/test.ts";

// ---- Servers of their own (desktop project only: the behaviour does not depend on width) ----

/** Only the desktop project starts these servers (the behaviour does not depend on width). */
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
  return new Promise<{ state: typeof state; url: string; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(port, "127.0.0.1", () =>
        resolve({
          state,
          url: `http://127.0.0.1:${port}`,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done());
              server.closeAllConnections();
            }),
        }),
      );
    },
  );
}

const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `contact-e2e-${name}-`));

/** A describe's own reference API and site, both in a temporary folder. */
interface Own {
  dir: string;
  apiDb: string;
  outboxDb: string;
  apiPort: number;
  apiUrl: string;
  contentApi?: ContentApi;
  site?: RunningSite;
  /** Other servers the describe started, stopped after its tests. */
  stops: (() => Promise<unknown>)[];
}

/**
 * Starts, before the describe's tests (desktop project only), a reference API of its own and a
 * site reading it with `env` (after the defaults), and stops them after. `env` may start more.
 */
function ownServers(name: string, env: (own: Own) => Promise<Record<string, string>>): Own {
  const own: Own = { dir: "", apiDb: "", outboxDb: "", apiPort: 0, apiUrl: "", stops: [] };
  // biome-ignore lint/correctness/noEmptyPattern: Playwright needs the fixtures argument
  test.beforeAll(async ({}, testInfo) => {
    if (!startsServers(testInfo.project.name)) return;
    own.dir = tempDir(name);
    own.apiDb = path.join(own.dir, "content.sqlite");
    own.outboxDb = path.join(own.dir, "outbox.sqlite");
    own.apiPort = await freePort();
    own.contentApi = await api(own.apiPort, own.apiDb);
    own.apiUrl = own.contentApi.url;
    own.site = await startSite({
      API_BASE_URL: own.apiUrl,
      OUTBOX_DATABASE_PATH: own.outboxDb,
      CONTACT_MIN_FILL_MS: "0",
      ...(await env(own)),
    });
  });
  test.afterAll(async () => {
    await own.site?.stop();
    for (const stop of own.stops) await stop();
    await own.contentApi?.close();
    if (own.dir) fs.rmSync(own.dir, { recursive: true, force: true });
  });
  return own;
}

/** `npm run outbox`, as the operator would run it. */
const outboxCli = (outboxDb: string, ...args: string[]) =>
  execFileSync(process.execPath, [path.join(repoRoot, "apps/web/server/outbox-cli.ts"), ...args], {
    env: { ...process.env, OUTBOX_DATABASE_PATH: outboxDb },
    encoding: "utf8",
  });

test.describe("a slow API", () => {
  test.describe.configure({ mode: "serial" });
  test.skip(({ isMobile }) => isMobile, behaviourOnly);
  let proxy: Awaited<ReturnType<typeof delayingProxy>> | undefined;
  const own = ownServers("slow", async ({ apiUrl, stops }) => {
    const started = await delayingProxy(apiUrl, await freePort());
    proxy = started;
    stops.push(started.close);
    return { API_BASE_URL: started.url };
  });

  for (const lang of languages) {
    const t = i18n[lang];
    test(`/${lang}: 'Sending...' said, the button marked disabled and still focused, and a double click sends once`, async ({
      page,
    }) => {
      const { site, apiDb } = own;
      if (!site || !proxy) throw new Error("servers not started");
      await openLive(page, lang, site.url);
      const values = typed(lang, "slow");
      await fill(page, values);
      proxy.state.delayMs = 3_000;
      const postsBefore = proxy.state.posts;
      // Playwright waits for the answer page before it looks at the page: the page reports
      // each state of its button while the message is on its way.
      type State = { disabled: boolean; focused: boolean; text: string };
      const states: State[] = [];
      await page.exposeFunction("noteButton", (state: State) => states.push(state));
      await submitButton(page).evaluate((button) => {
        // `aria-disabled`, not `disabled`: a disabled button would drop the keyboard's focus.
        const note = () =>
          (window as unknown as { noteButton(state: object): void }).noteButton({
            disabled: button.getAttribute("aria-disabled") === "true",
            focused: document.activeElement === button,
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
      // Disabled and saying so at the same moment, the status region too.
      await expect
        .poll(() => states)
        .toContainEqual({ disabled: true, focused: true, text: t["contact.sending"] });
      await expect(page.getByRole("status").filter({ hasText: t["contact.sending"] })).toHaveCount(
        1,
      );
      await expect(
        page.getByRole("status").filter({ hasText: t["contact.success"] }),
      ).toBeVisible();
      await expect(submitButton(page)).not.toHaveAttribute("aria-disabled");
      await expect(submitButton(page)).toBeFocused();
      await expect(submitButton(page)).toHaveText(t["contact.send"]);
      proxy.state.delayMs = 0;
      expect(proxy.state.posts - postsBefore).toBe(1);
      await expectStoredOnce(apiDb, values, lang);
    });
  }
});

test.describe("the per-visitor rate limit", () => {
  test.skip(({ isMobile }) => isMobile, behaviourOnly);
  const own = ownServers("limit", async () => ({ CONTACT_RATE_LIMIT: "2" }));

  test("after 2 messages the next ones get the clear message, keep their text, and are not stored", async ({
    page,
  }) => {
    const { site, apiDb } = own;
    if (!site) throw new Error("servers not started");
    await openLive(page, "en", site.url);
    const sent = [typed("en", "limit-1"), typed("en", "limit-2")];
    for (const values of sent) {
      await send(page, values);
      await expect(
        page.getByRole("status").filter({ hasText: i18n.en["contact.success"] }),
      ).toBeVisible();
      await expect(field(page, "message")).toHaveValue("");
    }
    const refused = { en: typed("en", "limit-3"), ar: typed("ar", "limit-4") };
    for (const lang of languages) {
      await openLive(page, lang, site.url);
      await send(page, refused[lang]);
      await expect(page.getByRole("alert")).toHaveText(i18n[lang]["contact.rateLimited"]);
      await expectValues(page, refused[lang]);
    }
    for (const values of sent) expect(stored(apiDb, values.message)).toHaveLength(1);
    for (const lang of languages) expect(stored(apiDb, refused[lang].message)).toEqual([]);
  });
});

test.describe("the API down: the outbox", () => {
  test.skip(({ isMobile }) => isMobile, behaviourOnly);
  let brokenOutboxSite: RunningSite | undefined;
  const own = ownServers("outbox", async ({ dir, apiUrl, stops }) => {
    const notAFolder = path.join(dir, "not-a-folder");
    fs.writeFileSync(notAFolder, "a file, so no outbox can be created below it");
    const broken = await startSite({
      API_BASE_URL: apiUrl,
      CONTACT_MIN_FILL_MS: "0",
      OUTBOX_DATABASE_PATH: path.join(notAFolder, "outbox.sqlite"),
    });
    brokenOutboxSite = broken;
    stops.push(broken.stop);
    return { OUTBOX_POLL_MS: "100", OUTBOX_RETRY_BASE_MS: "200", OUTBOX_RETRY_MAX_MS: "1000" };
  });
  const outboxReport = () => outboxCli(own.outboxDb);

  test("messages wait in the outbox, and are delivered exactly once when the API is back", async ({
    browser,
  }) => {
    const { site, apiDb, apiPort } = own;
    if (!site || !brokenOutboxSite) throw new Error("servers not started");
    const pages = {
      en: await browser.newPage(),
      ar: await browser.newPage(),
      broken: await browser.newPage(),
    };
    // Pages loaded while the API is up (the site keeps its content cached).
    for (const lang of languages) {
      await openLive(pages[lang], lang, site.url);
    }
    await open(pages.broken, "en", brokenOutboxSite.url);
    await checksStarted(pages.broken);

    await own.contentApi?.close();
    own.contentApi = undefined;

    const values = { en: typed("en", "outbox"), ar: typed("ar", "outbox") };
    for (const lang of languages) {
      await send(pages[lang], values[lang]);
      await expect(
        pages[lang].getByRole("status").filter({ hasText: i18n[lang]["contact.queued"] }),
      ).toBeVisible();
    }
    const waiting = outboxReport();
    // Both wait (one may be mid-attempt at this very moment); none delivered.
    const [, pending, sending] =
      waiting.match(/(\d+) waiting, (\d+) being sent, 0 delivered/) ?? [];
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

    own.contentApi = await api(apiPort, apiDb); // the same port and database
    for (const lang of languages) {
      await expect
        .poll(() => stored(apiDb, values[lang].message), { timeout: 15_000 })
        .toHaveLength(1);
    }
    await expect.poll(outboxReport).toMatch(/0 waiting, 0 being sent, 2 delivered/);
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
  // Every form counts as sent too soon: a person with autofill, or a bot.
  const own = ownServers("held", async () => ({
    CONTACT_MIN_FILL_MS: "600000",
    OUTBOX_POLL_MS: "100",
  }));
  const outbox = (...args: string[]) => outboxCli(own.outboxDb, ...args);

  test("is held, not lost: a person sees it, then releases it to the API or deletes it", async ({
    page,
  }) => {
    const { site, apiDb, outboxDb } = own;
    if (!site) throw new Error("servers not started");
    const kept = { en: typed("en", "held-1"), ar: typed("ar", "held-2") };
    for (const lang of languages) {
      await openLive(page, lang, site.url);
      await send(page, kept[lang]);
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
