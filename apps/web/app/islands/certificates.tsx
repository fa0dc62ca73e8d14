/**
 * The ISO page's certificates (SPEC.md "ISO page"): a grid of 3 columns from medium width; each
 * opens larger in the lightbox, which is what this island is for. Each certificate also fades in
 * the first time it comes into view, one after another: the page's own script does that from
 * the first paint (page-script/reveal-in-view.ts marks `data-reveal`, app.css fades), so a
 * slow phone does not wait for this island's script to see them.
 */
import type { ReactNode } from "react";
import { cardFrame } from "../components/ui/card.tsx";
import { cn } from "../shared/cn.ts";
import { island } from "./island.tsx";
import {
  Lightbox,
  type LightboxImage,
  type LightboxLabels,
  useLightbox,
} from "./parts/lightbox.tsx";
import type { Direction } from "./parts/use-slider.ts";

export interface Certificate extends LightboxImage {
  /** The scan as drawn in the grid (server markup). */
  picture: ReactNode;
  /** The button's name: "View larger: ...". */
  openLabel: string;
}

function Certificates({
  dir,
  certificates,
  labels,
}: {
  dir: Direction;
  certificates: Certificate[];
  labels: LightboxLabels;
}) {
  const { shown, setShown, opener } = useLightbox();
  return (
    <>
      <ul
        data-testid="iso-grid"
        className="grid grid-cols-1 gap-6 sm:grid-cols-2 md:grid-cols-3 lg:gap-8"
      >
        {certificates.map((certificate, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the same scan may appear twice
            key={index}
            data-testid="iso-item"
            data-reveal="waiting"
            // The page's script has moved it on by the time this island hydrates.
            suppressHydrationWarning
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
        ))}
      </ul>
      <Lightbox images={certificates} labels={labels} dir={dir} index={shown} onChange={setShown} />
    </>
  );
}

export const CertificatesIsland = island("certificates", Certificates);
