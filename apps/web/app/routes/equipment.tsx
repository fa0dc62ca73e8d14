/** `/:lang/equipment`: the equipment page header, then a card for every machine type. */
import { useTranslation } from "react-i18next";
import { EquipmentCard } from "../components/equipment-card.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { i18nFor } from "../i18n/index.ts";
import { pageMeta } from "../lib/seo.ts";
import { siteOf } from "../lib/site.server.ts";
import { langParam } from "../lib/site-map.ts";
import type { Route } from "./+types/equipment";

export function meta(args: Route.MetaArgs) {
  if (!args.loaderData) return [];
  const { page } = args.loaderData;
  const lang = langParam(args.params);
  return pageMeta(args, {
    metaTitle: page.meta_title,
    title: [page.title, i18nFor(lang).t("equipment.title")],
    description: [page.meta_description, page.description],
    image: page.banner_image,
  });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = siteOf(context);
  const lang = langParam(params);
  const [page, equipment] = await Promise.all([
    api.firstOf("equipmentPages", lang),
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
      <section className="py-14 md:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          {page.description ? (
            <p className="mb-12 max-w-3xl border-s-4 border-amber-brand ps-5 text-lg leading-8 text-slate-700">
              {page.description}
            </p>
          ) : null}
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
        </div>
      </section>
    </>
  );
}
