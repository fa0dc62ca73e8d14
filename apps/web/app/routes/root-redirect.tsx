/** `/`: sends visitors to their language: the cookie's, else English. */
import { redirect } from "react-router";
import { href, languageFromCookie } from "../shared/page-table.ts";
import type { Route } from "./+types/root-redirect";

/** `/` → the saved language's home page, decided on the server so there is no blank page. */
export function loader({ request }: Route.LoaderArgs) {
  const lang = languageFromCookie(request.headers.get("Cookie"));
  throw redirect(href("home", lang), { headers: { Vary: "Cookie", "Cache-Control": "no-store" } });
}

export default function RootRedirect() {
  return null;
}
