import { useEffect, useRef, useState } from "react";
import { useReducedMotion } from "./use-reduced-motion.ts";

/**
 * Reveals an element the first time it scrolls into view. The state is `static` in the
 * server HTML, before hydration, without IntersectionObserver and for reduced motion (always
 * visible, no animation). After hydration an element already on screen is `shown` at once
 * (never hidden); one below the fold is `pending` (hidden) until it enters the view, then
 * `shown` for good, which fades it in.
 */
export function useReveal<T extends Element>(threshold = 0.15) {
  const ref = useRef<T>(null);
  const reducedMotion = useReducedMotion();
  const [state, setState] = useState<"static" | "pending" | "shown">("static");

  useEffect(() => {
    const element = ref.current;
    if (reducedMotion || !element || typeof IntersectionObserver === "undefined") {
      setState((current) => (current === "pending" ? "static" : current));
      return;
    }
    // Already on screen when the page comes alive: it stays as the server painted it.
    const rect = element.getBoundingClientRect();
    if (rect.top < window.innerHeight && rect.bottom > 0) {
      setState("shown");
      return;
    }
    setState((current) => (current === "shown" ? current : "pending"));
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setState("shown");
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [reducedMotion, threshold]);

  return { ref, state };
}
