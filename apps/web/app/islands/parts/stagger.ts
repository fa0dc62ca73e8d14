/**
 * Staggered reveal of grid items (SPEC.md section 9: certificate grid): the first item waits
 * 0.5 s after entering the view, each next one 0.2 s longer.
 */
export const STAGGER_START_S = 0.5;
export const STAGGER_STEP_S = 0.2;

/** Delay of item `index` (0-based) in seconds, rounded to milliseconds. */
export function staggerDelay(index: number): number {
  return Math.round((STAGGER_START_S + STAGGER_STEP_S * index) * 1000) / 1000;
}

/** The same delay as a CSS time (`0.7s`). */
export const staggerDelayCss = (index: number): string => `${staggerDelay(index)}s`;
