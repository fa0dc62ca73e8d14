/**
 * One news item in the news grid: image, date, title and the description cut to 250
 * characters (SPEC.md section 9). The title is the card's one link; it covers the whole card.
 */
import type { NewsSummary } from "@site/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { newsPreview } from "../lib/content-rules.ts";
import { dateOnly } from "../lib/text.ts";
import { ArrowNext } from "./icons.tsx";
import { LazyImage } from "./lazy-image.tsx";

export function NewsCard({ item, href }: { item: NewsSummary; href: string }) {
  const { t } = useTranslation();
  const date = dateOnly(item.created_at);
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-1 hover:shadow-xl focus-within:ring-2 focus-within:ring-amber-brand motion-reduce:hover:translate-y-0"
      data-testid="news-card"
    >
      <div className="overflow-hidden bg-sand-100">
        <LazyImage
          src={item.image}
          alt={item.title}
          width={640}
          height={400}
          className="aspect-[16/10] w-full object-cover transition-transform duration-700 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        {date ? (
          <time
            dateTime={date}
            className="text-sm font-medium text-slate-500 tabular-nums"
            data-testid="news-date"
          >
            {date}
          </time>
        ) : null}
        <h2 className="mt-2 text-lg leading-snug font-bold text-navy-900 group-hover:text-steel-600">
          <Link
            to={href}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {item.title}
          </Link>
        </h2>
        <p className="mt-3 flex-1 text-sm leading-6 text-slate-600" data-testid="news-description">
          {newsPreview(item.description)}
        </p>
        <span
          aria-hidden="true"
          className="mt-5 inline-flex items-center gap-2 text-sm font-semibold text-steel-600 group-hover:text-navy-900"
        >
          {t("common.readMore")}
          <ArrowNext
            size={16}
            className="transition-transform group-hover:translate-x-1 rtl:group-hover:-translate-x-1"
          />
        </span>
      </div>
    </article>
  );
}
