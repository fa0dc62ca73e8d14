/** `/:lang/news/:id`: one news story with its image, and links back to the list. */

import { redirectToOwnId } from "../../server/content/own-address.server.ts";
import { safeHtml } from "../../server/content/sanitize.server.ts";
import { pageContext } from "../../server/site-context.server.ts";
import { BackLink } from "../components/back-link.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { RichContent } from "../components/rich-content.tsx";
import { SidePhoto, sideLayout } from "../components/side-photo.tsx";
import { DateText } from "../components/ui/date-text.tsx";
import { Lead } from "../components/ui/section.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { cn } from "../shared/cn.ts";
import { href } from "../shared/page-table.ts";
import { recordMeta } from "../shared/seo.ts";
import { dateOnly, stripTags } from "../shared/text.ts";
import type { Route } from "./+types/news-item";

export function meta(args: Route.MetaArgs) {
  return recordMeta(args, args.loaderData?.item, (item) => ({
    description: [item.description, item.content],
    image: [item.banner_image, item.image],
    type: "article",
    about: { type: "NewsArticle", published: item.created_at },
  }));
}

export async function loader(args: Route.LoaderArgs) {
  const { api, lang } = pageContext(args);
  const item = await api.content("newsItem", lang, { id: args.params.id });
  redirectToOwnId(args.url, item.id);
  return {
    lang,
    item: { ...item, content: safeHtml(item.content, api.mediaUrl) },
    // The description as plain text, whole, as the cards, the feed and the meta tags read it.
    lead: stripTags(item.description ?? ""),
  };
}

export default function NewsItem({ loaderData }: Route.ComponentProps) {
  const { lang, item, lead } = loaderData;
  const { t } = useTranslation();
  const date = dateOnly(item.created_at);

  return (
    <>
      <PageBanner title={item.title} image={item.banner_image || item.image}>
        {date ? (
          <p className="mt-3 text-sm font-medium text-white/85">
            <PublishedOn date={item.created_at} />
          </p>
        ) : null}
      </PageBanner>

      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-20">
        <BackLink href={href("news", lang)} label={t("news.title")} />

        <article className={cn("mt-6", sideLayout)}>
          <SidePhoto src={item.image} className="lg:col-start-2 lg:row-start-1" />
          <div className="min-w-0 lg:col-start-1 lg:row-start-1" data-testid="news-content">
            {lead ? <Lead className="mb-6">{lead}</Lead> : null}
            <RichContent html={item.content} />
          </div>
        </article>
      </div>
    </>
  );
}

/**
 * 'Published on {date}' with the date isolated: after Arabic words a bare `2025-06-15` would
 * be laid out right to left (`15-06-2025`) by the Unicode bidi rules.
 */
function PublishedOn({ date }: { date: string | null | undefined }) {
  const { t } = useTranslation();
  const [before = "", after = ""] = t("news.publishedOn", { date: "\u0000" }).split("\u0000");
  return (
    <>
      {before}
      <DateText value={date} className="tabular-nums" data-testid="news-item-date" />
      {after}
    </>
  );
}
