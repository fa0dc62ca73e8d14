/** The production rewrite that starts the scripts after the first paint. */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEFERRED_TYPE, deferScripts } from "./deferred-scripts.ts";
import { pagePolicy } from "./security-headers.ts";

/** The shape of React Router's output (head links hoisted by React, bootstrap in the body). */
const bootstrap = `;
import * as route0 from "/assets/root-1.js";
import * as route1 from "/assets/news-2.js";
  window.__reactRouterRouteModules = {"root":route0,"news":route1};

import("/assets/entry.client-3.js");`;
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-3.js"/>',
  '<link rel="modulepreload" href="/assets/root-1.js"/>',
  '<link rel="modulepreload" href="/assets/entry.client-3.js"/>',
  '<link rel="modulepreload" href="/assets/news-2.js"/>',
  '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
  '<link rel="stylesheet" href="/assets/root-4.css"/></head>',
  "<body><main><p>News</p><pre>&lt;/body&gt;</pre></main>",
  "<script>window.__reactRouterContext = {};</script>",
  `<script type="module" async="">${bootstrap}</script>`,
  "</body></html>",
].join("");

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("deferScripts", () => {
  const deferred = deferScripts(page);

  it("takes the module preloads out of the head and lists each module once on the bootstrap", () => {
    expect(deferred).not.toContain('<link rel="modulepreload"');
    expect(deferred).toContain(
      `<script type="${DEFERRED_TYPE}" data-modules="/assets/entry.client-3.js /assets/root-1.js /assets/news-2.js">`,
    );
    expect(deferred).toContain('<link rel="stylesheet" href="/assets/root-4.css"/>');
  });

  it("keeps the bootstrap's text, so it runs as written and its policy hash still holds", () => {
    expect(deferred).toContain(
      `data-modules="/assets/entry.client-3.js /assets/root-1.js /assets/news-2.js">${bootstrap}</script>`,
    );
    expect(deferred).not.toMatch(/<script type="module"/);
    const policy = pagePolicy(deferred, []);
    expect(policy).toContain(sha(bootstrap));
  });

  it("adds the loader once, as the body's last script, allowed by the policy", () => {
    const loaders = [
      ...deferred.matchAll(/<script>(\(function startScriptsAfterPaint[\s\S]*?)<\/script>/g),
    ];
    expect(loaders).toHaveLength(1);
    expect(deferred.endsWith(`${loaders[0]?.[0]}</body></html>`)).toBe(true);
    expect(loaders[0]?.[1]).toContain(`("${DEFERRED_TYPE}")`);
    expect(pagePolicy(deferred, [])).toContain(sha(loaders[0]?.[1] ?? ""));
  });

  it("leaves pages without a bootstrap module as they are", () => {
    const errorPage = "<!DOCTYPE html><html><head></head><body><h1>Error</h1></body></html>";
    expect(deferScripts(errorPage)).toBe(errorPage);
    const dataOnly = page.replace(/<script type="module"[\s\S]*?<\/script>/, "");
    expect(deferScripts(dataOnly)).toBe(dataOnly);
  });
});
