/**
 * The site search field: a plain GET form to `/{lang}/search`, so it works without scripts and
 * every search has its own address. In the header (desktop), the phone menu and on the results
 * page; each field has its own label for screen readers.
 */
import type { Language } from "@site/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../shared/cn.ts";
import { href } from "../shared/page-table.ts";
import { SearchIcon } from "./icons.tsx";

const looks = {
  /** On the header's dark bar. */
  header: {
    form: "border-white/40 bg-white/10 focus-within:border-amber-brand",
    input: "w-24 text-white placeholder:text-white/70",
    button: "text-white hover:text-amber-brand",
  },
  /** In the phone menu's dark panel. */
  menu: {
    form: "border-white/40 bg-white/10 focus-within:border-amber-brand",
    input: "w-full text-base text-white placeholder:text-white/70",
    button: "text-white hover:text-amber-brand",
  },
  /** On the results page. */
  page: {
    form: "border-slate-300 bg-white focus-within:border-steel-600",
    input: "w-full text-base text-navy-900 placeholder:text-slate-500",
    button: "bg-navy-900 text-white hover:bg-navy-800",
  },
} as const;

export function SearchForm({
  lang,
  variant,
  query = "",
  className,
}: {
  lang: Language;
  variant: keyof typeof looks;
  query?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const look = looks[variant];
  return (
    <search
      // The results page's own field is a landmark of its own name.
      aria-label={variant === "page" ? t("search.title") : t("search.label")}
      className={className}
    >
      <form
        method="get"
        action={href("search", lang)}
        data-search-form={variant}
        className={cn("flex items-center rounded-full border transition-colors", look.form)}
      >
        <label htmlFor={id} className="sr-only">
          {t("search.label")}
        </label>
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={query}
          placeholder={t("search.placeholder")}
          maxLength={200}
          autoComplete="off"
          enterKeyHint="search"
          className={cn(
            "min-w-0 rounded-full bg-transparent py-1.5 ps-4 text-sm",
            variant === "page" && "py-3",
            look.input,
          )}
        />
        <button
          type="submit"
          className={cn(
            "m-0.5 inline-flex shrink-0 items-center justify-center rounded-full p-2 transition-colors",
            look.button,
          )}
        >
          <SearchIcon size={variant === "page" ? 20 : 18} />
          <span className="sr-only">{t("search.submit")}</span>
        </button>
      </form>
    </search>
  );
}
