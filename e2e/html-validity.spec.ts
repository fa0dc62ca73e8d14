/**
 * The server HTML of every route (every page kind, one detail page of each kind, the 404 page
 * and the error screen of an API that is down), in both languages, is valid under the Nu HTML
 * checker (the `vnu-jar` dev-dependency, run on the system's Java): no error and no warning.
 * All pages go through one run of the checker, since Java starts slowly.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { firstId, languages } from "./support/content.ts";
import { E2E_DOWN_URL } from "./support/env.ts";
import { expect, test } from "./support/test.ts";

/** The path of vnu.jar: the main export of the `vnu-jar` package (a CommonJS `String`). */
const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));

/** One message of the checker's JSON output. */
interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: "warning" | "fatal" | "io" | "schema" | "internal";
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

/**
 * Messages of the checker that do not fail the test, by exact text, each with why. Every other
 * message does, errors and warnings alike (a warning such as a `<section>` without a heading or
 * an `aria-required` that repeats `required` is a mistake in the page too).
 */
const allowed = new Map<string, string>([
  [
    "Trailing slash on void elements has no effect and interacts badly with unquoted attribute values.",
    "information, not a warning: React's server renderer writes void elements as `<meta .../>` " +
      "and always quotes attribute values, so the slash is harmless",
  ],
]);

/** A page to check: its address and the status it must answer with. */
interface Route {
  path: string;
  status: number;
}

/** Every page kind below a language, detail pages with the first id the API lists. */
async function routes(): Promise<Route[]> {
  const ids = {
    completed: await firstId("/api/Completed-projects"),
    current: await firstId("/api/NotCompleted-projects"),
    service: await firstId("/api/services"),
    other: await firstId("/api/extra-pages"),
    news: await firstId("/api/news"),
  };
  const below = [
    "",
    "/overview",
    "/projects",
    "/CurrentProjects",
    `/projects/${ids.completed}`,
    `/CurrentProjects/${ids.current}`,
    "/services",
    `/services/${ids.service}`,
    `/otherPages/${ids.other}`,
    "/news",
    `/news/${ids.news}`,
    "/HSE",
    "/equipment",
    "/iso",
    "/contactUs",
    "/search?q=iso",
  ];
  return languages.flatMap((lang) => [
    ...below.map((rest) => ({ path: `/${lang}${rest}`, status: 200 })),
    { path: `/${lang}/no-such-page`, status: 404 },
  ]);
}

/** Runs the checker once over `pages` (file name → HTML); its messages, by file name. */
async function validate(pages: Map<string, string>): Promise<Map<string, VnuMessage[]>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkan-vnu-"));
  try {
    const files = [...pages].map(([name, html]) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, html);
      return file;
    });
    const { stdout } = await promisify(execFile)(
      "java",
      ["-jar", vnuJar, "--format", "json", "--stdout", "--exit-zero-always", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
      throw new Error("java not found: apt-get install -y default-jre-headless (see README)");
    });
    const { messages } = JSON.parse(stdout) as { messages: VnuMessage[] };
    const byFile = new Map<string, VnuMessage[]>([...pages.keys()].map((name) => [name, []]));
    for (const message of messages) {
      const name = message.url ? path.basename(new URL(message.url).pathname) : "";
      const list = byFile.get(name);
      // A message about no page (Java or the checker failing) must not go unseen.
      if (!list) throw new Error(`vnu: ${message.type}: ${message.message}`);
      list.push(message);
    }
    return byFile;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test("the server HTML of every route, in both languages, has no error or warning of the Nu HTML checker", async ({
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "server HTML is the same at every width");
  // Java starts slowly on a busy machine; the checker reads all pages in one run.
  test.setTimeout(300_000);

  /** The pages to check by file name: the address each came from, and its HTML. */
  const sources = new Map<string, string>();
  const pages = new Map<string, string>();
  const add = (pagePath: string, html: string) => {
    const name = `${pages.size}${pagePath.replace(/[^\w-]+/g, "_")}.html`;
    sources.set(name, pagePath);
    pages.set(name, html);
  };

  for (const route of await routes()) {
    const response = await request.get(route.path, { maxRedirects: 0 });
    expect(response.status(), route.path).toBe(route.status);
    add(route.path, await response.text());
  }

  // The error screen: the run's site whose API does not answer.
  for (const lang of languages) {
    const response = await request.get(`${E2E_DOWN_URL}/${lang}`, { maxRedirects: 0 });
    expect(response.status(), `/${lang} with the API down`).toBe(503);
    const html = await response.text();
    expect(html, "the error screen").toContain('data-testid="error-screen"');
    add(`/${lang} (API down)`, html);
  }
  // The server's own error page: a malformed address never reaches React.
  const malformed = await request.get("/ar/news/%", { maxRedirects: 0 });
  expect(malformed.status(), "/ar/news/%").toBe(400);
  add("/ar/news/% (the server's error page)", await malformed.text());

  const results = await validate(pages);
  const problems: string[] = [];
  for (const [name, messages] of results) {
    for (const message of messages) {
      if (allowed.has(message.message)) continue;
      const kind = message.subType === "warning" ? "warning" : message.type;
      const where = `${sources.get(name)}:${message.lastLine ?? "?"}:${message.firstColumn ?? "?"}`;
      const extract = message.extract ? ` «${message.extract.trim().slice(0, 160)}»` : "";
      problems.push(`${where} ${kind}: ${message.message}${extract}`);
    }
  }
  expect(problems, `${problems.length} messages of the Nu HTML checker`).toEqual([]);
});
