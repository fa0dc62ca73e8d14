/** components/image-gallery.tsx in the browser: the slider, its counter and the lightbox. */
import { startLightbox } from "./lightbox.ts";
import { startSlider } from "./slider.ts";

export function gallery(root: HTMLElement) {
  const api = startSlider(root, { align: "start", loop: false });
  const counter = root.querySelector<HTMLElement>("[data-counter]");
  if (api && counter) {
    const template = counter.dataset.counter ?? "";
    api.on("select", () => {
      counter.textContent = template.replace("{index}", String(api.selectedScrollSnap() + 1));
    });
  }
  startLightbox(root);
}
