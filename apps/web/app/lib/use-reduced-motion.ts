import { useSyncExternalStore } from "react";

import { REDUCED_MOTION_QUERY as QUERY } from "./carousel-layout.ts";

function subscribe(onChange: () => void) {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

/**
 * Whether the visitor asked for reduced motion. The server (and the first render in the
 * browser) assumes `true`, so nothing starts moving before the browser has been asked.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => true,
  );
}
