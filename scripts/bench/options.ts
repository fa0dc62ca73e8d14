/** Command-line options of the benchmarks. */

/** `--name`'s value as a whole number of at least 1; anything else ends the run (exit 2). */
export function positiveInteger(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a whole number of at least 1, not "${text}"`);
    process.exit(2);
  }
  return value;
}
