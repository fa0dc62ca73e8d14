/**
 * A project in the home page's carousel: its photo filling the card, the title over a dark
 * gradient. The title is the card's one link.
 */
import { cn } from "../shared/cn.ts";
import { ArrowNext } from "./icons.tsx";
import { LazyImage } from "./lazy-image.tsx";
import { CardLink, cardFrame } from "./ui/card.tsx";

export function ProjectCard({
  project,
  href,
}: {
  project: { title: string; homeimage: string | null };
  href: string;
}) {
  return (
    <article
      className={cn(cardFrame(true, "photo"), "isolate aspect-[4/3] justify-end")}
      data-testid="project-card"
    >
      <LazyImage
        src={project.homeimage}
        alt=""
        kind="carouselCard"
        className="absolute inset-0 -z-20 size-full object-cover transition-transform duration-700 ease-layout group-hover:scale-105 group-focus-within:scale-105"
      />
      {/* Dark under all of a three-line title (4.5:1 over a white sky at 16 px), clear above. */}
      <span
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-t from-navy-950/95 from-15% via-navy-950/75 via-50% to-navy-950/0 to-90%"
      />
      {/* The larger title from lg: at tablet widths a card is under 300 px wide. */}
      <div className="flex w-full items-end justify-between gap-3 p-4 lg:p-6">
        <h3 className="line-clamp-3 text-base font-bold text-white lg:text-xl">
          <CardLink to={href}>{project.title}</CardLink>
        </h3>
        <span
          aria-hidden="true"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-amber-brand text-navy-950 transition-transform group-hover:translate-x-1 rtl:group-hover:-translate-x-1 max-sm:hidden"
        >
          <ArrowNext size={18} />
        </span>
      </div>
    </article>
  );
}
