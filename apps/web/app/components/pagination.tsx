/**
 * The pager under a paged list (projects, news): first and last page, two pages either side of
 * the current one (one on phones), ellipses for gaps, previous/next. Every page is a real link
 * (`?page=N`, other query values kept), so paging works without scripts and each page has its
 * own address; it lands at the list (`#list`, the element with id LIST_ANCHOR), not at the top
 * of the banner.
 */

import { useLocation } from "react-router";
import { useTranslation } from "../i18n/use-translation.ts";
import { LIST_ANCHOR, type PageItem, pageHref, pageItems } from "../shared/pagination.ts";
import { ChevronNext, ChevronPrevious } from "./icons.tsx";

const cell =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm font-semibold tabular-nums transition sm:h-10 sm:min-w-10";
const idle = `${cell} border border-slate-200 bg-white text-navy-900 hover:border-navy-900 hover:bg-sand-100`;
const active = `${cell} border border-navy-900 bg-navy-900 text-white forced-chosen`;
const step = `${cell} gap-1 border border-slate-200 bg-white text-navy-900 sm:px-3`;

export function Pagination({ current, last }: { current: number; last: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (last <= 1) return null;

  const hrefFor = (page: number) => pageHref(location, page, LIST_ANCHOR);

  const previous = current > 1 ? current - 1 : null;
  const next = current < last ? current + 1 : null;

  const pages = (items: PageItem[], className: string) => (
    <ol className={`items-center gap-1 sm:gap-1.5 ${className}`}>
      {items.map((item, index) =>
        item === "ellipsis" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: ellipses have no identity but their place
          <li key={`gap-${index}`} aria-hidden="true" className="w-6 text-center text-slate-400">
            …
          </li>
        ) : (
          <li key={item}>
            <a
              href={hrefFor(item)}
              className={item === current ? active : idle}
              aria-current={item === current ? "page" : undefined}
              // "Page 2"; screen readers add "current page" from aria-current themselves.
              aria-label={t("pagination.page", { page: item })}
            >
              {item}
            </a>
          </li>
        ),
      )}
    </ol>
  );

  return (
    <nav
      aria-label={t("pagination.label")}
      className="mt-10 flex items-center justify-center gap-1 sm:gap-3"
    >
      {previous ? (
        <a
          href={hrefFor(previous)}
          rel="prev"
          aria-label={t("pagination.previous")}
          className={`${step} hover:border-navy-900 hover:bg-sand-100`}
        >
          <ChevronPrevious size={18} />
          <span aria-hidden="true" className="hidden sm:inline">
            {t("pagination.previousShort")}
          </span>
        </a>
      ) : (
        // biome-ignore lint/a11y/useValidAnchor: a disabled link (no href, aria-disabled) stays a link for assistive tech
        <a
          role="link"
          aria-disabled="true"
          aria-label={t("pagination.previous")}
          className={`${step} cursor-not-allowed opacity-45`}
        >
          <ChevronPrevious size={18} />
          <span aria-hidden="true" className="hidden sm:inline">
            {t("pagination.previousShort")}
          </span>
        </a>
      )}

      {/* Two pages either side from small tablets up; one on phones, so the pager fits 320 px. */}
      {pages(pageItems(current, last, 1), "flex sm:hidden")}
      {pages(pageItems(current, last, 2), "hidden sm:flex")}

      {next ? (
        <a
          href={hrefFor(next)}
          rel="next"
          aria-label={t("pagination.next")}
          className={`${step} hover:border-navy-900 hover:bg-sand-100`}
        >
          <span aria-hidden="true" className="hidden sm:inline">
            {t("pagination.nextShort")}
          </span>
          <ChevronNext size={18} />
        </a>
      ) : (
        // biome-ignore lint/a11y/useValidAnchor: a disabled link (no href, aria-disabled) stays a link for assistive tech
        <a
          role="link"
          aria-disabled="true"
          aria-label={t("pagination.next")}
          className={`${step} cursor-not-allowed opacity-45`}
        >
          <span aria-hidden="true" className="hidden sm:inline">
            {t("pagination.nextShort")}
          </span>
          <ChevronNext size={18} />
        </a>
      )}
    </nav>
  );
}
