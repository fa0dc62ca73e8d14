/** `/:lang/HSE`: health, safety and environment: banner, policy text and field photos. */

import { safeHtml } from "../../server/content/sanitize.server.ts";
import { pageContext } from "../../server/site-context.server.ts";
import { ImageGrid } from "../components/image-grid.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { RichContent } from "../components/rich-content.tsx";
import { Section } from "../components/ui/section.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { photosOf } from "../shared/content-rules.ts";
import { recordMeta } from "../shared/seo.ts";
import type { Route } from "./+types/hse";

export const meta = (args: Route.MetaArgs) =>
  recordMeta(args, args.loaderData?.hse, { titleKey: "hse.title", description: "content" });

export async function loader(args: Route.LoaderArgs) {
  const { api, lang } = pageContext(args);
  const { content, hse_images, ...hse } = await api.firstOf("hse", lang, {
    title: "",
    content: "",
    banner_image: null,
  });
  const html = safeHtml(content, api.mediaUrl);
  return { hse: { ...hse, content: html, images: photosOf(hse_images, (entry) => entry.image) } };
}

export default function Hse({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { hse } = loaderData;
  const title = hse.title || t("hse.title");
  return (
    <>
      <PageBanner title={title} image={hse.banner_image} />
      <Section>
        <div className="max-w-4xl">
          <RichContent html={hse.content} className="[&>:first-child]:mt-0" />
        </div>
      </Section>
      {hse.images.length > 0 ? (
        <Section id="hse-gallery" heading={t("hse.gallery")} className="bg-sand-100">
          <ImageGrid
            images={hse.images}
            altFor={(index) => t("common.imageAlt", { title: t("hse.gallery"), index: index + 1 })}
          />
        </Section>
      ) : null}
    </>
  );
}
