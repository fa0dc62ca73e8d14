/**
 * Security headers. Every answer gets the fixed ones (`securityHeaders`); pages also get a
 * Content-Security-Policy per language (`pagePolicies`).
 *
 * The policy allows the site's script files (`'self'`) and the SHA-256 hashes of the site's own
 * inline scripts (app/page-script/page-script.ts, and the speculation rules of
 * app/page-script/speculation-rules.ts, which Chromium allows only as a script), computed once at start: no `unsafe-inline`, no
 * nonce, and nothing taken from the rendered page, so a script that slipped into a page is not
 * allowed by its own hash, and `script-src` is the same on every page of a language. Hashes,
 * not nonces, because the full-page cache serves one rendering to many visitors (decision
 * record 009). Blocks of data (`application/ld+json`, `application/json`) run nothing and
 * need no hash.
 */
import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import { defaultLanguage, type Language, languages } from "@site/contract/languages";
import type express from "express";
import { pageScript } from "../../app/page-script/page-script.ts";
import { speculationRules } from "../../app/page-script/speculation-rules.ts";
import { languageOfPath } from "../../app/shared/page-table.ts";

/**
 * Sets the headers every answer carries; `secure`: the request came over HTTPS (directly, or as
 * the trusted proxy says), the only case where browsers read Strict-Transport-Security.
 */
function setSecurityHeaders(res: ServerResponse, secure: boolean): void {
  const headers = securityHeaderList(secure);
  for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i] ?? "", headers[i + 1] ?? "");
}

const everyAnswer = [
  "X-Content-Type-Options",
  "nosniff",
  "Referrer-Policy",
  "strict-origin-when-cross-origin",
  "X-Frame-Options",
  "DENY",
  "Cross-Origin-Opener-Policy",
  "same-origin",
  "Permissions-Policy",
  "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
] as const;
const overHttps = [
  ...everyAnswer,
  "Strict-Transport-Security",
  "max-age=63072000; includeSubDomains",
] as const;

/**
 * The same headers as a flat list of names and values, as `writeHead` takes them: the page
 * cache's own path for hits (cached-answers.ts) sends them without a `setHeader` each.
 */
export const securityHeaderList = (secure: boolean): readonly string[] =>
  secure ? overHttps : everyAnswer;

/** Headers on every answer. */
export function securityHeaders(): express.RequestHandler {
  return (req, res, next) => {
    setSecurityHeaders(res, req.secure);
    next();
  };
}

const hashOf = (script: string) =>
  `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;

/** The policy of a page whose inline scripts are `scripts`. */
export function policyFor(scripts: readonly string[], mediaOrigins: readonly string[]): string {
  const hashes = [...new Set(scripts.filter(Boolean).map(hashOf))];
  const media = mediaOrigins.join(" ");
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(" ")}`.trim(),
    // React sets a few style attributes (carousel sizes); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // API.md lets an image be any absolute URL (a CDN, another host): any https image, and the
    // media origins, which may be plain http.
    `img-src 'self' data: https: ${media}`.trim(),
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The policy of each language's pages, made once: the page script of that language, the one of
 * pages outside a language (`/fr/...`, shown in the default language), and the language's
 * speculation rules. Returns the policy of a page by its path.
 */
export function pagePolicies(
  mediaOrigins: readonly string[],
  scriptOf: (lang: Language | null) => string = pageScript,
  rulesOf: (lang: Language) => string = speculationRules,
): (pathname: string) => string {
  const policies = new Map(
    languages.map((lang) => [
      lang,
      policyFor([scriptOf(lang), scriptOf(null), rulesOf(lang)], mediaOrigins),
    ]),
  );
  const fallback = policies.get(defaultLanguage) ?? "";
  return (pathname) => {
    const lang = languageOfPath(pathname);
    return (lang && policies.get(lang)) ?? fallback;
  };
}
