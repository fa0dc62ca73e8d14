/** `/:lang/services`: every service the company offers, as cards. */

import { pageContext } from "../../server/site-context.server.ts";
import { PageBanner } from "../components/page-banner.tsx";
import { ServiceCard } from "../components/service-card.tsx";
import { Section } from "../components/ui/section.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { pageMeta } from "../shared/seo.ts";
import type { Route } from "./+types/services";

export function meta(args: Route.MetaArgs) {
  if (!args.loaderData) return [];
  const { bannerImage, services } = args.loaderData;
  return pageMeta(args, {
    titleKey: "services.title",
    // The list has no meta fields of its own: name what the company offers.
    description: services.map((service) => service.title).join(" · "),
    image: bannerImage,
  });
}

export async function loader(args: Route.LoaderArgs) {
  const { api, lang } = pageContext(args);
  const services = await api.content("services", lang);
  return {
    lang,
    bannerImage: services[0]?.banner_image ?? null,
    services: services.map(({ id, title, description, icon, white_icon }) => ({
      id,
      title,
      description,
      icon,
      white_icon,
    })),
  };
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, bannerImage, services } = loaderData;
  return (
    <>
      <PageBanner title={t("services.title")} image={bannerImage} />
      <Section className="bg-sand-100/60">
        {services.length > 0 ? (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {services.map((service) => (
              <li key={service.id}>
                <ServiceCard lang={lang} service={service} headingLevel={2} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-500">{t("common.noData")}</p>
        )}
      </Section>
    </>
  );
}
