/** `/:lang/HSE`: health, safety and environment: banner, policy text and field photos. */
import { useTranslation } from "react-i18next";
import { ImageGrid } from "../components/image-grid.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { RichContent } from "../components/rich-content.tsx";
import { i18nFor } from "../i18n/index.ts";
import { safeHtml } from "../lib/sanitize.server.ts";
import { pageMeta } from "../lib/seo.ts";
import { siteOf } from "../lib/site.server.ts";
import { langParam } from "../lib/site-map.ts";
import type { Route } from "./+types/hse";

export function meta(args: Route.MetaArgs) {
  if (!args.loaderData) return [];
  const { hse } = args.loaderData;
  const lang = langParam(args.params);
  return pageMeta(args, {
    metaTitle: hse.meta_title,
    title: [hse.title, i18nFor(lang).t("hse.title")],
    description: [hse.meta_description, hse.content],
    image: hse.banner_image,
  });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = siteOf(context);
  const lang = langParam(params);
  const hse = await api.firstOf("hse", lang);
  return {
    hse: {
      title: hse.title,
      content: safeHtml(hse.content, api.mediaUrl),
      banner_image: hse.banner_image,
      meta_title: hse.meta_title,
      meta_description: hse.meta_description,
      images: (hse.hse_images ?? [])
        .map((entry) => entry.image)
        .filter((image): image is string => !!image),
    },
  };
}

export default function Hse({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { hse } = loaderData;
  const title = hse.title || t("hse.title");
  return (
    <>
      <PageBanner title={title} image={hse.banner_image} />
      <section className="py-14 md:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <div className="max-w-4xl">
            <RichContent html={hse.content} className="[&>:first-child]:mt-0" />
          </div>
        </div>
      </section>
      {hse.images.length > 0 ? (
        <section aria-labelledby="hse-gallery" className="bg-sand-100 py-14 md:py-20">
          <div className="mx-auto max-w-7xl px-4 sm:px-6">
            <h2 id="hse-gallery" className="mb-8 text-2xl font-bold text-navy-900 md:text-3xl">
              {t("hse.gallery")}
            </h2>
            <ImageGrid images={hse.images} altFor={(index) => `${t("hse.gallery")} ${index + 1}`} />
          </div>
        </section>
      ) : null}
    </>
  );
}
