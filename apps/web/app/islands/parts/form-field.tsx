/**
 * One labelled form control (an input, or a textarea for long text): a red star after the label
 * when it is required, and its error message under it, tied to the control with
 * `aria-describedby` so screen readers read it with the field. The message's place is always
 * rendered, hidden while empty.
 */
import { InfoIcon } from "../../components/icons.tsx";

export type FieldSpec<Name extends string = string> = {
  field: Name;
  required?: boolean;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  /** Addresses and numbers: typed left to right, in Arabic too. */
  ltr?: boolean;
  multiline?: boolean;
};

/** The id of a field's error message, for the control with id `id`. */
const fieldErrorId = (id: string) => `${id}-error`;

/** The control named `spec.field` with id `id`, its label and any error (`error`). */
export function FormField({
  spec,
  id,
  maxLength,
  label,
  error,
  defaultValue,
  autoFocus,
}: {
  spec: FieldSpec;
  id: string;
  maxLength: number;
  label: string;
  error: string | undefined;
  defaultValue: string;
  autoFocus: boolean;
}) {
  const { field, required = false, multiline = false } = spec;
  const control = {
    id,
    name: field,
    defaultValue,
    maxLength,
    // `required` alone: screen readers announce it (an `aria-required` would only repeat it).
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? fieldErrorId(id) : undefined,
    // The invalid look follows `aria-invalid`, which the browser-side checks set too.
    className:
      "block w-full rounded-lg border border-slate-500 bg-white px-4 py-3 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-400 hover:border-slate-700 focus-visible:border-navy-900 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-navy-900 aria-invalid:border-red-600 aria-invalid:hover:border-red-600 aria-invalid:focus-visible:border-red-600 aria-invalid:focus-visible:outline-red-600",
  };
  return (
    <div className={multiline ? "sm:col-span-2" : undefined}>
      <label htmlFor={control.id} className="mb-1.5 block text-sm font-semibold text-navy-900">
        {label}
        {required ? (
          <span aria-hidden="true" className="ms-1 text-red-700">
            *
          </span>
        ) : null}
      </label>
      {multiline ? (
        <textarea
          rows={6}
          {...control}
          // biome-ignore lint/a11y/noAutofocus: only after a scriptless post, on the first invalid field
          autoFocus={autoFocus || undefined}
          className={`${control.className} min-h-36 resize-y`}
        />
      ) : (
        <input
          type={spec.type ?? "text"}
          autoComplete={spec.autoComplete}
          // Addresses and numbers read left to right; on a right-to-left page they still sit on
          // the right.
          dir={spec.ltr ? "ltr" : undefined}
          {...control}
          // biome-ignore lint/a11y/noAutofocus: only after a scriptless post, on the first invalid field
          autoFocus={autoFocus || undefined}
          className={`${control.className} ${spec.ltr ? "rtl:text-end" : ""}`}
        />
      )}
      <p
        id={fieldErrorId(id)}
        hidden={!error}
        className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700"
      >
        <InfoIcon size={16} className="mt-0.5 shrink-0" />
        <span>{error}</span>
      </p>
    </div>
  );
}
