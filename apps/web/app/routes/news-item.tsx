import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ChevronPrevious } from "../components/icons.tsx";
import { LazyImage } from "../components/lazy-image.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { RichContent } from "../components/rich-content.tsx";
import { safeHtml } from "../lib/sanitize.server.ts";
import { pageMeta } from "../lib/seo.ts";
import { siteOf } from "../lib/site.server.ts";
import { href, langParam } from "../lib/site-map.ts";
import { dateOnly } from "../lib/text.ts";
import type { Route } from "./+types/news-item";

export function meta(args: Route.MetaArgs) {
  const { loaderData } = args;
  if (!loaderData) return [];
  const { item } = loaderData;
  return pageMeta(args, {
    metaTitle: item.meta_title,
    title: item.title,
    description: [item.meta_description, item.description, item.content],
    image: [item.banner_image, item.image],
    type: "article",
  });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = siteOf(context);
  const lang = langParam(params);
  const item = await api.content("newsItem", lang, { id: params.id });
  return { lang, item: { ...item, content: safeHtml(item.content, api.mediaUrl) } };
}

export default function NewsItem({ loaderData }: Route.ComponentProps) {
  const { lang, item } = loaderData;
  const { t } = useTranslation();
  const date = dateOnly(item.created_at);

  return (
    <>
      <PageBanner title={item.title} image={item.banner_image || item.image}>
        {date ? (
          <p className="mt-3 text-sm font-medium text-white/85">
            <PublishedOn date={date} />
          </p>
        ) : null}
      </PageBanner>

      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-20">
        <Link
          to={href("news", lang)}
          className="inline-flex items-center gap-1 text-sm font-semibold text-steel-600 hover:text-navy-900"
        >
          <ChevronPrevious size={16} />
          {t("news.title")}
        </Link>

        <article className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_400px] lg:gap-14">
          <figure className="lg:sticky lg:top-28 lg:col-start-2 lg:row-start-1 lg:self-start">
            <LazyImage
              src={item.image}
              alt={item.title}
              width={800}
              height={600}
              className="aspect-[4/3] w-full rounded-2xl object-cover shadow-sm"
            />
          </figure>
          <div className="min-w-0 lg:col-start-1 lg:row-start-1" data-testid="news-content">
            {item.description ? (
              <p className="mb-6 border-s-4 border-amber-brand ps-4 text-lg leading-8 font-medium text-navy-900">
                {item.description}
              </p>
            ) : null}
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
function PublishedOn({ date }: { date: string }) {
  const { t } = useTranslation();
  const [before = "", after = ""] = t("news.publishedOn", { date: "\u0000" }).split("\u0000");
  return (
    <>
      {before}
      <time dateTime={date} dir="ltr" className="tabular-nums" data-testid="news-item-date">
        {date}
      </time>
      {after}
    </>
  );
}
