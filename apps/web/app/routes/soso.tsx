/** Hidden test page: the raw home banner and services data as text. Not for search engines. */

import { pageContext } from "../../server/site-context.server.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { pageMeta } from "../shared/seo.ts";
import type { Route } from "./+types/soso";

export async function loader(args: Route.LoaderArgs) {
  const { api, lang } = pageContext(args);
  const [banners, services] = await Promise.all([
    api.content("homeBanners", lang),
    api.content("homeServices", lang),
  ]);
  return { banners, services };
}

export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow" };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { titleKey: "soso.title", noindex: true });
}

export default function Soso({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 pt-28 pb-16 sm:px-6">
      <h1 className="mb-6 text-2xl font-bold text-navy-900">{t("soso.title")}</h1>
      {/* Focusable so keyboard users can scroll the wide JSON sideways (axe: scrollable-region-focusable). */}
      <pre
        dir="ltr"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
        tabIndex={0}
        className="overflow-x-auto rounded-lg bg-slate-100 p-4 text-xs leading-5 text-slate-800"
      >
        {JSON.stringify(loaderData, null, 2)}
      </pre>
    </div>
  );
}
