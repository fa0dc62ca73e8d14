/**
 * Security headers. Every answer gets the fixed ones (`securityHeaders`); pages also get a
 * Content-Security-Policy built from the page itself (`pagePolicy`).
 *
 * The policy allows scripts by the SHA-256 hashes of the page's own inline scripts (React
 * Router's bootstrap and data) plus the site's script files: no `unsafe-inline`, no nonce.
 * Hashes, not nonces, because the full-page cache serves one rendering to many visitors: the
 * hashes belong to the bytes, so a cached page and its policy stay valid together, and no
 * visitor is handed another's nonce (decision record 009).
 */
import { createHash } from "node:crypto";
import type express from "express";

/** Headers on every answer. */
export function securityHeaders(): express.RequestHandler {
  return (req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    );
    // Only over HTTPS (directly, or as the trusted proxy says): browsers ignore it otherwise.
    if (req.secure) {
      res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    }
    next();
  };
}

const inlineScript = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The Content-Security-Policy of one rendered page. */
export function pagePolicy(html: string, mediaOrigins: readonly string[]): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(inlineScript)) {
    const body = match[1] ?? "";
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  const media = mediaOrigins.join(" ");
  return [
    "default-src 'self'",
    `script-src 'self' ${[...hashes].join(" ")}`.trim(),
    // React sets a few style attributes (carousel sizes); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${media}`.trim(),
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
