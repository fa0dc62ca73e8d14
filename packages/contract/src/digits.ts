/**
 * The digits Arabic keyboards type (Arabic-Indic ٠-٩ and the Persian and Urdu forms ۰-۹) as
 * the Western digits the site writes everywhere (decision 011), so that a phone number or a
 * searched year reads and compares the same whichever keyboard typed it.
 *
 * @example westernDigits("٠٥٠ ١٢٣ ۴۵۶۷") // "050 123 4567"
 */
export function westernDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0));
}
