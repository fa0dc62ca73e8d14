/**
 * The kinds of site search's results: what each is (shown beside its title), and the four a
 * search can be narrowed to with `&kind=` (issue 31), each one or two of them.
 */

/** What a result is, shown beside its title. */
export type SearchKind = "news" | "completedProject" | "currentProject" | "service" | "page";

/** The kinds a search can be narrowed to (`&kind=`), in the order the page lists them. */
export const KIND_FILTERS = ["news", "projects", "services", "pages"] as const;
export type KindFilter = (typeof KIND_FILTERS)[number];

const FILTER_OF: Record<SearchKind, KindFilter> = {
  news: "news",
  completedProject: "projects",
  currentProject: "projects",
  service: "services",
  page: "pages",
};

/** The filter a result of `kind` is shown under. */
export const filterOf = (kind: SearchKind): KindFilter => FILTER_OF[kind];

/** `&kind=` as asked, when it is one of KIND_FILTERS. */
export const readKindFilter = (value: string | null): KindFilter | undefined =>
  KIND_FILTERS.find((kind) => kind === value);

/**
 * Words that name each kind, in both languages, indexed with every result of the kind (and
 * weighing little): "projects in Jeddah" finds the projects in Jeddah whose text never says
 * "project".
 */
export const KIND_WORDS: Record<SearchKind, string> = {
  news: "news خبر أخبار",
  completedProject: "project completed مشروع منجز مكتمل",
  currentProject: "project current ongoing مشروع جار حالي",
  service: "service خدمة",
  page: "",
};
