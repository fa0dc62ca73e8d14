import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";

/**
 * Who sent a request: the socket address, except behind a trusted proxy (the website's own
 * server forwards visitors' messages), where the first `X-Forwarded-For` address is believed.
 */
export function clientAddress(req: IncomingMessage, trustedProxies: readonly string[]): string {
  const socket = req.socket.remoteAddress ?? "unknown";
  if (!trustedProxies.includes(socket)) return socket;
  const header = req.headers["x-forwarded-for"];
  const first = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim();
  return first && isIP(first) ? first : socket;
}
