import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Class names joined, falsy ones dropped, and Tailwind conflicts resolved so that a caller's
 * `className` (given last) wins over a primitive's defaults.
 *
 * @example cn("px-4 py-2", isActive && "text-amber-brand", className)
 */
export const cn = (...classes: ClassValue[]) => twMerge(clsx(classes));
