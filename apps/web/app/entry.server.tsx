/**
 * React Router's server entry: each page rendered by React to one string. The site has no
 * Suspense boundary and no deferred data (no client router, decisions 013 and 014), so there is
 * nothing to stream, and the page handler reads every page whole anyway (to keep it in the page
 * cache and compress it). React Router's default entry streams through Node and web streams,
 * which cost more CPU than the render of a search results page itself (issue 33).
 */
import { defaultLanguage } from "@site/contract/languages";
import { renderToString } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";
import { languageOfSegment } from "./shared/page-table.ts";

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Response {
  headers.set("Content-Type", "text/html; charset=utf-8");
  // The page's language, as `<html lang>` says it (root.tsx), for tools that read headers.
  const lang = languageOfSegment(routerContext.staticHandlerContext.matches[0]?.params.lang);
  headers.set("Content-Language", lang ?? defaultLanguage);
  // HEAD: the same status and headers, no body (RFC 9110), and no render.
  if (request.method === "HEAD") return new Response(null, { status, headers });
  const html = renderToString(<ServerRouter context={routerContext} url={request.url} />);
  // Bytes, not a string: a string body is copied whole to be made well-formed, then encoded.
  return new Response(Buffer.from(`<!DOCTYPE html>${html}`), { status, headers });
}
