/**
 * The site search field with suggestions as you type (issue 31): a plain GET form to
 * `/{lang}/search` that works before this island is live and without scripts; live, it is a
 * WAI-ARIA combobox (APG "list autocomplete"): typing asks `/{lang}/search/suggest` for up to
 * six results grouped by kind, shown in a listbox under the field, their matched words marked;
 * Down and Up move through them (`aria-activedescendant`, focus stays in the field), Enter
 * opens the one chosen (or, with none, searches), Escape closes the list and then clears the
 * field. Its script is loaded on the field's first focus or input (hydrate "focus").
 */
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { SearchIcon } from "../components/icons.tsx";
import { Marked } from "../components/marked.tsx";
import { cn } from "../shared/cn.ts";
import type { KindFilter } from "../shared/search/kinds.ts";
import type { Suggestions } from "../shared/search/suggestions.ts";
import { island } from "./island.tsx";

/** How long typing pauses before suggestions are asked for. */
const PAUSE_MS = 120;
/** Fewest characters suggestions are asked for. */
const MIN_CHARACTERS = 2;

const looks = {
  /** On the header's dark bar. */
  header: {
    // Dark enough behind its words over any banner's picture (4.5:1 over a white sky).
    form: "border-white/40 bg-navy-950/60 focus-within:border-amber-brand",
    input: "w-24 py-1.5 text-sm text-white placeholder:text-white/80",
    button: "text-white hover:text-amber-brand",
    list: "end-0 w-80",
  },
  /** In the phone menu's dark panel. */
  menu: {
    form: "border-white/40 bg-white/10 focus-within:border-amber-brand",
    // 16 px: a smaller field makes iOS zoom the page in when it is tapped.
    input: "w-full py-1.5 text-base text-white placeholder:text-white/70",
    button: "text-white hover:text-amber-brand",
    list: "inset-x-0",
  },
  /** On the results page. */
  page: {
    form: "border-slate-500 bg-white focus-within:border-steel-600",
    input: "w-full py-3 text-base text-navy-900 placeholder:text-slate-500",
    button: "bg-navy-900 text-white hover:bg-navy-800",
    list: "inset-x-0",
  },
} as const;

export type SearchVariant = keyof typeof looks;

interface SearchComboboxTexts {
  /** The landmark's name. */
  landmark: string;
  label: string;
  placeholder: string;
  submit: string;
  /** The listbox's name. */
  suggestions: string;
  /** Read when suggestions arrive: `{{number}}` is how many. */
  status: string;
  /** Read when an answer has none. */
  none: string;
  kinds: Record<KindFilter, string>;
}

export interface SearchComboboxProps {
  variant: SearchVariant;
  /** The results page: the form's action. */
  action: string;
  /** Where suggestions are asked for. */
  suggest: string;
  query: string;
  texts: SearchComboboxTexts;
  className?: string;
}

function SearchCombobox({
  variant,
  action,
  suggest,
  query,
  texts,
  className,
}: SearchComboboxProps) {
  const look = looks[variant];
  const id = `search-${variant}`;
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-option-${index}`;
  // Not a combobox until live: before, it is the plain field the server sent.
  const [live, setLive] = useState(false);
  const [found, setFound] = useState<Suggestions | null>(null);
  // Counts answers: each is read out, even one with as many suggestions as the last.
  const [answers, setAnswers] = useState(0);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const asking = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const options = found?.groups.flatMap((group) => group.results) ?? [];
  const expanded = live && open && options.length > 0;

  const ask = (value: string) => {
    clearTimeout(timer.current);
    asking.current?.abort();
    if (value.trim().length < MIN_CHARACTERS) {
      setFound(null);
      setActive(-1);
      return;
    }
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      asking.current = controller;
      fetch(`${suggest}?q=${encodeURIComponent(value.trim())}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      })
        .then((response) => {
          // Search being prepared (its first index is built): ask again when told to.
          if (response.status === 503) {
            const wait = Math.min(10, Math.max(1, Number(response.headers.get("Retry-After"))));
            timer.current = setTimeout(() => {
              if (input.current?.value === value) ask(value);
            }, wait * 1000);
            return null;
          }
          return response.ok ? (response.json() as Promise<Suggestions>) : null;
        })
        .then((answer) => {
          if (controller.signal.aborted || !answer) return;
          setFound(answer);
          setAnswers((count) => count + 1);
          setActive(-1);
          setOpen(true);
        })
        .catch(() => undefined);
    }, PAUSE_MS);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the island goes live
  useEffect(() => {
    setLive(true);
    // Typed before the island was live: suggest for it at once.
    const typed = input.current?.value ?? "";
    if (typed !== query && document.activeElement === input.current) ask(typed);
    return () => {
      clearTimeout(timer.current);
      asking.current?.abort();
    };
  }, []);

  const go = (index: number) => {
    const option = options[index];
    if (option) window.location.assign(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (!count) return;
        event.preventDefault();
        const down = event.key === "ArrowDown";
        if (!open) {
          setOpen(true);
          setActive(down ? 0 : count - 1);
          return;
        }
        setActive((current) =>
          down ? (current + 1) % count : current <= 0 ? count - 1 : current - 1,
        );
        return;
      }
      case "Enter":
        if (expanded && active >= 0) {
          event.preventDefault();
          go(active);
        }
        return;
      case "Escape":
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (event.currentTarget.value) {
          event.preventDefault();
          event.currentTarget.value = "";
          setFound(null);
        }
        return;
    }
  };

  let index = -1;
  return (
    <search aria-label={texts.landmark} className={className}>
      <form
        method="get"
        action={action}
        data-search-form={variant}
        className={cn(
          // The focus ring goes round the whole field, not the text box inside it.
          "relative flex items-center rounded-full border transition-colors has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-(--focus-color)",
          look.form,
        )}
      >
        <label htmlFor={id} className="sr-only">
          {texts.label}
        </label>
        <input
          ref={input}
          id={id}
          type="search"
          name="q"
          defaultValue={query}
          placeholder={texts.placeholder}
          maxLength={200}
          autoComplete="off"
          enterKeyHint="search"
          {...(live && {
            role: "combobox",
            "aria-autocomplete": "list" as const,
            "aria-expanded": expanded,
            "aria-controls": listId,
            "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
            onKeyDown,
            onInput: (event: React.FormEvent<HTMLInputElement>) => {
              setOpen(true);
              ask(event.currentTarget.value);
            },
            onBlur: () => {
              setOpen(false);
              setActive(-1);
            },
            onFocus: () => setOpen(true),
          })}
          className={cn(
            // Size and padding come from the look alone: `cn` resolves no conflicts.
            "min-w-0 rounded-full bg-transparent ps-4 focus-visible:outline-none",
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
          <span className="sr-only">{texts.submit}</span>
        </button>
        {live ? (
          <div
            id={listId}
            role="listbox"
            aria-label={texts.suggestions}
            hidden={!expanded}
            className={cn(
              "absolute top-full z-50 mt-2 max-w-[calc(100vw-2rem)] overflow-hidden rounded-xl border border-slate-200 bg-white py-2 text-start shadow-xl",
              look.list,
            )}
          >
            {/* biome-ignore-start lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents lint/a11y/noNoninteractiveElementToInteractiveRole: APG's grouped listbox: the field keeps focus and the keys (aria-activedescendant), options are chosen there or by pointer */}
            {found?.groups.map((group) => (
              <ul key={group.kind} role="group" aria-labelledby={`${id}-group-${group.kind}`}>
                <li
                  role="presentation"
                  id={`${id}-group-${group.kind}`}
                  className="px-4 pt-2 pb-1 text-xs font-semibold text-steel-600 latin:uppercase latin:tracking-wide"
                >
                  {texts.kinds[group.kind]}
                </li>
                {group.results.map((result) => {
                  index++;
                  const at = index;
                  return (
                    <li
                      key={result.href}
                      id={optionId(at)}
                      role="option"
                      aria-selected={at === active}
                      data-href={result.href}
                      // Keeps focus in the field, so the list stays until the option is chosen.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => go(at)}
                      onMouseMove={() => setActive(at)}
                      className={cn(
                        "cursor-pointer px-4 py-2 text-sm text-navy-900",
                        at === active &&
                          "bg-sand-100 outline-2 -outline-offset-2 outline-steel-600",
                      )}
                    >
                      <Marked segments={result.title} />
                    </li>
                  );
                })}
              </ul>
            ))}
            {/* biome-ignore-end lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents lint/a11y/noNoninteractiveElementToInteractiveRole: see above */}
          </div>
        ) : null}
        {live ? (
          <p role="status" className="sr-only">
            {/* A new node for each answer: a live region reads what is added. */}
            {open && found ? (
              <span key={answers}>
                {options.length > 0
                  ? texts.status.replace("{{number}}", String(options.length))
                  : texts.none}
              </span>
            ) : null}
          </p>
        ) : null}
      </form>
    </search>
  );
}

export const SearchComboboxIsland = island("search-combobox", SearchCombobox, "focus");
