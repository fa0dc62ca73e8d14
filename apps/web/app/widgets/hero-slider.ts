/**
 * The home page's banner slider (components/hero-slider.tsx): Embla with the autoplay plugin,
 * looping, the dot of the slide in view marked `aria-current` and the slide `data-selected`.
 * Autoplay keeps going after a drag or a click and waits while the tab is hidden (the plugin's
 * own behaviour); it never starts for reduced motion, which also keeps the pause button
 * hidden. A visitor who pressed pause keeps it paused.
 */
import Autoplay from "embla-carousel-autoplay";
import { HERO_AUTOPLAY_DELAY, REDUCED_MOTION_QUERY } from "../lib/carousel-layout.ts";
import { startSlider } from "./slider.ts";

export function heroSlider(root: HTMLElement) {
  const autoplay = Autoplay({
    delay: HERO_AUTOPLAY_DELAY,
    stopOnInteraction: false,
    // The media query switches the plugin off entirely for reduced motion.
    breakpoints: { [REDUCED_MOTION_QUERY]: { active: false } },
  });
  const api = startSlider(root, { loop: true, align: "start" }, [autoplay]);
  if (!api) return;

  const slides = root.querySelectorAll<HTMLElement>("[data-testid=hero-slide]");
  const dots = [...root.querySelectorAll<HTMLElement>("[data-slider-dot]")];
  dots.forEach((dot, index) => {
    dot.addEventListener("click", () => api.scrollTo(index));
  });
  const showSelected = () => {
    const selected = api.selectedScrollSnap();
    slides.forEach((slide, index) => {
      if (index === selected) slide.setAttribute("data-selected", "true");
      else slide.removeAttribute("data-selected");
    });
    dots.forEach((dot, index) => {
      if (index === selected) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
  };
  api.on("select", showSelected).on("reInit", showSelected);

  const pause = root.querySelector<HTMLButtonElement>("[data-testid=hero-pause]");
  if (!pause) return;
  // Nothing moves by itself for reduced motion: nothing to pause.
  if (matchMedia(REDUCED_MOTION_QUERY).matches) {
    pause.remove();
    return;
  }
  pause.hidden = false;
  let paused = false;
  pause.addEventListener("click", () => {
    paused = !paused;
    if (paused) autoplay.stop();
    else autoplay.play();
    pause.toggleAttribute("data-paused", paused);
    const label = paused ? pause.dataset.labelPaused : pause.dataset.labelPlaying;
    if (label) pause.setAttribute("aria-label", label);
  });
  // The plugin resumes by itself after a drag or when focus leaves the slides.
  api.on("autoplay:timerset", () => {
    if (paused) queueMicrotask(() => autoplay.stop());
  });
}
