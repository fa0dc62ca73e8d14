/**
 * A photo slider with previous and next buttons and a counter, for the overview and project
 * pages: Embla, right to left in Arabic; the arrow keys go from photo to photo in the reading
 * direction, focus following, so Enter opens the photo in view; a photo opens larger in the
 * lightbox, and when it closes the slider shows the photo last seen there, focused. The photos
 * themselves are server markup (lazy images).
 */
import { type ReactNode, useRef } from "react";
import { island } from "./island.tsx";
import {
  Lightbox,
  type LightboxImage,
  type LightboxLabels,
  useLightbox,
} from "./parts/lightbox.tsx";
import { type CarouselRoles, Slides } from "./parts/slide.tsx";
import { SlideAnnouncement } from "./parts/slide-announcement.tsx";
import { type SlideButtonLabels, SlideButtons } from "./parts/slide-buttons.tsx";
import { type Direction, useSlider } from "./parts/use-slider.ts";

interface GalleryPhoto extends LightboxImage {
  /** The photo as drawn in the slide (server markup). */
  picture: ReactNode;
  /** The button's name: "View larger: ...". */
  openLabel: string;
}

export interface GalleryProps {
  dir: Direction;
  /** The gallery's name. */
  label: string;
  photos: GalleryPhoto[];
  buttons: SlideButtonLabels;
  roles: CarouselRoles;
  /** The lightbox's, whose counter ("Image 1 of 6") also names the slides. */
  labels: LightboxLabels;
}

function Gallery({ dir, label, photos, buttons, roles, labels }: GalleryProps) {
  const total = photos.length;
  const slider = useSlider({
    direction: dir,
    slides: total,
    options: { align: "start", loop: false },
  });
  const { shown, setShown, opener } = useLightbox();
  const openers = useRef<(HTMLButtonElement | null)[]>([]);
  /** The photo's button, its slide brought in at once (focus then lands in view). */
  const photoButton = (index: number) => {
    slider.api?.scrollTo(index, true);
    return openers.current[index];
  };

  return (
    // A group, not a region: pages usually put the gallery in a section with the same name.
    // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's container is a group
    <div
      role="group"
      aria-roledescription={roles.carousel}
      data-carousel
      aria-label={label}
      data-testid="image-gallery"
      onKeyDown={slider.onKeyDown}
      className="w-full"
    >
      <Slides
        viewportRef={slider.viewportRef}
        dir={dir}
        items={photos.map((photo, index) => ({
          // The same photo may appear twice.
          key: index,
          label: labels.counter[index] ?? "",
          content: (
            <button
              ref={(button) => {
                openers.current[index] = button;
              }}
              type="button"
              onClick={opener(index)}
              aria-label={photo.openLabel}
              className="group focus-on-dark relative block w-full overflow-hidden rounded-2xl bg-sand-100 focus-visible:outline-offset-[-4px]"
            >
              {photo.picture}
              <span
                aria-hidden="true"
                className="absolute inset-0 bg-linear-to-t from-navy-950/40 to-transparent opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
              />
            </button>
          ),
        }))}
        className="rounded-2xl"
        trackClassName="-ms-4"
        slideClassName="basis-full ps-4"
        testId="gallery-viewport"
        slideRole={roles.slide}
      />

      {total > 1 ? (
        <div data-needs-script className="mt-4 flex items-center justify-between gap-4">
          {/* Not live: a visitor's move is said once, by the announcement below. */}
          <p
            data-testid="gallery-counter"
            className="text-sm font-medium text-slate-600 tabular-nums"
          >
            {labels.counter[slider.selected]}
          </p>
          <div className="flex gap-2">
            <SlideButtons slider={slider} labels={buttons} surface="card" />
          </div>
          <SlideAnnouncement
            text={slider.movedTo === null ? "" : (labels.counter[slider.movedTo] ?? "")}
          />
        </div>
      ) : null}

      <Lightbox
        images={photos}
        labels={labels}
        dir={dir}
        index={shown}
        onChange={setShown}
        returnTo={photoButton}
      />
    </div>
  );
}

export const GalleryIsland = island("gallery", Gallery);
