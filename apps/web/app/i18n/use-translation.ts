/**
 * The interface strings of the page's language, for a component: react-i18next's instance
 * from its provider (root.tsx), without what react-i18next's own `useTranslation` does on every
 * call (a copy of the whole instance, a store subscription), and with each plain string looked
 * up once: those calls were a fifth of what a page's server render allocated (issue 33).
 * Each instance speaks one language for good (i18n/index.ts), so one `t` is kept per instance.
 */
import type { i18n, TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext } from "react-i18next";

export interface Translation {
  t: TFunction<"translation">;
  i18n: i18n;
}

const translations = new WeakMap<i18n, Translation>();

export function useTranslation(): Translation {
  const instance = useContext(I18nContext)?.i18n;
  // Every page renders under root.tsx's provider; islands take their texts as props.
  if (!instance) throw new Error("useTranslation outside the I18nextProvider of root.tsx");
  let translation = translations.get(instance);
  if (!translation) {
    translation = { t: withPlainStrings(instance), i18n: instance };
    translations.set(instance, translation);
  }
  return translation;
}

/**
 * The instance's `t`, answering a key asked without options from the language's own strings
 * when it is plain text (no interpolation, no nesting); anything else goes to i18next. Only
 * the language file's keys are kept, so what is kept is bounded by that file.
 */
function withPlainStrings(instance: i18n): TFunction<"translation"> {
  // i18next's TFunction is typed by key; this wrapper passes keys on untouched.
  const translate = instance.getFixedT(instance.language) as unknown as (
    ...args: unknown[]
  ) => string;
  const strings: Record<string, unknown> =
    instance.getResourceBundle(instance.language, "translation") ?? {};
  const plain = new Map<string, string>();
  for (const [key, text] of Object.entries(strings))
    if (typeof text === "string" && !text.includes("{{") && !text.includes("$t("))
      plain.set(key, text);
  const t = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string") {
      const text = plain.get(args[0]);
      if (text !== undefined) return text;
    }
    return translate(...args);
  };
  return t as unknown as TFunction<"translation">;
}
