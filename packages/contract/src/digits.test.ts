import { describe, expect, it } from "vitest";
import { westernDigits } from "./digits.ts";

describe("westernDigits", () => {
  it("writes Arabic-Indic and Persian digits as Western ones, everything else as it is", () => {
    expect(westernDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(westernDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
    expect(westernDigits("عام ١٩٩٨ – 2024 (+٩٦٦)")).toBe("عام 1998 – 2024 (+966)");
  });
});
