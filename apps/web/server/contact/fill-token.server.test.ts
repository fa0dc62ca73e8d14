import { describe, expect, it } from "vitest";
import { fillTimeVerdict, fillTokenKey, issueFillToken } from "./fill-token.server.ts";

const shown = Date.UTC(2026, 0, 5, 9, 0, 0);
const secret = new Uint8Array(32).fill(7);
const token = issueFillToken({ now: shown, secret });
const verdictAt = (elapsedMs: number, value: unknown = token, key: Uint8Array = secret) =>
  fillTimeVerdict(value, { minMs: 3_000, now: shown + elapsedMs, secret: key });

describe("fill-time token", () => {
  it("records when the form was shown, signed, and is unique to each rendering", () => {
    expect(token).toMatch(new RegExp(`^${shown}\\.[\\w-]{16}\\.[\\w-]{43}$`));
    expect(issueFillToken({ now: shown, secret })).not.toBe(token);
  });

  it("calls a valid token sent back too soon a bot's", () => {
    expect(verdictAt(0)).toBe("too-fast");
    expect(verdictAt(2_999)).toBe("too-fast");
  });

  it("accepts a form that took a person's time", () => {
    expect(verdictAt(3_000)).toBe("ok");
    expect(verdictAt(60 * 60 * 1000)).toBe("ok");
  });

  it("proves nothing when the token is missing, malformed or forged", () => {
    expect(fillTimeVerdict(undefined, { minMs: 3_000, now: shown + 100, secret })).toBe("unknown");
    for (const value of [null, "", 42, "abc", `${shown}`, `${shown}.short`]) {
      expect(verdictAt(100, value)).toBe("unknown");
    }
    const [, nonce, signature] = token.split(".");
    expect(verdictAt(100, `${shown}.${nonce}.${"A".repeat(43)}`)).toBe("unknown");
    // An earlier time with the old signature: tampering with the time breaks the signature.
    expect(verdictAt(5_000, `${shown - 60_000}.${nonce}.${signature}`)).toBe("unknown");
    // The format before nonces: no longer valid.
    expect(verdictAt(5_000, `${shown}.${signature}`)).toBe("unknown");
  });

  it("proves nothing when signed by another process's secret", () => {
    expect(verdictAt(100, token, new Uint8Array(32).fill(8))).toBe("unknown");
  });

  it("proves nothing when older than a day or from the future", () => {
    expect(verdictAt(25 * 60 * 60 * 1000)).toBe("unknown");
    expect(verdictAt(-5_000)).toBe("unknown");
  });

  it("has a key of its own in each site without FORM_SECRET", () => {
    const own = fillTokenKey();
    const shownHere = issueFillToken({ now: shown, secret: own });
    expect(verdictAt(10, shownHere, own)).toBe("too-fast");
    expect(verdictAt(10, shownHere, fillTokenKey())).toBe("unknown");
  });

  it("signs alike in every process given the same FORM_SECRET, and only then", () => {
    const shownHere = issueFillToken({
      now: shown,
      secret: fillTokenKey("one secret for every instance"),
    });
    // Another process derives the same key from the same setting.
    expect(verdictAt(1_000, shownHere, fillTokenKey("one secret for every instance"))).toBe(
      "too-fast",
    );
    expect(verdictAt(1_000, shownHere, fillTokenKey("another secret for a test"))).toBe("unknown");
  });
});
