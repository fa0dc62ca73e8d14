/**
 * The blocks page bodies are made of: a full-width band with the page's centred column, an
 * optional heading that names it (then it is a `<section>`, a landmark for screen readers), and
 * the lead paragraph with the amber rule that introduces a page's text.
 */
import type { ReactNode } from "react";
import { cn } from "../../shared/cn.ts";

/** The amber rule above a band's heading. */
export function HeadingRule() {
  return <span className="mb-3 block h-1 w-12 rounded-full bg-amber-brand" aria-hidden="true" />;
}

/**
 * The home page's band headings, a size above `Section`'s: at `leading-tight`, so that one that
 * wraps is never set solid.
 */
export const largeHeading = "text-3xl leading-tight font-bold text-navy-900 md:text-4xl";

export function Section({
  heading,
  id,
  className,
  children,
}: {
  /** Shown as the band's `<h2>` and naming it; needs `id`. */
  heading?: ReactNode;
  /** The heading's id (unique on the page). */
  id?: string;
  /** The band's background, e.g. `bg-sand-100`. */
  className?: string;
  children: ReactNode;
}) {
  // A band without a heading is no section of the page (a `<section>` needs one): a plain box.
  const Band = heading ? "section" : "div";
  return (
    <Band aria-labelledby={heading ? id : undefined} className={cn("py-14 md:py-20", className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        {heading ? (
          <h2 id={id} className="mb-8 text-2xl font-bold text-navy-900 md:text-3xl">
            <HeadingRule />
            {heading}
          </h2>
        ) : null}
        {children}
      </div>
    </Band>
  );
}

/**
 * A page's introduction: larger text behind an amber rule on the reading side, at the measure
 * of the page's text (app.css, `.rich-content`). `className` places it (its margin).
 */
export function Lead({ children, className }: { children: ReactNode; className: string }) {
  return (
    <p
      className={cn(
        // Its rule and padding inside the text's measure (38rem, app.css): it ends where the
        // text does.
        "max-w-[38rem] border-s-4 border-amber-brand ps-4 text-lg leading-8 font-medium text-navy-900",
        className,
      )}
    >
      {children}
    </p>
  );
}
