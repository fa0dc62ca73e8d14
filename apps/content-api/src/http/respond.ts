/** Writing answers: JSON bodies, the `{ data }` envelope, error bodies, CORS headers. */

import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { ErrorBody } from "@site/contract";
import { requestLanguage, type ServerMessage, serverMessages } from "./i18n.ts";

export const corsHeaders = {
  "Access-Control-Allow-Origin": "*",
} as const;

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: OutgoingHttpHeaders = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...corsHeaders,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "X-Content-Type-Options": "nosniff",
    ...headers,
  });
  res.end(text);
}

/** `{ "data": payload }`, the shape of every success. */
export function sendData(
  res: ServerResponse,
  payload: unknown,
  status = 200,
  headers?: OutgoingHttpHeaders,
): void {
  sendJson(res, status, { data: payload }, { Vary: "lang", ...headers });
}

type Page = { data: unknown[]; pagination: unknown };

/** Whether a payload is one page of a paged list. */
export const isPage = (payload: unknown): payload is Page =>
  typeof payload === "object" &&
  payload !== null &&
  Array.isArray((payload as Page).data) &&
  "pagination" in payload;

/** A page in API.md's flat form: `{ "data": [...], "pagination": {...} }`, no outer envelope. */
export function sendFlatPage(res: ServerResponse, page: Page): void {
  sendJson(res, 200, { data: page.data, pagination: page.pagination }, { Vary: "lang" });
}

/** `{ "message": "..." }` in the request's language (plus `errors` for a 422). */
export function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  message: ServerMessage,
  extra: { errors?: ErrorBody["errors"]; headers?: OutgoingHttpHeaders } = {},
): void {
  const body: ErrorBody = { message: serverMessages[requestLanguage(req)][message] };
  if (extra.errors) body.errors = extra.errors;
  sendJson(res, status, body, { Vary: "lang", ...extra.headers });
}
