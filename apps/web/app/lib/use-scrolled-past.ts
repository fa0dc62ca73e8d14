import { useEffect, useState } from "react";
import { throttle } from "./throttle.ts";

/** Scroll events are handled at most this often (SPEC.md section 9). */
const THROTTLE_MS = 300;

/**
 * Whether the page is scrolled more than `threshold` pixels, checked at most every 300 ms and
 * at once after a quiet spell (a jump to an anchor or the page's end shows without delay).
 */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const check = () => setPast(window.scrollY > threshold);
    const onScroll = throttle(check, THROTTLE_MS);
    check();
    window.addEventListener("scroll", onScroll.call, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll.call);
      onScroll.cancel();
    };
  }, [threshold]);
  return past;
}
