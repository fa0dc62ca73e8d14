import { useEffect, useState } from "react";

/** Scroll events are handled at most this often (SPEC.md section 9). */
const THROTTLE_MS = 300;

/** Whether the page is scrolled more than `threshold` pixels, checked at most every 300 ms. */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      timer = undefined;
      setPast(window.scrollY > threshold);
    };
    const onScroll = () => {
      timer ??= setTimeout(check, THROTTLE_MS);
    };
    check();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (timer) clearTimeout(timer);
    };
  }, [threshold]);
  return past;
}
