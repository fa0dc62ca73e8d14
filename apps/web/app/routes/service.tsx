/** `/:lang/services/:id`: one service with its text, and the other services beside it. */

import { redirectToOwnId } from "../../server/content/own-address.server.ts";
import { safeHtml } from "../../server/content/sanitize.server.ts";
import { pageContext } from "../../server/site-context.server.ts";
import { ChevronNext } from "../components/icons.tsx";
import { PageBanner } from "../components/page-banner.tsx";
import { RichContent } from "../components/rich-content.tsx";
import { Lead } from "../components/ui/section.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { href } from "../shared/page-table.ts";
import { recordMeta } from "../shared/seo.ts";
import type { Route } from "./+types/service";

export const meta = (args: Route.MetaArgs) =>
  recordMeta(args, args.loaderData?.service, { description: ["description", "content"] });

export async function loader(args: Route.LoaderArgs) {
  const { api, lang, optional } = pageContext(args);
  const [service, services] = await Promise.all([
    api.content("service", lang, { id: args.params.id }),
    // The list beside it, to the other services: the page is whole without it.
    optional((api) => api.content("services", lang), []),
  ]);
  redirectToOwnId(args.url, service.id);
  return {
    lang,
    service: { ...service, content: safeHtml(service.content, api.mediaUrl) },
    services: services.map(({ id, title }) => ({ id, title })),
  };
}

export default function Service({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, service, services } = loaderData;
  return (
    <>
      <PageBanner title={service.title} image={service.banner_image} />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-3">
        <article className="min-w-0 lg:col-span-2">
          {service.description ? <Lead className="mb-8">{service.description}</Lead> : null}
          <RichContent html={service.content} className="[&>:first-child]:mt-0" />
        </article>
        {services.length > 0 ? (
          <div className="lg:sticky lg:top-28 lg:self-start">
            <nav aria-labelledby="services-heading" className="rounded-xl bg-sand-100 p-6">
              <h2 id="services-heading" className="mb-4 text-xl font-bold text-navy-900">
                {t("nav.allServices")}
              </h2>
              <ul className="divide-y divide-sand-200">
                {services.map((item) => {
                  const current = String(item.id) === String(service.id);
                  return (
                    <li key={item.id}>
                      <a
                        href={href("service", lang, item.id)}
                        aria-current={current ? "page" : undefined}
                        className={`flex items-center justify-between gap-3 py-3 text-sm font-medium transition-colors hover:text-steel-600 ${
                          current ? "text-steel-600" : "text-slate-700"
                        }`}
                      >
                        <span className="min-w-0 wrap-anywhere">{item.title}</span>
                        <ChevronNext size={16} className="shrink-0" />
                      </a>
                    </li>
                  );
                })}
              </ul>
            </nav>
          </div>
        ) : null}
      </div>
    </>
  );
}
