/**
 * The address the menus mark as the page the visitor is on: the page's own, or the one its
 * route names (`handle.navPath`) when the page is shown under another of its addresses (a
 * current project opened at `/projects/{id}` belongs to the current list, routes/project.tsx).
 */
import { useLocation, useMatches } from "react-router";

/** What a route may say about its page's place in the menus. */
export interface NavHandle<Data> {
  navPath: (data: Data) => string;
}

export function useNavPath(): string {
  const { pathname } = useLocation();
  const matches = useMatches();
  for (const match of matches.toReversed()) {
    const handle = match.handle as Partial<NavHandle<unknown>> | undefined;
    if (handle?.navPath && match.loaderData) return handle.navPath(match.loaderData);
  }
  return pathname;
}
