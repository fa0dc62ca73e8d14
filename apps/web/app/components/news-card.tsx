/**
 * One news item, in the news grid and the home page's carousel: image, date, title and the
 * description as given (callers cut it to 250 characters, SPEC.md section 9). The title is the
 * card's one link.
 */
import { useTranslation } from "../i18n/use-translation.ts";
import { Card, CardImage, CardLink, MoreLabel } from "./ui/card.tsx";
import { DateText } from "./ui/date-text.tsx";

export interface NewsCardItem {
  title: string;
  image: string | null;
  /** The preview, already cut. */
  description: string;
  /** `YYYY-MM-DD`, or "" when the item has no date. */
  date: string;
}

export function NewsCard({
  item,
  href,
  headingLevel = 2,
  moreOnHover = false,
  imageKind = "wideCard",
}: {
  item: NewsCardItem;
  href: string;
  /** 2 in the news grid (under the page's h1), 3 in a home section. */
  headingLevel?: 2 | 3;
  /** The home carousel shows 'See More' on hover; the news grid always shows 'Read more'. */
  moreOnHover?: boolean;
  /** How wide its photo is drawn: in a grid, or in the home carousel. */
  imageKind?: "wideCard" | "carouselWideCard";
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Card interactive data-testid="news-card">
      <CardImage src={item.image} alt="" kind={imageKind} className="aspect-[16/10]" />
      <div className="flex flex-1 flex-col p-5 md:p-6">
        {item.date ? (
          // `self-start` keeps it on the side where the card's lines start, which its own
          // direction (left to right) would make the left in Arabic.
          <DateText
            value={item.date}
            className="self-start text-sm font-medium text-slate-500 tabular-nums"
            data-testid="news-date"
          />
        ) : null}
        <Heading className="mt-2 line-clamp-3 text-lg leading-snug font-bold text-pretty text-navy-900 group-hover:text-steel-600">
          <CardLink to={href}>{item.title}</CardLink>
        </Heading>
        <p className="mt-3 text-sm leading-6 text-slate-600" data-testid="news-description">
          {item.description}
        </p>
        <MoreLabel onHover={moreOnHover}>
          {t(moreOnHover ? "common.seeMore" : "common.readMore")}
        </MoreLabel>
      </div>
    </Card>
  );
}
