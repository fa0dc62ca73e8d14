/**
 * What the website's HTTP server (server/http/app.ts) tells route actions about a request: who sent
 * it and whether its body broke the size cap. Set in `getLoadContext`, read with
 * `context.get(visitorContext)`.
 */
import { createContext } from "react-router";

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

export const visitorContext = createContext<Visitor>({
  address: "unknown",
  bodyTooLarge: () => false,
});
