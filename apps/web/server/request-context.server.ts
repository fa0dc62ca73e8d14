/**
 * The keys of what the server hands each request's loaders and actions (React Router's
 * context): the running site, what the page was made from, and who sent the request. In a
 * module of their own that imports none of the site's code, so `npm run dev` never reloads
 * them: the app, made once at start, and the routes Vite reloads after an edit (of a string, of
 * the page table) must hold the same keys. Set by server/http/app.ts.
 */
import { createContext } from "react-router";
import type { Freshness, Site } from "./site-context.server.ts";

export const siteContext = createContext<Site>();

export const freshnessContext = createContext<Freshness>({ until: 0, dataKeys: new Set() });

/**
 * Largest request body the site accepts. The longest valid contact message, posted without
 * JavaScript (percent-encoded) in a script of 3-byte characters (Chinese, Hindi...), is about
 * 48 KB: 5,000 characters of 9 bytes each, and the other fields.
 */
export const maxBodyBytes = 64 * 1024;

export interface Visitor {
  /** The client's address: the socket's, or the first X-Forwarded-For entry with TRUST_PROXY. */
  address: string;
  /**
   * True once the body is known to exceed `maxBodyBytes` (declared, or counted while read).
   * NOTE: a capped body reads as cut short, so an action must check this after reading it.
   */
  bodyTooLarge(): boolean;
}

export const visitorContext = createContext<Visitor>({
  address: "unknown",
  bodyTooLarge: () => false,
});
