import { isLanguage } from "@site/contract/languages";
import { companyIn } from "../../server/company.server.ts";
import { lastingRedirect } from "../../server/http/lasting-redirect.server.ts";
import { siteOf } from "../../server/site-context.server.ts";
import { directionOf } from "../i18n/index.ts";
import { BACKGROUND_COLOR, pngIcons, SVG_ICON, THEME_COLOR } from "../shared/icons.ts";
import { fileInSupportedLanguage, href, manifestPath } from "../shared/page-table.ts";
import type { Route } from "./+types/manifest";

export function loader({ params, context }: Route.LoaderArgs) {
  const { lang } = params;
  if (!isLanguage(lang)) throw lastingRedirect(fileInSupportedLanguage(lang, manifestPath));
  const company = companyIn(lang, siteOf(context).company);
  const home = href("home", lang);
  const png = (icon: (typeof pngIcons)[keyof typeof pngIcons]) => ({
    src: icon.path,
    sizes: `${icon.size}x${icon.size}`,
    type: "image/png",
    ...(icon.purpose === "maskable" ? { purpose: "maskable" } : {}),
  });
  const manifest = {
    id: home,
    name: company.name,
    short_name: company.shortName,
    description: company.shortDescription,
    lang,
    dir: directionOf(lang),
    start_url: home,
    // `/en` covers `/en/...` too (scope is a prefix of the path).
    scope: home,
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: SVG_ICON, sizes: "any", type: "image/svg+xml" },
      png(pngIcons.small),
      png(pngIcons.large),
      png(pngIcons.maskable),
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8" },
  });
}
