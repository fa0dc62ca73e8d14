/**
 * A path with one spelling of each escape: those of characters that need none (`%6E` for `n`)
 * decoded, the others in capitals (`%c3%a9` → `%C3%A9`). Keys and addresses built from it match
 * however a visitor spelt them.
 */
export function normaliseEscapes(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (sequence, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : sequence.toUpperCase();
  });
}
