/**
 * A visually hidden live region that says which slide a visitor moved to ("Slide 3 of 6"): the
 * buttons and keys of a carousel change what is shown, not where focus is, so without it a
 * screen reader says nothing. Empty until the first move, so nothing is said on load; `quiet`
 * keeps it silent while a slider moves by itself (the ARIA carousel pattern turns its live
 * region off during rotation).
 */
import type { EmblaCarouselType } from "embla-carousel";
import { useEffect, useRef, useState } from "react";

export function SlideAnnouncement({
  api,
  labels,
  quiet,
}: {
  api: EmblaCarouselType | undefined;
  /** One per scroll position: "Slide 1 of 6"... */
  labels: readonly string[];
  quiet?: () => boolean;
}) {
  const [text, setText] = useState("");
  // The latest props, read when Embla reports a move (its listener is added once).
  const latest = useRef({ labels, quiet });
  latest.current = { labels, quiet };

  useEffect(() => {
    if (!api) return;
    const say = () => {
      const { labels, quiet } = latest.current;
      if (!quiet?.()) setText(labels[api.selectedScrollSnap()] ?? "");
    };
    api.on("select", say);
    return () => {
      api.off("select", say);
    };
  }, [api]);

  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="slide-announcement">
      {text}
    </p>
  );
}
