/**
 * The full-screen banner slider of the home page (SPEC.md "Home page", section 9): Embla with
 * the autoplay plugin, looping, a new slide every 6 s that keeps going after the visitor drags
 * or clicks, 50 px between slides, one slide per view under 865 px and three from 865 px, or
 * fewer over the whole width when there are fewer (CSS sizes them, so the server HTML is laid
 * out and nothing shifts). Autoplay waits while the tab is hidden, never runs for
 * `prefers-reduced-motion: reduce` (whose visitors get no pause button either), and can be
 * paused with a button; a visitor who paused keeps it paused. It waits too while keyboard focus
 * is on it, buttons included (the ARIA carousel pattern; a click does not stop it, SPEC: "does
 * not stop on interaction"). The dots go to a slide; with
 * focus on the buttons the arrow keys change slides in the reading direction. Hydrated at
 * once: it is the first view.
 */
import Autoplay from "embla-carousel-autoplay";
import {
  type CSSProperties,
  type FocusEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from "react";
import { PauseIcon, PlayIcon } from "../components/icons.tsx";
import { RoundButton } from "../components/ui/round-button.tsx";
import { loadLazyImage } from "../page-script/lazy-images.ts";
import { cn } from "../shared/cn.ts";
import { island } from "./island.tsx";
import {
  HERO_AUTOPLAY_DELAY,
  HERO_SLIDER,
  layoutVars,
  REDUCED_MOTION_QUERY,
} from "./parts/carousel-layout.ts";
import { type CarouselRoles, Slides } from "./parts/slide.tsx";
import { SlideAnnouncement } from "./parts/slide-announcement.tsx";
import { type SlideButtonLabels, SlideButtons } from "./parts/slide-buttons.tsx";
import { type Direction, useSlider } from "./parts/use-slider.ts";

/**
 * The layout for `count` slides: three to a wide screen as SPEC.md says, or, with fewer, those
 * side by side over the whole width (each picture cut to its slide's shape: components/
 * hero-slider.tsx), not a third of it and a dark band.
 */
const layoutFor = (count: number) =>
  layoutVars({
    ...HERO_SLIDER,
    large: {
      ...HERO_SLIDER.large,
      perView: Math.max(1, Math.min(HERO_SLIDER.large.perView, count)),
    },
  }) as CSSProperties;

interface HeroSlide {
  key: string;
  /** "Slide 1 of 3". */
  label: string;
  /** "Go to slide 1". */
  dotLabel: string;
  /** The slide's picture and texts (server markup). */
  content: ReactNode;
}

export interface HeroSliderProps {
  dir: Direction;
  /** The region's name. */
  label: string;
  slides: HeroSlide[];
  labels: SlideButtonLabels & { pause: string; play: string };
  roles: CarouselRoles;
}

function HeroSlider({ dir, label, slides, labels, roles }: HeroSliderProps) {
  const [autoplay] = useState(() =>
    Autoplay({
      delay: HERO_AUTOPLAY_DELAY,
      stopOnInteraction: false,
      // The media query switches the plugin off entirely for reduced motion.
      breakpoints: { [REDUCED_MOTION_QUERY]: { active: false } },
    }),
  );
  const [plugins] = useState(() => [autoplay]);
  const slider = useSlider({
    direction: dir,
    slides: slides.length,
    options: { loop: true, align: "start" },
    plugins,
  });
  const { api } = slider;
  // Nothing moves by itself for reduced motion, so there is nothing to pause: no button.
  // Undefined until the island is live: the button keeps its place (invisible), so the arrows
  // and dots beside it do not jump when it shows.
  const [moves, setMoves] = useState<boolean>();
  const [paused, setPaused] = useState(false);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;

  useEffect(() => {
    setMoves(!matchMedia(REDUCED_MOTION_QUERY).matches);
  }, []);

  // The pictures of the slides just beside the view, either way, are fetched while those in
  // it show: lazy images load as they come into view, and a slide comes in from beside the
  // clipped view, blank until its picture arrives.
  useEffect(() => {
    if (!api) return;
    const fetchNeighbours = () => {
      const slides = api.slideNodes();
      const count = slides.length;
      // Slides to a view (1 on phones, 3 on wide screens): the view's width over a slide's.
      const slideWidth = slides[0]?.getBoundingClientRect().width || 1;
      const perView = Math.max(1, Math.round(api.rootNode().clientWidth / slideWidth));
      const first = api.selectedScrollSnap();
      for (const index of [(first + perView) % count, (first - 1 + count) % count])
        for (const image of slides[index]?.querySelectorAll<HTMLImageElement>("img[data-lazy]") ??
          [])
          loadLazyImage(image);
    };
    fetchNeighbours();
    api.on("select", fetchNeighbours);
    return () => {
      api.off("select", fetchNeighbours);
    };
  }, [api]);

  useEffect(() => {
    if (!api) return;
    // The plugin resumes by itself after a drag or when focus leaves the slides.
    const keepPaused = () => {
      if (pausedRef.current) queueMicrotask(() => autoplay.stop());
    };
    api.on("autoplay:timerset", keepPaused);
    return () => {
      api.off("autoplay:timerset", keepPaused);
    };
  }, [api, autoplay]);

  // Keyboard focus on the slider's buttons holds it still; leaving them lets it go on. (Only
  // what focus stopped is started again: under reduced motion the plugin never plays.)
  const heldByFocus = useRef(false);
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const keyboard = event.target instanceof HTMLElement && event.target.matches(":focus-visible");
    if (!keyboard || !autoplay.isPlaying()) return;
    heldByFocus.current = true;
    autoplay.stop();
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    if (!heldByFocus.current) return;
    heldByFocus.current = false;
    if (!pausedRef.current) autoplay.play();
  };

  const togglePause = () => {
    if (paused) autoplay.play();
    else autoplay.stop();
    setPaused(!paused);
  };

  return (
    <section
      aria-roledescription={roles.carousel}
      data-carousel
      aria-label={label}
      data-testid="hero-slider"
      onKeyDown={slider.onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
      className="focus-on-dark relative isolate h-dvh min-h-[560px] overflow-hidden bg-navy-950"
    >
      <Slides
        viewportRef={slider.viewportRef}
        dir={dir}
        style={layoutFor(slides.length)}
        items={slides}
        selected={slider.selected}
        className="h-full"
        // The gap is on each slide's right and the track reaches past the right edge, in both
        // directions (physical sides, on purpose): Embla measures slides against the track once
        // it has moved, against the page before, and a track reaching past the left edge made
        // those differ by one gap, so a resize left the slides a gap off (English only).
        trackClassName="-mr-(--slide-gap) h-full min-[54.0625rem]:-mr-(--slide-gap-lg)"
        slideClassName="h-full basis-(--slide-basis) pr-(--slide-gap) min-[54.0625rem]:basis-(--slide-basis-lg) min-[54.0625rem]:pr-(--slide-gap-lg)"
        slideTestId="hero-slide"
        slideRole={roles.slide}
      />

      {slides.length > 1 ? (
        // Pause first, as the ARIA carousel pattern asks: Tab reaches it before anything that
        // moves. Wide screens: one row, pause then previous, dots, next. Phones: pause has a
        // row of its own above (six dots and three buttons need 330 px), so Tab follows the
        // rows as they are drawn; many slides: the dots take more rows between the buttons.
        <div
          data-needs-script
          className={cn(
            "absolute inset-x-0 bottom-8 flex flex-wrap items-center justify-center gap-3 px-4 sm:flex-nowrap",
            // Every slide in view on a wide screen: nothing to move to, nothing to pause.
            slides.length <= HERO_SLIDER.large.perView && "min-[54.0625rem]:hidden",
          )}
        >
          <div
            hidden={moves === false}
            className="flex justify-center motion-reduce:hidden max-sm:basis-full"
          >
            <RoundButton
              surface="overlay"
              label={paused ? labels.play : labels.pause}
              onClick={togglePause}
              data-paused={paused || undefined}
              data-testid="hero-pause"
              className={cn("group", moves === undefined && "invisible")}
            >
              <PauseIcon size={18} className="group-data-paused:hidden" />
              <PlayIcon size={18} className="hidden group-data-paused:block" />
            </RoundButton>
          </div>
          <div className="flex min-w-0 items-center gap-3">
            <SlideButtons slider={slider} labels={labels} surface="overlay">
              <div className="flex min-w-0 flex-wrap items-center justify-center gap-1">
                {slides.map((slide, index) => (
                  <button
                    key={slide.key}
                    type="button"
                    aria-label={slide.dotLabel}
                    aria-current={index === slider.selected || undefined}
                    onClick={() => slider.scrollTo(index)}
                    data-testid="hero-dot"
                    className="group inline-flex size-6 items-center justify-center"
                  >
                    <span className="block h-2 w-2 rounded-full bg-white/60 transition-all group-hover:bg-white group-aria-current:w-6 group-aria-current:bg-amber-brand" />
                  </button>
                ))}
              </div>
            </SlideButtons>
          </div>
        </div>
      ) : null}
      <SlideAnnouncement
        text={slider.movedTo === null ? "" : (slides[slider.movedTo]?.label ?? "")}
      />
    </section>
  );
}

export const HeroSliderIsland = island("hero-slider", HeroSlider, "load");
