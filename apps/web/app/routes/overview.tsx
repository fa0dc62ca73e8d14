/** `/:lang/overview`: the company overview: banner, the text and a photo gallery. */

import { safeHtml } from "../../server/content/sanitize.server.ts";
import { pageContext } from "../../server/site-context.server.ts";
import { ImageGallery } from "../components/image-gallery.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { RichContent } from "../components/rich-content.tsx";
import { Section } from "../components/ui/section.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { photosOf } from "../shared/content-rules.ts";
import { recordMeta } from "../shared/seo.ts";
import type { Route } from "./+types/overview";

export const meta = (args: Route.MetaArgs) =>
  recordMeta(args, args.loaderData?.overview, {
    titleKey: "overview.title",
    description: "content",
  });

export async function loader(args: Route.LoaderArgs) {
  const { api, lang } = pageContext(args);
  const { content, overview_images, ...overview } = await api.firstOf("overviews", lang, {
    banner_image: null,
    content: "",
    overview_images: [],
  });
  const html = safeHtml(content, api.mediaUrl);
  return {
    lang,
    overview: {
      ...overview,
      content: html,
      images: photosOf(overview_images, (entry) => entry.image),
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
      <Section>
        <div className="max-w-4xl" data-testid="overview-content">
          <RichContent html={overview.content} className="[&>:first-child]:mt-0" />
        </div>
      </Section>
      {images.length > 0 ? (
        <Section id="overview-gallery" heading={t("overview.gallery")} className="bg-sand-100">
          <ImageGallery images={images} label={t("overview.gallery")} />
        </Section>
      ) : null}
    </>
  );
}
