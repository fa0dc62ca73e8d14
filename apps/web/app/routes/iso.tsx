/** `/:lang/iso`: the ISO certificates page: banner, intro and the certificates, each opening full size. */
import { type MouseEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { LazyImage } from "../components/lazy-image.tsx";
import { Lightbox } from "../components/lightbox.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { cardFrame } from "../components/ui/card.tsx";
import { Section } from "../components/ui/section.tsx";
import { cn } from "../lib/cn.ts";
import { photosOf } from "../lib/content-rules.ts";
import { pageMeta } from "../lib/seo.ts";
import { pageContext } from "../lib/site.server.ts";
import { staggerDelayCss } from "../lib/stagger.ts";
import { useReveal } from "../lib/use-reveal.ts";
import type { Route } from "./+types/iso";

export function meta(args: Route.MetaArgs) {
  const iso = args.loaderData?.iso;
  if (!iso) return [];
  return pageMeta(args, {
    record: iso,
    title: iso.title,
    titleKey: "iso.title",
    image: iso.banner_img,
  });
}

export async function loader(args: Route.LoaderArgs) {
  const { api, lang } = pageContext(args);
  const { iso_images, ...iso } = await api.firstOf("isos", lang);
  return { lang, iso: { ...iso, images: photosOf(iso_images) } };
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
      <Section>
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
      </Section>
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
          kind="certificate"
          className="aspect-[3/4] w-full rounded-lg object-contain transition-transform duration-500 group-hover:scale-[1.02]"
        />
      </button>
    </li>
  );
}
