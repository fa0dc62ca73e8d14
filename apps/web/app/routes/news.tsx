/** `/:lang/news`: the news page header and one page of stories (`?page=N`). */

import { loadPage } from "../../server/content/paged.server.ts";
import { pageContext } from "../../server/site-context.server.ts";
import { NewsCard } from "../components/news-card.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { Pagination } from "../components/pagination.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { newsCardOf } from "../shared/content-rules.ts";
import { href } from "../shared/page-table.ts";
import { LIST_ANCHOR } from "../shared/pagination.ts";
import { pageMeta } from "../shared/seo.ts";
import type { Route } from "./+types/news";

export function meta(args: Route.MetaArgs) {
  const header = args.loaderData?.header;
  if (!header) return [];
  const { title, description, image } = header;
  // Without the news page's header record, the page is titled "News" like its banner.
  return pageMeta(args, { record: header, title, titleKey: "news.title", description, image });
}

export async function loader(args: Route.LoaderArgs) {
  const { api, lang, optional } = pageContext(args);
  const { url } = args;
  const noHeader = { title: "", description: "", image: null };
  const [header, list] = await Promise.all([
    // The stories are the page; without its header record it is titled "News", with no picture.
    optional((api) => api.firstOf("newsPage", lang, noHeader), noHeader),
    loadPage(api, "news", lang, url),
  ]);
  return { lang, header, ...list, items: list.items.map(newsCardOf) };
}

export default function News({ loaderData }: Route.ComponentProps) {
  const { lang, header, items, page, lastPage } = loaderData;
  const { t } = useTranslation();

  return (
    <>
      <PageBanner title={header.title || t("news.title")} image={header.image} />
      <div id={LIST_ANCHOR} className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-20">
        {header.description ? (
          <p
            className="max-w-3xl text-lg leading-8 text-slate-700"
            data-testid="news-page-description"
          >
            {header.description}
          </p>
        ) : null}

        {items.length ? (
          <ul
            className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8"
            data-testid="news-grid"
          >
            {items.map((item) => (
              <li key={item.id}>
                <NewsCard item={item} href={href("newsItem", lang, item.id)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-10 rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-500">
            {t("news.empty")}
          </p>
        )}
        <Pagination current={page} last={lastPage} />
      </div>
    </>
  );
}
