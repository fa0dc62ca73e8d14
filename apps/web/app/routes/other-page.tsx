/** `/:lang/otherPages/:id`: a generic page (About Us sub-pages): banner, title, rich content, image. */

import { LazyImage } from "../components/lazy-image.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { RichContent } from "../components/rich-content.tsx";
import { safeHtml } from "../lib/sanitize.server.ts";
import { pageMeta } from "../lib/seo.ts";
import { siteOf } from "../lib/site.server.ts";
import { langParam } from "../lib/site-map.ts";
import type { Route } from "./+types/other-page";

export function meta(args: Route.MetaArgs) {
  if (!args.loaderData) return [];
  const { page } = args.loaderData;
  return pageMeta(args, {
    metaTitle: page.meta_title,
    title: page.title,
    description: [page.meta_description, page.content],
    image: [page.banner_image, page.image],
  });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = siteOf(context);
  const lang = langParam(params);
  const page = await api.content("extraPage", lang, { id: params.id });
  return { page: { ...page, content: safeHtml(page.content, api.mediaUrl) } };
}

export default function OtherPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <PageBanner title={page.title} image={page.banner_image || page.image} />
      <div
        className={`mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:py-20 ${
          page.image ? "lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-14" : ""
        }`}
      >
        <article className={`min-w-0 ${page.image ? "" : "max-w-4xl"}`}>
          <RichContent html={page.content} className="[&>:first-child]:mt-0" />
        </article>
        {page.image ? (
          <figure className="lg:sticky lg:top-28 lg:self-start">
            <LazyImage
              src={page.image}
              alt={page.title}
              width={768}
              height={960}
              className="aspect-4/5 w-full rounded-xl object-cover shadow-lg sm:aspect-video lg:aspect-4/5"
            />
          </figure>
        ) : null}
      </div>
    </>
  );
}
