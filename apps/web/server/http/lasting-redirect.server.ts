/**
 * A redirect built from the page table alone (another spelling of an address, an unsupported
 * language, a language's file) changes only with a deploy: a browser or a cache in front may
 * keep it an hour (decision 008). A redirect that follows the content (a list's last page, an
 * item's own id) says nothing of its own and goes out as `no-store` (http/page-handler.ts).
 */
import { redirect } from "react-router";

export const LASTING_REDIRECT_CACHE = "public, max-age=3600";

/** A 301 to `to`, an address built from the page table. */
export const lastingRedirect = (to: string) =>
  redirect(to, { status: 301, headers: { "Cache-Control": LASTING_REDIRECT_CACHE } });
