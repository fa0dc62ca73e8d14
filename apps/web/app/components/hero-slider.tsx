/**
 * The full-screen banner slider of the home page (SPEC.md "Home page", section 9), rendered
 * here and run by widgets/hero-slider.ts: Embla with the autoplay plugin, looping, a new slide
 * every 6 s that keeps going after the visitor drags or clicks, 50 px between slides, one slide
 * per view under 865 px and three from 865 px. Autoplay waits while the tab is hidden, never
 * runs for `prefers-reduced-motion: reduce` (whose visitors get no pause button either), and
 * can be paused with a button. With focus on its buttons the arrow keys change slides in the
 * reading direction. The slides are in the server HTML and sized by CSS, so the first paint
 * has no shift and no spinner.
 */
import type { HomeBanner } from "@site/contract";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { HERO_SLIDER, layoutVars } from "../lib/carousel-layout.ts";
import { useDirection } from "../lib/use-direction.ts";
import { PauseIcon, PlayIcon } from "./icons.tsx";
import { LazyImage } from "./lazy-image.tsx";
import { SlideButtons } from "./slide-buttons.tsx";
import { RoundButton } from "./ui/round-button.tsx";

const vars = layoutVars(HERO_SLIDER) as CSSProperties;

export function HeroSlider({ banners }: { banners: HomeBanner[] }) {
  const { t } = useTranslation();
  const direction = useDirection();
  if (banners.length === 0) return <div className="h-[560px] bg-navy-950" />;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("home.bannerRegion")}
      data-testid="hero-slider"
      data-widget="hero-slider"
      className="focus-on-dark relative isolate h-dvh min-h-[560px] overflow-hidden bg-navy-950"
    >
      <div data-slider-viewport dir={direction} style={vars} className="h-full overflow-hidden">
        <div className="-ms-(--slide-gap) flex h-full touch-pan-y touch-pinch-zoom min-[865px]:-ms-(--slide-gap-lg)">
          {banners.map((banner, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's slide is a group
            <div
              key={banner.id}
              role="group"
              aria-roledescription="slide"
              aria-label={t("common.slide", { index: index + 1, total: banners.length })}
              data-testid="hero-slide"
              data-selected={index === 0 || undefined}
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
          {/* Loops: previous and next are never at an end. */}
          <SlideButtons name={t("home.bannerRegion")} surface="overlay" slides={3}>
            <div className="flex items-center gap-1">
              {banners.map((banner, index) => (
                <button
                  key={banner.id}
                  type="button"
                  data-slider-dot={index}
                  aria-label={t("common.goToSlide", { index: index + 1 })}
                  aria-current={index === 0 || undefined}
                  data-testid="hero-dot"
                  className="group inline-flex size-6 items-center justify-center"
                >
                  <span className="block h-2 w-2 rounded-full bg-white/60 transition-all group-hover:bg-white group-aria-current:w-6 group-aria-current:bg-amber-brand" />
                </button>
              ))}
            </div>
            {/* Shown by the widget when autoplay runs (not for reduced motion). */}
            <RoundButton
              surface="overlay"
              hidden
              label={t("home.pauseSlider")}
              data-label-paused={t("home.playSlider")}
              data-label-playing={t("home.pauseSlider")}
              data-testid="hero-pause"
              className="group"
            >
              <PauseIcon size={18} className="group-data-paused:hidden" />
              <PlayIcon size={18} className="hidden group-data-paused:block" />
            </RoundButton>
          </SlideButtons>
        </div>
      ) : null}
    </section>
  );
}
