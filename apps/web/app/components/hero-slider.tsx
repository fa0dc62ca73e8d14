/**
 * The home page's banner slider: the island (islands/hero-slider.tsx) with its texts in the
 * page's language and each slide's picture and titles as server markup.
 */
import type { HomeBanner } from "@site/contract";
import { useDirection } from "../hooks/use-direction.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { HeroSliderIsland } from "../islands/hero-slider.tsx";
import type { ImageKind } from "../shared/image-kinds.ts";
import { useCarouselRoles } from "./carousel-roles.ts";
import { LazyImage } from "./lazy-image.tsx";

export function HeroSlider({ banners }: { banners: HomeBanner[] }) {
  const { t } = useTranslation();
  const dir = useDirection();
  const roles = useCarouselRoles();
  const name = t("home.bannerRegion");
  return (
    <HeroSliderIsland
      dir={dir}
      label={name}
      labels={{
        previous: t("home.carouselPrevious", { name }),
        next: t("home.carouselNext", { name }),
        pause: t("home.pauseSlider"),
        play: t("home.playSlider"),
      }}
      roles={roles}
      slides={banners.map((banner, index) => ({
        key: String(banner.id),
        label: t("common.slide", { index: index + 1, total: banners.length }),
        dotLabel: t("common.goToSlide", { index: index + 1 }),
        content: (
          <BannerSlide banner={banner} first={index === 0} wide={wideKind[banners.length]} />
        ),
      }))}
    />
  );
}

/**
 * With one or two banners, a wide screen shows them side by side over its whole width
 * (islands/hero-slider.tsx), each in a shape of its own: the picture is cut to it.
 */
const wideKind: Partial<Record<number, ImageKind>> = { 1: "slideWhole", 2: "slideHalf" };

/** Where the slider shows three slides, or fewer that share the width (54.0625rem: 865 px). */
const WIDE_SCREEN = "(min-width: 54.0625rem)";

function BannerSlide({
  banner,
  first,
  wide,
}: {
  banner: HomeBanner;
  first: boolean;
  wide: ImageKind | undefined;
}) {
  return (
    <div className="relative isolate flex h-full items-end overflow-hidden">
      {/* A backdrop: the slide's heading says what it shows, once. */}
      <LazyImage
        src={banner.image}
        alt=""
        kind="slide"
        priority={first}
        {...(wide && { from: { media: WIDE_SCREEN, kind: wide } })}
        className="absolute inset-0 -z-20 size-full bg-navy-900! object-cover"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-t from-navy-950/95 via-navy-950/45 to-navy-950/30"
      />
      {/* Clear of the controls below: on phones the pause button is a row above the others.
          Four lines of each at most, so a long text never reaches up under the fixed header
          (the slide is the screen's height, 560 px at least); all of it is still read out. */}
      <div className="w-full px-6 pb-36 sm:px-10 sm:pb-32 min-[54.0625rem]:px-8">
        {/* An untitled banner (the contract allows "") is its picture alone: no empty heading. */}
        {banner.title.trim() ? (
          <>
            <span aria-hidden="true" className="mb-4 block h-1 w-14 rounded-full bg-amber-brand" />
            <h2 className="line-clamp-4 text-3xl leading-tight font-bold text-white text-balance wrap-break-word sm:text-4xl min-[54.0625rem]:text-2xl xl:text-3xl">
              {banner.title}
            </h2>
          </>
        ) : null}
        {banner.subtitle ? (
          <p className="mt-3 line-clamp-4 max-w-xl text-base leading-7 text-white/85 wrap-break-word sm:text-lg min-[54.0625rem]:text-base">
            {banner.subtitle}
          </p>
        ) : null}
      </div>
    </div>
  );
}
