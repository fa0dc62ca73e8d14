/**
 * What every slider of the site shares (content carousels, the hero slider, the gallery):
 * Embla on the server-rendered slides (components/slider-parts.tsx names the parts), running
 * in the page's reading direction, moving at once for reduced motion; previous and next
 * buttons, disabled at the ends (`aria-disabled`, components/ui/round-button.tsx); the arrow keys in the reading direction
 * (lib/carousel-keys.ts). `data-ready` on the slider says it is running.
 */
import EmblaCarousel, {
  type EmblaCarouselType,
  type EmblaOptionsType,
  type EmblaPluginType,
} from "embla-carousel";
import { carouselKeyDown } from "../lib/carousel-keys.ts";
import { emblaMotionBreakpoints } from "../lib/carousel-layout.ts";

/** The page's reading direction. */
export const pageDirection = (): "ltr" | "rtl" =>
  document.documentElement.dir === "rtl" ? "rtl" : "ltr";

export function startSlider(
  root: HTMLElement,
  options: EmblaOptionsType,
  plugins: EmblaPluginType[] = [],
): EmblaCarouselType | undefined {
  const viewport = root.querySelector<HTMLElement>("[data-slider-viewport]");
  if (!viewport) return undefined;
  const direction = pageDirection();
  const api = EmblaCarousel(
    viewport,
    { direction, breakpoints: emblaMotionBreakpoints, ...options },
    plugins,
  );
  const previous = root.querySelector<HTMLButtonElement>("[data-slider-previous]");
  const next = root.querySelector<HTMLButtonElement>("[data-slider-next]");
  previous?.addEventListener("click", () => api.scrollPrev());
  next?.addEventListener("click", () => api.scrollNext());
  const showEnds = () => {
    markEnd(previous, !api.canScrollPrev());
    markEnd(next, !api.canScrollNext());
  };
  api.on("select", showEnds).on("reInit", showEnds);
  showEnds();
  root.addEventListener("keydown", carouselKeyDown(api, direction));
  root.dataset.ready = "";
  return api;
}

function markEnd(button: HTMLElement | null, atEnd: boolean) {
  if (atEnd) button?.setAttribute("aria-disabled", "true");
  else button?.removeAttribute("aria-disabled");
}
