/** A content carousel of the home page (components/carousel.tsx): see there. */
import { startSlider } from "./slider.ts";

export function carousel(root: HTMLElement) {
  startSlider(root, { align: "start", loop: false, containScroll: "trimSnaps", slidesToScroll: 1 });
}
