/**
 * The site search field: a plain GET form to `/{lang}/search`, so it works without scripts and
 * every search has its own address. In the header (desktop), the phone menu and on the results
 * page; each field has its own label for screen readers. Live, it suggests results as the
 * visitor types (islands/search-combobox.tsx, loaded on the field's first focus).
 */
import type { Language } from "@site/contract";
import { useTranslation } from "../i18n/use-translation.ts";
import { SearchComboboxIsland, type SearchVariant } from "../islands/search-combobox.tsx";
import { href, searchSuggestHref } from "../shared/page-table.ts";
import { KIND_FILTERS } from "../shared/search/kinds.ts";

export function SearchForm({
  lang,
  variant,
  query = "",
  className,
}: {
  lang: Language;
  variant: SearchVariant;
  query?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <SearchComboboxIsland
      variant={variant}
      action={href("search", lang)}
      suggest={searchSuggestHref(lang)}
      query={query}
      className={className}
      texts={{
        // The results page's own field is a landmark of its own name.
        landmark: variant === "page" ? t("search.title") : t("search.label"),
        label: t("search.label"),
        placeholder: t("search.placeholder"),
        submit: t("search.submit"),
        suggestions: t("search.suggestions"),
        status: t("search.suggestionCount", { number: "{{number}}" }),
        none: t("search.noSuggestions"),
        kinds: Object.fromEntries(
          KIND_FILTERS.map((kind) => [kind, t(`search.filter.${kind}`)]),
        ) as Record<(typeof KIND_FILTERS)[number], string>,
      }}
    />
  );
}
