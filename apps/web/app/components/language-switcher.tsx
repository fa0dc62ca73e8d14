import { type Language, otherLanguage } from "@site/contract/languages";
import { useLocation } from "react-router";
import { useTranslation } from "../i18n/use-translation.ts";
import { switchLanguagePath } from "../shared/page-table.ts";
import { GlobeIcon } from "./icons.tsx";

/**
 * Goes to the same page in the other language, which saves the choice as every page saves its
 * language (page-script/page-script.ts). The link names the language in its own script (the
 * name carries that language's `lang`); its hint names it in the page's language ("Switch to
 * Arabic", «التبديل إلى الإنجليزية»), which a screen reader's voice can say. Every link loads its
 * page (decision 013), so the desktop and phone switchers both load it afresh (SPEC.md 4).
 */
export function LanguageSwitcher({ lang, className = "" }: { lang: Language; className?: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const other = otherLanguage(lang);
  const name = t(`language.${other}`);
  return (
    <a
      href={switchLanguagePath(pathname, search, other)}
      hrefLang={other}
      title={t("nav.switchTo", { language: t(`languageName.${other}`) })}
      className={`inline-flex items-center gap-2 rounded-full border border-white/40 px-3 py-1.5 text-sm font-medium text-white transition hover:border-amber-brand hover:text-amber-brand ${className}`}
    >
      <GlobeIcon size={18} />
      <span lang={other}>{name}</span>
    </a>
  );
}
