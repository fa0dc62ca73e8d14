/**
 * The full-screen banner slider of the home page (SPEC.md "Home page", section 9): Embla with
 * the autoplay plugin, looping, a new slide every 6 s that keeps going after the visitor drags
 * or clicks, 50 px between slides, one slide per view under 865 px and three from 865 px.
 * Autoplay waits while the tab is hidden (the plugin listens to `visibilitychange`), never runs
 * for `prefers-reduced-motion: reduce`, and can be paused with a button. With focus on its
 * buttons the arrow keys change slides in the reading direction. The slides are in the
 * server HTML and sized by CSS, so the first paint has no shift and no spinner.
 */
import type { HomeBanner } from "@site/contract";
import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { type CSSProperties, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { carouselKeyDown } from "../lib/carousel-keys.ts";
import {
  emblaMotionBreakpoints,
  HERO_AUTOPLAY_DELAY,
  HERO_SLIDER,
  layoutVars,
  REDUCED_MOTION_QUERY,
} from "../lib/carousel-layout.ts";
import { useDirection } from "../lib/use-direction.ts";
import { useEmblaState } from "../lib/use-embla-state.ts";
import { useReducedMotion } from "../lib/use-reduced-motion.ts";
import { PauseIcon, PlayIcon } from "./icons.tsx";
import { LazyImage } from "./lazy-image.tsx";
import { SlideButtons } from "./slide-buttons.tsx";
import { RoundButton } from "./ui/round-button.tsx";

const vars = layoutVars(HERO_SLIDER) as CSSProperties;

export function HeroSlider({ banners }: { banners: HomeBanner[] }) {
  const { t } = useTranslation();
  const direction = useDirection();
  const reducedMotion = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;

  // One plugin instance for the component's life (a new one would re-initialise Embla).
  const [autoplay] = useState(() =>
    Autoplay({
      delay: HERO_AUTOPLAY_DELAY,
      stopOnInteraction: false,
      // The media query switches the plugin off entirely for reduced motion.
      breakpoints: { [REDUCED_MOTION_QUERY]: { active: false } },
    }),
  );
  const [viewport, api] = useEmblaCarousel(
    { direction, loop: true, align: "start", breakpoints: emblaMotionBreakpoints },
    [autoplay],
  );
  const { selected, snapCount, canScrollPrev, canScrollNext } = useEmblaState(
    api,
    banners.length > 1,
  );

  // The plugin resumes by itself after a drag or when focus leaves the slides; a visitor who
  // pressed pause keeps it paused.
  useEffect(() => {
    if (!api) return;
    const keepPaused = () => {
      if (pausedRef.current) queueMicrotask(() => api.plugins().autoplay?.stop());
    };
    api.on("autoplay:timerset", keepPaused);
    return () => {
      api.off("autoplay:timerset", keepPaused);
    };
  }, [api]);

  if (banners.length === 0) return <div className="h-[560px] bg-navy-950" />;

  const togglePause = () => {
    const plugin = api?.plugins().autoplay;
    if (paused) plugin?.play();
    else plugin?.stop();
    setPaused(!paused);
  };

  const dots = snapCount || banners.length;
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("home.bannerRegion")}
      data-testid="hero-slider"
      data-ready={api ? "" : undefined}
      onKeyDown={carouselKeyDown(api, direction)}
      className="focus-on-dark relative isolate h-dvh min-h-[560px] overflow-hidden bg-navy-950"
    >
      <div ref={viewport} dir={direction} style={vars} className="h-full overflow-hidden">
        <div className="-ms-(--slide-gap) flex h-full touch-pan-y touch-pinch-zoom min-[865px]:-ms-(--slide-gap-lg)">
          {banners.map((banner, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's slide is a group
            <div
              key={banner.id}
              role="group"
              aria-roledescription="slide"
              aria-label={t("common.slide", { index: index + 1, total: banners.length })}
              data-testid="hero-slide"
              data-selected={index === selected || undefined}
              className="h-full min-w-0 flex-none basis-(--slide-basis) ps-(--slide-gap) min-[865px]:basis-(--slide-basis-lg) min-[865px]:ps-(--slide-gap-lg)"
            >
              <div className="relative isolate flex h-full items-end overflow-hidden">
                <LazyImage
                  src={banner.image}
                  alt={banner.title}
                  kind="slide"
                  priority={index === 0}
                  className="absolute inset-0 -z-20 size-full bg-navy-900! object-cover"
                />
                <div
                  aria-hidden="true"
                  className="absolute inset-0 -z-10 bg-linear-to-t from-navy-950/95 via-navy-950/45 to-navy-950/30"
                />
                <div className="w-full px-6 pb-32 sm:px-10 min-[54.0625rem]:px-8">
                  <span
                    aria-hidden="true"
                    className="mb-4 block h-1 w-14 rounded-full bg-amber-brand"
                  />
                  <h2 className="text-3xl leading-tight font-bold text-white text-balance sm:text-4xl min-[54.0625rem]:text-2xl xl:text-3xl">
                    {banner.title}
                  </h2>
                  {banner.subtitle ? (
                    <p className="mt-3 max-w-xl text-base leading-7 text-white/85 sm:text-lg min-[54.0625rem]:text-base">
                      {banner.subtitle}
                    </p>
                  ) : null}
                </div>
              </div>
            </div>
          ))}
        </div>
      </div>

      {banners.length > 1 ? (
        <div className="absolute inset-x-0 bottom-8 flex items-center justify-center gap-3 px-4">
          <SlideButtons
            api={api}
            canScrollPrev={canScrollPrev}
            canScrollNext={canScrollNext}
            name={t("home.bannerRegion")}
            surface="overlay"
          >
            <div className="flex items-center gap-1">
              {Array.from({ length: dots }, (_, index) => (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: one dot per snap, by position
                  key={index}
                  type="button"
                  onClick={() => api?.scrollTo(index)}
                  aria-label={t("common.goToSlide", { index: index + 1 })}
                  aria-current={index === selected || undefined}
                  data-testid="hero-dot"
                  className="group inline-flex size-6 items-center justify-center"
                >
                  <span
                    className={`block h-2 rounded-full transition-all ${
                      index === selected
                        ? "w-6 bg-amber-brand"
                        : "w-2 bg-white/60 group-hover:bg-white"
                    }`}
                  />
                </button>
              ))}
            </div>
            {reducedMotion ? null : (
              <RoundButton
                surface="overlay"
                onClick={togglePause}
                label={t(paused ? "home.playSlider" : "home.pauseSlider")}
                data-testid="hero-pause"
              >
                {paused ? <PlayIcon size={18} /> : <PauseIcon size={18} />}
              </RoundButton>
            )}
          </SlideButtons>
        </div>
      ) : null}
    </section>
  );
}
