import { type MouseEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { LazyImage } from "../components/lazy-image.tsx";
import { Lightbox } from "../components/lightbox.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { cardFrame } from "../components/ui/card.tsx";
import { i18nFor } from "../i18n/index.ts";
import { cn } from "../lib/cn.ts";
import { pageMeta } from "../lib/seo.ts";
import { siteOf } from "../lib/site.server.ts";
import { langParam } from "../lib/site-map.ts";
import { staggerDelayCss } from "../lib/stagger.ts";
import { useReveal } from "../lib/use-reveal.ts";
import type { Route } from "./+types/iso";

export function meta(args: Route.MetaArgs) {
  if (!args.loaderData) return [];
  const { iso, lang } = args.loaderData;
  return pageMeta(args, {
    metaTitle: iso.meta_title,
    title: [iso.title, i18nFor(lang).t("iso.title")],
    description: iso.meta_description,
    image: iso.banner_img,
  });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = siteOf(context);
  const lang = langParam(params);
  const iso = await api.firstOf("isos", lang);
  return {
    lang,
    iso: {
      title: iso.title,
      meta_title: iso.meta_title,
      meta_description: iso.meta_description,
      banner_img: iso.banner_img,
      images: iso.iso_images
        .map((entry) => entry.image)
        .filter((image): image is string => !!image),
    },
  };
}

export default function Iso({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { iso } = loaderData;
  const title = iso.title || t("iso.title");
  const [open, setOpen] = useState<number | null>(null);
  const images = iso.images.map((src, index) => ({
    src,
    alt: `${t("iso.certificate", { index: index + 1 })} — ${title}`,
  }));

  return (
    <>
      <PageBanner title={title} image={iso.banner_img} />
      <section className="py-14 md:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          {images.length === 0 ? (
            <p className="text-slate-500">{t("common.noData")}</p>
          ) : (
            <ul
              data-testid="iso-grid"
              className="grid grid-cols-1 gap-6 sm:grid-cols-2 md:grid-cols-3 lg:gap-8"
            >
              {images.map((image, index) => (
                <Certificate
                  // biome-ignore lint/suspicious/noArrayIndexKey: the same image may appear twice
                  key={`${image.src}-${index}`}
                  image={image}
                  index={index}
                  onOpen={(event) => {
                    // Safari does not focus clicked buttons; the lightbox gives focus back here.
                    event.currentTarget.focus({ preventScroll: true });
                    setOpen(index);
                  }}
                />
              ))}
            </ul>
          )}
        </div>
      </section>
      <Lightbox
        images={images}
        index={open}
        onClose={() => setOpen(null)}
        onIndexChange={setOpen}
      />
    </>
  );
}

function Certificate({
  image,
  index,
  onOpen,
}: {
  image: { src: string; alt: string };
  index: number;
  onOpen(event: MouseEvent<HTMLButtonElement>): void;
}) {
  const { t } = useTranslation();
  const { ref, state } = useReveal<HTMLLIElement>();
  // Visible in the server HTML and for reduced motion; hidden only once the browser knows the
  // item has not been seen yet, then faded in with its own delay.
  const motion =
    state === "static"
      ? ""
      : `transition-[opacity,translate] duration-700 ease-layout ${state === "pending" ? "translate-y-8 opacity-0" : "opacity-100"}`;
  return (
    <li
      ref={ref}
      data-testid="iso-item"
      data-reveal={state}
      style={state === "static" ? undefined : { transitionDelay: staggerDelayCss(index) }}
      className={motion}
    >
      <button
        type="button"
        onClick={onOpen}
        aria-label={t("common.viewLarger", { title: image.alt })}
        className={cn(cardFrame(true), "w-full p-4")}
      >
        <LazyImage
          src={image.src}
          alt={image.alt}
          width={600}
          height={800}
          className="aspect-[3/4] w-full rounded-lg object-contain transition-transform duration-500 group-hover:scale-[1.02]"
        />
      </button>
    </li>
  );
}
