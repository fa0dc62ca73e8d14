import { useTranslation } from "react-i18next";
import { ImageGallery } from "../components/image-gallery.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { RichContent } from "../components/rich-content.tsx";
import { i18nFor } from "../i18n/index.ts";
import { safeHtml } from "../lib/sanitize.server.ts";
import { pageMeta } from "../lib/seo.ts";
import { siteOf } from "../lib/site.server.ts";
import { langParam } from "../lib/site-map.ts";
import type { Route } from "./+types/overview";

export function meta(args: Route.MetaArgs) {
  if (!args.loaderData) return [];
  const { overview, lang } = args.loaderData;
  return pageMeta(args, {
    metaTitle: overview.meta_title,
    title: i18nFor(lang).t("overview.title"),
    description: [overview.meta_description, overview.content],
    image: overview.banner_image,
  });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = siteOf(context);
  const lang = langParam(params);
  const overview = await api.firstOf("overviews", lang);
  return {
    lang,
    overview: {
      meta_title: overview.meta_title,
      meta_description: overview.meta_description,
      banner_image: overview.banner_image,
      content: safeHtml(overview.content, api.mediaUrl),
      images: overview.overview_images
        .map((entry) => entry.image)
        .filter((image): image is string => !!image),
    },
  };
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { overview } = loaderData;
  const title = t("overview.title");
  const images = overview.images.map((src, index) => ({
    src,
    alt: t("common.imageAlt", { title, index: index + 1 }),
  }));
  return (
    <>
      <PageBanner title={title} image={overview.banner_image} />
      <section className="py-14 md:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <div className="max-w-4xl" data-testid="overview-content">
            <RichContent html={overview.content} className="[&>:first-child]:mt-0" />
          </div>
        </div>
      </section>
      {images.length > 0 ? (
        <section aria-labelledby="overview-gallery" className="bg-sand-100 py-14 md:py-20">
          <div className="mx-auto max-w-7xl px-4 sm:px-6">
            <h2 id="overview-gallery" className="mb-8 text-2xl font-bold text-navy-900 md:text-3xl">
              <span
                className="mb-3 block h-1 w-12 rounded-full bg-amber-brand"
                aria-hidden="true"
              />
              {t("overview.gallery")}
            </h2>
            <ImageGallery images={images} label={t("overview.gallery")} />
          </div>
        </section>
      ) : null}
    </>
  );
}
