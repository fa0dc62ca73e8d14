/**
 * What the website's HTTP server (server/app.ts) tells route actions about a request: who sent
 * it and whether its body broke the size cap. Set in `getLoadContext`, read with
 * `context.get(visitorContext)`.
 */
import { createContext, type RouterContext } from "react-router";

/** Largest request body the site accepts (a contact message is far smaller). */
export const maxBodyBytes = 32 * 1024;

export interface Visitor {
  /** The client's address: the socket's, or the first X-Forwarded-For entry with TRUST_PROXY. */
  address: string;
  /**
   * True once the body is known to exceed `maxBodyBytes` (declared, or counted while read).
   * NOTE: a capped body reads as cut short, so an action must check this after reading it.
   */
  bodyTooLarge(): boolean;
}

// NOTE: server/app.ts runs from source while route modules run from the server build, so each
// has its own copy of this module. The context key lives on `globalThis` so both share it.
const key = Symbol.for("arkan.web.visitorContext");
const registry = globalThis as typeof globalThis & { [key]?: RouterContext<Visitor> };

registry[key] ??= createContext<Visitor>({ address: "unknown", bodyTooLarge: () => false });

export const visitorContext: RouterContext<Visitor> = registry[key];
