/**
 * A service in a grid (services page, home page): icon, title, description and "read more".
 * The title is the card's one link, stretched over the card (ui/card.tsx), so a screen reader
 * names the link by the service alone. On hover and keyboard focus the card turns navy and the
 * icon swaps to its white version. Icons are decorative (the title is the card's text), so
 * their alt is empty.
 */
import type { Language, ServiceSummary } from "@site/contract";
import { useTranslation } from "../i18n/use-translation.ts";
import { href } from "../shared/page-table.ts";
import { ArrowNext } from "./icons.tsx";
import { LazyImage } from "./lazy-image.tsx";
import { CardLink } from "./ui/card.tsx";

export type ServiceCardData = Pick<
  ServiceSummary,
  "id" | "title" | "description" | "icon" | "white_icon"
>;

/** The card's look while it is hovered or its link has keyboard focus. */
const active = {
  card: "hover:border-navy-900 hover:bg-navy-900 hover:shadow-lg has-focus-visible:border-navy-900 has-focus-visible:bg-navy-900 has-focus-visible:shadow-lg has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-(--focus-color) motion-safe:hover:-translate-y-1 motion-safe:has-focus-visible:-translate-y-1",
  onNavy: "group-hover:bg-white/10 group-has-focus-visible:bg-white/10",
  hidden: "group-hover:opacity-0 group-has-focus-visible:opacity-0",
  shown: "group-hover:opacity-100 group-has-focus-visible:opacity-100",
  title: "group-hover:text-white group-has-focus-visible:text-white",
  text: "group-hover:text-white/85 group-has-focus-visible:text-white/85",
  more: "group-hover:text-amber-brand group-has-focus-visible:text-amber-brand",
};

export function ServiceCard({
  lang,
  service,
  headingLevel = 3,
}: {
  lang: Language;
  service: ServiceCardData;
  /** 2 when the card sits right under the page's h1, 3 under a section's h2. */
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const whiteIcon = service.white_icon || service.icon;
  return (
    <article
      data-testid="service-card"
      className={`group relative flex h-full flex-col items-start gap-4 rounded-xl wrap-anywhere border border-slate-200 bg-white p-6 shadow-sm transition ${active.card}`}
    >
      <span
        className={`relative flex size-16 shrink-0 items-center justify-center rounded-lg bg-sand-100 transition-colors ${active.onNavy}`}
      >
        {service.icon ? (
          <LazyImage
            src={service.icon}
            alt=""
            kind="icon"
            data-icon="default"
            className={`size-10 object-contain transition-opacity ${active.hidden}`}
          />
        ) : null}
        {whiteIcon ? (
          <LazyImage
            src={whiteIcon}
            alt=""
            kind="icon"
            data-icon="white"
            className={`absolute inset-0 m-auto size-10 object-contain opacity-0 transition-opacity ${active.shown}`}
          />
        ) : null}
      </span>
      <Heading
        className={`text-lg leading-snug font-semibold text-balance text-navy-900 transition-colors ${active.title}`}
      >
        <CardLink to={href("service", lang, service.id)}>{service.title}</CardLink>
      </Heading>
      {service.description ? (
        <p className={`text-sm leading-6 text-slate-600 transition-colors ${active.text}`}>
          {service.description}
        </p>
      ) : null}
      {/* For sighted visitors: the link already names the service. */}
      <span
        aria-hidden="true"
        className={`mt-auto inline-flex items-center gap-2 pt-2 text-sm font-semibold text-steel-600 transition-colors ${active.more}`}
      >
        {t("common.readMore")}
        <ArrowNext
          size={16}
          className="motion-safe:transition-transform motion-safe:group-hover:translate-x-1 motion-safe:rtl:group-hover:-translate-x-1"
        />
      </span>
    </article>
  );
}
