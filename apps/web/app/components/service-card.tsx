/**
 * A service in a grid (services page, home page): icon, title, description and "read more".
 * The title is the card's one link, stretched over the card (ui/card.tsx), so a screen reader
 * names the link by the service alone. On hover and while its link has focus the card turns
 * navy and the icon swaps to its white version. Icons are decorative (the title is the card's text), so
 * their alt is empty.
 */
import type { Language, ServiceSummary } from "@site/contract";
import { useTranslation } from "../i18n/use-translation.ts";
import { href } from "../shared/page-table.ts";
import { LazyImage } from "./lazy-image.tsx";
import { CardLink, MoreLabel } from "./ui/card.tsx";

export type ServiceCardData = Pick<
  ServiceSummary,
  "id" | "title" | "description" | "icon" | "white_icon"
>;

/**
 * The card's look while it is hovered or its link has focus; with focus, the ring of the card
 * family (ui/card.tsx) too.
 */
const active = {
  card: "hover:border-navy-900 hover:bg-navy-900 hover:shadow-lg focus-within:border-navy-900 focus-within:bg-navy-900 focus-within:shadow-lg focus-within:ring-2 focus-within:ring-(--focus-color) motion-safe:hover:-translate-y-1 motion-safe:focus-within:-translate-y-1",
  onNavy: "group-hover:bg-white/10 group-focus-within:bg-white/10",
  hidden: "group-hover:opacity-0 group-focus-within:opacity-0",
  shown: "group-hover:opacity-100 group-focus-within:opacity-100",
  title: "group-hover:text-white group-focus-within:text-white",
  text: "group-hover:text-white/85 group-focus-within:text-white/85",
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
      <MoreLabel onNavy>{t("common.readMore")}</MoreLabel>
    </article>
  );
}
