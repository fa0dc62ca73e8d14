import type { Language } from "@site/contract";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { saveLanguage, switchLanguagePath } from "../lib/site-map.ts";
import { GlobeIcon } from "./icons.tsx";

/**
 * Goes to the same page in the other language and saves the choice. Each language is named
 * in its own script. The desktop switcher reloads the page (SPEC.md 4); the mobile one does not.
 */
export function LanguageSwitcher({
  lang,
  reload,
  className = "",
}: {
  lang: Language;
  reload: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const other: Language = lang === "ar" ? "en" : "ar";
  const name = t(`language.${other}`);
  return (
    <Link
      to={switchLanguagePath(pathname, search, other)}
      reloadDocument={reload}
      lang={other}
      hrefLang={other}
      title={t("nav.switchTo", { language: name })}
      // Pages save their language when they load; a client-side switch loads none.
      onClick={() => saveLanguage(other)}
      className={`inline-flex items-center gap-2 rounded-full border border-white/40 px-3 py-1.5 text-sm font-medium text-white transition hover:border-amber-brand hover:text-amber-brand ${className}`}
    >
      <GlobeIcon size={18} />
      <span>{name}</span>
    </Link>
  );
}
