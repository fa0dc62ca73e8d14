/**
 * The ISO page's certificates (SPEC.md "ISO page"): a grid of 3 columns from medium width; each
 * certificate fades in the first time it comes into view, one after another, the delays
 * counted from the first of the certificates entering together (0.5 s, then 0.2 s more each:
 * islands/parts/stagger.ts), so one scrolled to late never waits for those above it. Those on screen at
 * load fade in the same way. Each opens larger in the lightbox. Without scripts, or for
 * reduced motion, they are simply shown (`scripted:` and `motion-safe:` below).
 */
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from "react";
import { cardFrame } from "../components/ui/card.tsx";
import { cn } from "../shared/cn.ts";
import { island } from "./island.tsx";
import { REDUCED_MOTION_QUERY } from "./parts/carousel-layout.ts";
import {
  Lightbox,
  type LightboxImage,
  type LightboxLabels,
  useLightbox,
} from "./parts/lightbox.tsx";
import { staggerDelayCss } from "./parts/stagger.ts";
import type { Direction } from "./parts/use-slider.ts";

export interface Certificate extends LightboxImage {
  /** The scan as drawn in the grid (server markup). */
  picture: ReactNode;
  /** The button's name: "View larger: ...". */
  openLabel: string;
}

/** How much of a certificate must be in view before it fades in. */
const THRESHOLD = 0.15;

/** Each certificate: waiting to be seen, fading in after a delay, or shown as it is. */
type Reveal = { state: "waiting" } | { state: "shown"; delay: string } | { state: "static" };

function Certificates({
  dir,
  certificates,
  labels,
}: {
  dir: Direction;
  certificates: Certificate[];
  labels: LightboxLabels;
}) {
  const items = useRef<(HTMLLIElement | null)[]>([]);
  const [live, setLive] = useState(false);
  const [reveals, setReveals] = useState<Reveal[]>(() =>
    certificates.map(() => ({ state: "waiting" })),
  );
  const { shown, setShown, opener } = useLightbox();

  useEffect(() => {
    setLive(true);
    if (matchMedia(REDUCED_MOTION_QUERY).matches || typeof IntersectionObserver === "undefined") {
      setReveals((all) => all.map(() => ({ state: "static" })));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const entering = entries
          .filter((entry) => entry.isIntersecting)
          .map((entry) => items.current.indexOf(entry.target as HTMLLIElement))
          .filter((index) => index >= 0)
          .sort((a, b) => a - b);
        for (const index of entering) observer.unobserve(items.current[index] as Element);
        if (entering.length === 0) return;
        setReveals((all) => {
          const next = [...all];
          entering.forEach((index, order) => {
            next[index] = { state: "shown", delay: staggerDelayCss(order) };
          });
          return next;
        });
      },
      { threshold: THRESHOLD },
    );
    for (const item of items.current) if (item) observer.observe(item);
    return () => observer.disconnect();
  }, []);

  return (
    <>
      <ul
        data-testid="iso-grid"
        className="grid grid-cols-1 gap-6 sm:grid-cols-2 md:grid-cols-3 lg:gap-8"
      >
        {certificates.map((certificate, index) => {
          const reveal = reveals[index] ?? { state: "static" };
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the same scan may appear twice
              key={index}
              ref={(item) => {
                items.current[index] = item;
              }}
              data-testid="iso-item"
              data-reveal={reveal.state}
              style={
                reveal.state === "shown"
                  ? ({ transitionDelay: reveal.delay } as CSSProperties)
                  : undefined
              }
              className={cn(
                reveal.state !== "static" &&
                  "transition-[opacity,translate] duration-700 ease-layout",
                reveal.state === "waiting" &&
                  "scripted:motion-safe:translate-y-8 scripted:motion-safe:opacity-0",
                // Shown anyway if this island never starts.
                reveal.state === "waiting" && !live && "scripted:motion-safe:animate-reveal-late",
                // Reached by Tab while it still fades in: shown at once, where focus is.
                "focus-within:translate-y-0! focus-within:opacity-100! focus-within:transition-none!",
              )}
            >
              <button
                type="button"
                onClick={opener(index)}
                aria-label={certificate.openLabel}
                className={cn(cardFrame(true), "w-full p-4")}
              >
                {certificate.picture}
              </button>
            </li>
          );
        })}
      </ul>
      <Lightbox images={certificates} labels={labels} dir={dir} index={shown} onChange={setShown} />
    </>
  );
}

export const CertificatesIsland = island("certificates", Certificates);
