/** `/:lang/otherPages/:id`: a generic page (About Us sub-pages): banner, title, rich content, image. */

import { redirectToOwnId } from "../../server/content/own-address.server.ts";
import { safeHtml } from "../../server/content/sanitize.server.ts";
import { pageContext } from "../../server/site-context.server.ts";
import { PageBanner } from "../components/page-banner.tsx";
import { RichContent } from "../components/rich-content.tsx";
import { SidePhoto, sideLayout } from "../components/side-photo.tsx";
import { cn } from "../shared/cn.ts";
import { recordMeta } from "../shared/seo.ts";
import type { Route } from "./+types/other-page";

export const meta = (args: Route.MetaArgs) =>
  recordMeta(args, args.loaderData?.page, {
    description: "content",
    image: ["banner_image", "image"],
  });

export async function loader(args: Route.LoaderArgs) {
  const { api, lang } = pageContext(args);
  const page = await api.content("extraPage", lang, { id: args.params.id });
  redirectToOwnId(args.url, page.id);
  return { page: { ...page, content: safeHtml(page.content, api.mediaUrl) } };
}

export default function OtherPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <PageBanner title={page.title} image={page.banner_image || page.image} />
      <div
        className={cn("mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-20", page.image && sideLayout)}
      >
        <article className={cn("min-w-0", !page.image && "max-w-4xl")}>
          <RichContent html={page.content} className="[&>:first-child]:mt-0" />
        </article>
        {page.image ? <SidePhoto src={page.image} /> : null}
      </div>
    </>
  );
}
