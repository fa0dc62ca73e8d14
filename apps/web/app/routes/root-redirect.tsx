/** `/`: sends visitors to their language: the cookie's, else English. */
import { defaultLanguage } from "@site/contract/languages";
import { redirect } from "react-router";
import { DEFAULT_LANGUAGE_MARK, href, savedLanguage } from "../shared/page-table.ts";
import type { Route } from "./+types/root-redirect";

/**
 * `/` → the saved language's home page, decided on the server so there is no blank page.
 * Without the cookie, English, marked as a default: its page goes on to the language local
 * storage keeps, if another (SPEC keeps it there; the server cannot read it).
 */
export function loader({ request }: Route.LoaderArgs) {
  const saved = savedLanguage(request.headers.get("Cookie"));
  const headers = new Headers({ Vary: "Cookie", "Cache-Control": "no-store" });
  if (!saved) {
    headers.set("Set-Cookie", `${DEFAULT_LANGUAGE_MARK}=1; Path=/; Max-Age=60; SameSite=Lax`);
  }
  throw redirect(href("home", saved ?? defaultLanguage), { headers });
}

export default function RootRedirect() {
  return null;
}
