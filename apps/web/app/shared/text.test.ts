import { describe, expect, it } from "vitest";
import { casesByRule } from "../test-support/cases.ts";
import {
  amountText,
  dateOnly,
  decodeEntities,
  isoDay,
  keepNumbersWithUnits,
  stripTags,
  timestampOf,
  truncate,
} from "./text.ts";

describe("truncate", () => {
  it("leaves short text alone and cuts long text with an ellipsis", () => {
    expect(truncate("Short title", 60)).toBe("Short title");
    expect(truncate("a".repeat(60), 60)).toBe("a".repeat(60));
    expect(truncate(`${"a".repeat(59)} bcd`, 60)).toBe(`${"a".repeat(59)}…`);
    expect(truncate("x".repeat(300), 250)).toBe(`${"x".repeat(250)}…`);
  });

  it("ends after a whole word when one ends near the limit", () => {
    const title = "Construction of three multi-level interchanges on the Dammam–Khobar Highway";
    expect(truncate(title, 60)).toBe("Construction of three multi-level interchanges on the…");
    // The limit falls right after a word: that word is kept.
    expect(truncate("one two three", 7)).toBe("one two…");
    const arabic = "إنشاء ثلاثة تقاطعات متعددة المستويات على طريق الدمام–الخبر السريع";
    expect(truncate(arabic, 60)).toBe(
      "إنشاء ثلاثة تقاطعات متعددة المستويات على طريق الدمام–الخبر…",
    );
    // No word ends late enough: the cut falls where the limit does.
    expect(truncate(`ab ${"c".repeat(80)}`, 60)).toBe(`ab ${"c".repeat(57)}…`);
    // Not at a no-break space (an amount and its currency are one word), and no comma or
    // dash is left before the ellipsis.
    expect(truncate("Contract worth SAR\u00A0612,400,000 in total", 22)).toBe("Contract worth…");
    expect(truncate("Al Khiran, Kuwait, Phase 2", 13)).toBe("Al Khiran…");
    expect(truncate("الدمام – الخبر السريع", 10)).toBe("الدمام…");
  });

  it("counts Arabic and emoji by character, never splitting one", () => {
    const arabic = "مشروع ".repeat(20);
    const cut = truncate(arabic, 60);
    expect(Array.from(cut.replace("…", "")).length).toBeLessThanOrEqual(60);
    expect(truncate("🏗️🏗️🏗️", 2)).toBe("🏗️…");
  });
});

describe("keepNumbersWithUnits", () => {
  const nbsp = "\u00A0";
  it("keeps a number with the short word after or before it, in both languages", () => {
    expect(keepNumbersWithUnits("Sunday to Thursday, 8:00 am to 5:00 pm")).toBe(
      `Sunday to Thursday, 8:00${nbsp}am to 5:00${nbsp}pm`,
    );
    expect(keepNumbersWithUnits("SAR 612.4 million")).toBe(`SAR${nbsp}612.4${nbsp}million`);
    expect(keepNumbersWithUnits("P.O. Box 00000, Riyadh 12214")).toBe(
      `P.O. Box${nbsp}00000, Riyadh 12214`,
    );
    expect(keepNumbersWithUnits("برج (52 طابقًا) و 6.2 كم")).toBe(
      `برج (52${nbsp}طابقًا) و 6.2${nbsp}كم`,
    );
  });

  it("leaves long words, and words away from numbers, free to break", () => {
    for (const text of ["Completed in 2024 Construction", "Riyadh 12214, Saudi Arabia", "a b c"])
      expect(keepNumbersWithUnits(text)).toBe(text);
  });
});

describe("dateOnly", () => {
  it("keeps the first 10 characters", () => {
    expect(dateOnly("2024-05-12T09:30:00.000000Z")).toBe("2024-05-12");
    expect(dateOnly("2024-05-12")).toBe("2024-05-12");
    expect(dateOnly(null)).toBe("");
  });
});

describe("isoDay", () => {
  it("gives the day of a date, and nothing for text that does not start with one", () => {
    expect(isoDay("2024-05-12T09:30:00.000000Z")).toBe("2024-05-12");
    expect(isoDay("2024-05-12")).toBe("2024-05-12");
    for (const value of [null, undefined, "", "Q3 2025", "12/05/2024", "2024-5-12", "2024-05-1"])
      expect(isoDay(value), String(value)).toBeUndefined();
  });
});

describe("decodeEntities", () => {
  it("decodes numeric, hex and common named references", () => {
    expect(decodeEntities("&#1571;&#x0631;&#X643;&#x627;&#1606;")).toBe("أركان");
    expect(decodeEntities("&#39;a&#39 &#x41")).toBe("'a' A");
    expect(
      decodeEntities(
        "&amp;&lt;&gt;&quot;&apos;&mdash;&ndash;&hellip;&laquo;&raquo;&copy;&reg;&trade;",
      ),
    ).toBe("&<>\"'—–…«»©®™");
    expect(decodeEntities("&lsquo;&rsquo;&ldquo;&rdquo;&nbsp;&euro;&deg;&times;&AMP;")).toBe(
      "‘’“”\u00a0€°×&",
    );
  });

  it("knows every HTML name, not a hand-kept list", () => {
    expect(decodeEntities("&alefsym;&Zcaron;&bigstar;&NotNestedGreaterGreater;&fjlig;")).toBe(
      "ℵŽ★⪢̸fj",
    );
  });

  it("leaves unknown names and bare ampersands alone, and invalid numbers become U+FFFD", () => {
    // As browsers read it: `&amp` without `;` is one of HTML's legacy references.
    expect(decodeEntities("AT&T &unknown; & &amp")).toBe("AT&T &unknown; & &");
    expect(decodeEntities("&#0;&#xD800;&#x110000;")).toBe("\ufffd\ufffd\ufffd");
  });
});

/** stripTags's rules, each with HTML and the text left of it. */
const strippings = casesByRule({
  "drops tags and scripts, decodes entities and collapses whitespace": {
    "<p>Roads &amp; <strong>bridges</strong></p>\n\n<script>x()</script><p>since&nbsp;1998</p>":
      "Roads & bridges since 1998",
    "&#1571;&#x0631;&#x0643;&#x0627;&#x0646;": "أركان",
  },
  "drops style elements, comments and processing instructions, whatever the case": {
    '<STYLE type="text/css">p { color: red }</Style><!-- a <b>note</b> --><?xml x?>Text<SCRIPT>1</SCRIPT >!':
      "Text !",
  },
  "reads `<scripts>` as no script element, and `</scripts>` as closing none": {
    "<scripts>kept</scripts>": "kept",
    "<script>a</scripts>b</script>c": "c",
  },
  "keeps a < that starts no tag, and decodes entities only after tags are gone": {
    "1 < 2 and 3 <= 4": "1 < 2 and 3 <= 4",
    "&lt;b&gt;bold&lt;/b&gt;": "<b>bold</b>",
  },
  "reads a > inside a quoted attribute value as part of the tag, not the end of it": {
    '<img alt="a > b" src=x onerror="alert(1) \'>\'">Text': "Text",
    "<a title='1 > 0' href=\"/x\">link</a> after": "link after",
    // An unquoted value ends at the >; a quote inside a name or a value starts nothing.
    '<a href=/x>one</a><b data-x"y>two</b>': "one two",
  },
  "treats markup left open as running to the end, like a browser": {
    "before<script>never closed": "before",
    "before<!-- never closed": "before",
    "before<p class='x": "before",
  },
  "is empty for whitespace and markup only": {
    "": "",
    "   ": "",
    "\n\t": "",
    "<p> </p>": "",
    "<p>&nbsp;</p><br/>": "",
    "<script>x</script>": "",
  },
});

describe("stripTags", () => {
  it.each(strippings)("%s: %j → %j", (_rule, html, text) => {
    expect(stripTags(html)).toBe(text);
  });

  it("with `blocks`, ends a paragraph, heading, item or cell with a line break, not a space", () => {
    const html =
      "<h2>Scope\nof work</h2>\n<p>A <b>bridge</b><br>over the bay</p><ul><li>One</li> <li>Two</li></ul><table><tr><td>A</td><td>B</td></tr></table>";
    expect(stripTags(html, { blocks: true })).toBe(
      "Scope of work\nA bridge\nover the bay\nOne\nTwo\nA\nB",
    );
    expect(stripTags(html)).toBe("Scope of work A bridge over the bay One Two A B");
    // Inline markup and the source's own line breaks are no block's end.
    expect(stripTags("<p>one\n<span>two</span></p>", { blocks: true })).toBe("one two");
  });

  it("takes linear time on many unclosed tags, comments and scripts", () => {
    // Quadratic scanning would take minutes at these sizes; the test time-out catches it.
    const n = 200_000;
    expect(stripTags("<script".repeat(n))).toBe("");
    expect(stripTags(`${"<script>".repeat(n)}x`)).toBe("");
    expect(stripTags("<style>".repeat(n))).toBe("");
    expect(stripTags("<!--".repeat(n))).toBe("");
    expect(stripTags("<a".repeat(n))).toBe("");
    expect(stripTags("<".repeat(n))).toBe("<".repeat(n));
    expect(stripTags("&".repeat(n))).toBe("&".repeat(n));
    expect(stripTags(`&${"a".repeat(n)}`)).toBe(`&${"a".repeat(n)}`);
    expect(stripTags("<script></script>".repeat(n))).toBe("");
    expect(stripTags("</script>".repeat(n))).toBe("");
  });
});

describe("amountText", () => {
  it("keeps an amount written as text as it is, digits and words", () => {
    expect(amountText("486,250,000 ريال سعودي")).toBe("486,250,000 ريال سعودي");
    expect(amountText("SAR 12500000")).toBe("SAR 12500000");
    expect(amountText(null)).toBe("");
  });

  it("shows a number as given: not regrouped, nor written in another locale's digits", () => {
    expect(amountText(96480000)).toBe("96480000");
    expect(amountText(1250000.5)).toBe("1250000.5");
    expect(amountText(-1500)).toBe("-1500");
    expect(amountText(0)).toBe("0");
    expect(amountText(1e21)).toBe("1e+21");
  });
});

describe("timestampOf", () => {
  it("reads API dates as RFC 3339 timestamps", () => {
    expect(timestampOf("2024-05-12")).toBe("2024-05-12T00:00:00.000Z");
    expect(timestampOf("2024-05-12T09:30:00.000000Z")).toBe("2024-05-12T09:30:00.000Z");
    expect(timestampOf("2024-05-12T09:30:00+03")).toBe("2024-05-12T06:30:00.000Z");
    expect(timestampOf("2024-05-12T24:00Z")).toBe("2024-05-13T00:00:00.000Z");
    expect(timestampOf("soon")).toBeUndefined();
    // Valid ISO 8601, but past what RFC 3339's four-digit year can write.
    expect(timestampOf("9999-12-31T24:00")).toBeUndefined();
    expect(timestampOf("9999-12-31T23:00")).toBe("9999-12-31T23:00:00.000Z");
    expect(timestampOf(null)).toBeUndefined();
  });
});
