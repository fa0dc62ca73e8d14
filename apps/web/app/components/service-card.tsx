/**
 * A service in a grid (services page, home page): icon, title, description, linking to the
 * service. On hover and keyboard focus the card turns navy and the icon swaps to its white
 * version. Icons are decorative (the title is the card's text), so their alt is empty.
 */
import type { Language, ServiceSummary } from "@site/contract";
import { useTranslation } from "../i18n/use-translation.ts";
import { href } from "../shared/page-table.ts";
import { ArrowNext } from "./icons.tsx";
import { LazyImage } from "./lazy-image.tsx";

export type ServiceCardData = Pick<
  ServiceSummary,
  "id" | "title" | "description" | "icon" | "white_icon"
>;

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
    <a
      href={href("service", lang, service.id)}
      data-testid="service-card"
      className="group flex h-full flex-col items-start gap-4 rounded-xl wrap-anywhere border border-slate-200 bg-white p-6 shadow-sm transition hover:border-navy-900 hover:bg-navy-900 hover:shadow-lg focus-visible:border-navy-900 focus-visible:bg-navy-900 focus-visible:shadow-lg motion-safe:hover:-translate-y-1 motion-safe:focus-visible:-translate-y-1"
    >
      <span className="relative flex size-16 shrink-0 items-center justify-center rounded-lg bg-sand-100 transition-colors group-hover:bg-white/10 group-focus-visible:bg-white/10">
        {service.icon ? (
          <LazyImage
            src={service.icon}
            alt=""
            kind="icon"
            data-icon="default"
            className="size-10 object-contain transition-opacity group-hover:opacity-0 group-focus-visible:opacity-0"
          />
        ) : null}
        {whiteIcon ? (
          <LazyImage
            src={whiteIcon}
            alt=""
            kind="icon"
            data-icon="white"
            className="absolute inset-0 m-auto size-10 object-contain opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
          />
        ) : null}
      </span>
      <Heading className="text-lg leading-snug font-semibold text-balance text-navy-900 transition-colors group-hover:text-white group-focus-visible:text-white">
        {service.title}
      </Heading>
      {service.description ? (
        <p className="text-sm leading-6 text-slate-600 transition-colors group-hover:text-white/85 group-focus-visible:text-white/85">
          {service.description}
        </p>
      ) : null}
      <span className="mt-auto inline-flex items-center gap-2 pt-2 text-sm font-semibold text-steel-600 transition-colors group-hover:text-amber-brand group-focus-visible:text-amber-brand">
        {t("common.readMore")}
        <ArrowNext
          size={16}
          className="motion-safe:transition-transform motion-safe:group-hover:translate-x-1 motion-safe:rtl:group-hover:-translate-x-1"
        />
      </span>
    </a>
  );
}
