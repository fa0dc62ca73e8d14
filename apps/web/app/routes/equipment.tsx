/** `/:lang/equipment`: the equipment page header, then a card for every machine type. */

import { pageContext } from "../../server/site-context.server.ts";
import { EquipmentCard } from "../components/equipment-card.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { Lead, Section } from "../components/ui/section.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { recordMeta } from "../shared/seo.ts";
import type { Route } from "./+types/equipment";

export const meta = (args: Route.MetaArgs) =>
  recordMeta(args, args.loaderData?.page, {
    titleKey: "equipment.title",
    description: "description",
  });

export async function loader(args: Route.LoaderArgs) {
  const { api, lang, optional } = pageContext(args);
  const noHeader = { title: "", banner_image: null };
  const [page, equipment] = await Promise.all([
    // The machines are the page; without its header record it has the site's title.
    optional((api) => api.firstOf("equipmentPages", lang, noHeader), noHeader),
    api.content("equipments", lang),
  ]);
  return { page, equipment };
}

export default function Equipment({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page, equipment } = loaderData;
  return (
    <>
      <PageBanner title={page.title || t("equipment.title")} image={page.banner_image} />
      <Section>
        {page.description ? <Lead className="mb-12">{page.description}</Lead> : null}
        {equipment.length > 0 ? (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {equipment.map((item) => (
              <li key={item.id}>
                <EquipmentCard item={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-xl bg-sand-100 p-8 text-center text-slate-600">
            {t("equipment.empty")}
          </p>
        )}
      </Section>
    </>
  );
}
