/** `/:lang/iso`: the ISO certificates page: banner, intro and the certificates, each opening full size. */
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { LazyImage } from "../components/lazy-image.tsx";
import { Lightbox, lightboxOpener } from "../components/lightbox.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { cardFrame } from "../components/ui/card.tsx";
import { Section } from "../components/ui/section.tsx";
import { cn } from "../lib/cn.ts";
import { photosOf } from "../lib/content-rules.ts";
import { pageMeta } from "../lib/seo.ts";
import { pageContext } from "../lib/site.server.ts";
import { staggerDelayCss } from "../lib/stagger.ts";
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
          // widgets/certificates.ts: the fade-in and the lightbox.
          <div data-widget="certificates">
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
                />
              ))}
            </ul>
            <Lightbox total={images.length} />
          </div>
        )}
      </Section>
    </>
  );
}

/**
 * One certificate. Visible in the server HTML (`data-reveal="static"`, also for reduced
 * motion); widgets/certificates.ts hides it (`pending`) only once it knows the item has not
 * been seen yet, then fades it in (`shown`) with its own delay.
 */
function Certificate({ image, index }: { image: { src: string; alt: string }; index: number }) {
  const { t } = useTranslation();
  return (
    <li
      data-testid="iso-item"
      data-reveal="static"
      style={{ "--stagger": staggerDelayCss(index) } as CSSProperties}
      className="not-data-[reveal=static]:transition-[opacity,translate] not-data-[reveal=static]:delay-(--stagger) not-data-[reveal=static]:duration-700 not-data-[reveal=static]:ease-layout data-[reveal=pending]:translate-y-8 data-[reveal=pending]:opacity-0"
    >
      <button
        type="button"
        {...lightboxOpener(image.src, image.alt)}
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
