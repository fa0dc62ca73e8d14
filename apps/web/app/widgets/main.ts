/**
 * The site's widgets: the one script file of the pages that need one (lib/site-map.ts marks
 * them `widgets`; root.tsx adds it). Each element with `data-widget="name"` in the server HTML
 * is brought to life by that widget; `html[data-widgets]` then tells that it has run (browser
 * tests wait for it). The page's inline script (lib/page-script.ts) does what every page needs.
 */
import { carousel } from "./carousel.ts";
import { certificates } from "./certificates.ts";
import { contactForm } from "./contact-form.ts";
import { gallery } from "./gallery.ts";
import { heroSlider } from "./hero-slider.ts";

const widgets: Record<string, (element: HTMLElement) => void> = {
  carousel,
  certificates,
  "contact-form": contactForm,
  gallery,
  "hero-slider": heroSlider,
};

for (const element of document.querySelectorAll<HTMLElement>("[data-widget]")) {
  widgets[element.dataset.widget ?? ""]?.(element);
}
document.documentElement.dataset.widgets = "";
