import { type ClassValue, clsx } from "clsx";

/**
 * Class names joined, falsy ones dropped. No conflict resolution (tailwind-merge would add
 * 9 KB gzip to every page): a primitive leaves to its callers what they may change, such as
 * the outer margin of `Lead`.
 *
 * @example cn("px-4 py-2", isActive && "text-amber-brand", className)
 */
export const cn = (...classes: ClassValue[]) => clsx(classes);
