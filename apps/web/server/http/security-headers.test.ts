/**
 * The fixed security headers on every answer (HSTS only over HTTPS, directly or as a trusted
 * proxy says), and the pages' policy: the site's own inline script by hash, the same on every
 * page of a language, nothing taken from the page.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { pageScript } from "../../app/page-script/page-script.ts";
import { speculationRules } from "../../app/page-script/speculation-rules.ts";
import { pagePolicies, policyFor, securityHeaders } from "./security-headers.ts";

const servers: http.Server[] = [];
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

async function serve(trustProxy: false | number): Promise<string> {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(securityHeaders());
  app.get("/", (_req, res) => res.send("ok"));
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const hashOf = (script: string) =>
  `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

describe("securityHeaders", () => {
  it("sets the fixed headers on every answer", async () => {
    const response = await fetch(await serve(false));
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "DENY",
      "cross-origin-opener-policy": "same-origin",
    });
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("permissions-policy")).toContain("geolocation=()");
  });

  it("sends HSTS over HTTPS as a trusted proxy says, never over plain HTTP", async () => {
    const proxied = await serve(1);
    const https = await fetch(proxied, { headers: { "X-Forwarded-Proto": "https" } });
    expect(https.headers.get("strict-transport-security")).toBe(
      "max-age=63072000; includeSubDomains",
    );
    expect((await fetch(proxied)).headers.get("strict-transport-security")).toBeNull();
    // An untrusted client saying "https" is not believed.
    const direct = await serve(false);
    const claimed = await fetch(direct, { headers: { "X-Forwarded-Proto": "https" } });
    expect(claimed.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("pagePolicies", () => {
  const policyOf = pagePolicies(["https://media.example"]);
  const scriptSrc = (policy: string) =>
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .find(([name]) => name === "script-src")
      ?.slice(1) ?? [];

  it("allows each language's own inline script and speculation rules by hash, and nothing inline else", () => {
    for (const lang of ["en", "ar"] as const) {
      const scripts = scriptSrc(policyOf(`/${lang}/news`));
      expect(scripts).toContain("'self'");
      expect(scripts).toContain(hashOf(pageScript(lang)));
      // Pages outside a language (`/fr/x`, the error page) carry the script without one.
      expect(scripts).toContain(hashOf(pageScript(null)));
      expect(scripts).toContain(hashOf(speculationRules(lang)));
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      // Not Chromium's looser `'inline-speculation-rules'`: any rules in the page would do.
      expect(scripts).not.toContain("'inline-speculation-rules'");
      expect(scripts).toHaveLength(4);
    }
    expect(scriptSrc(policyOf("/en"))).not.toContain(hashOf(pageScript("ar")));
    expect(scriptSrc(policyOf("/en"))).not.toContain(hashOf(speculationRules("ar")));
  });

  it("is the same on every page of a language, whatever the letter case", () => {
    const en = ["/en", "/en/news", "/en/news/3", "/EN/News", "/fr/x", "/"].map(policyOf);
    expect(new Set(en).size).toBe(1);
    const ar = ["/ar", "/ar/projects", "/AR/news/7", "/Ar"].map(policyOf);
    expect(new Set(ar).size).toBe(1);
    expect(ar[0]).not.toBe(en[0]);
  });

  it("keeps the other directives strict", () => {
    const policy = policyFor(["x"], ["https://media.example"]);
    for (const directive of [
      "default-src 'self'",
      "img-src 'self' data: https: https://media.example",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(policy).toContain(directive);
    }
    // Images: any https address (API.md lets one be on any host), never plain http elsewhere
    // than the media origins, nor any scheme at all.
    const images = policy.split("; ").find((directive) => directive.startsWith("img-src")) ?? "";
    expect(images.split(" ")).not.toContain("http:");
    expect(images.split(" ")).not.toContain("*");
  });
});
