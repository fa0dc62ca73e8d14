import { describe, expect, it } from "vitest";
import { dateOnly, decodeEntities, stripTags, truncate } from "./text.ts";

describe("truncate", () => {
  it("leaves short text alone and cuts long text with an ellipsis", () => {
    expect(truncate("Short title", 60)).toBe("Short title");
    expect(truncate("a".repeat(60), 60)).toBe("a".repeat(60));
    expect(truncate(`${"a".repeat(59)} bcd`, 60)).toBe(`${"a".repeat(59)}…`);
    expect(truncate("x".repeat(300), 250)).toBe(`${"x".repeat(250)}…`);
  });

  it("counts Arabic and emoji by character, never splitting one", () => {
    const arabic = "مشروع ".repeat(20);
    const cut = truncate(arabic, 60);
    expect(Array.from(cut.replace("…", "")).length).toBeLessThanOrEqual(60);
    expect(truncate("🏗️🏗️🏗️", 2)).toBe("🏗️…");
  });
});

describe("dateOnly", () => {
  it("keeps the first 10 characters", () => {
    expect(dateOnly("2024-05-12T09:30:00.000000Z")).toBe("2024-05-12");
    expect(dateOnly("2024-05-12")).toBe("2024-05-12");
    expect(dateOnly(null)).toBe("");
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

  it("leaves unknown names and bare ampersands alone, and invalid numbers become U+FFFD", () => {
    expect(decodeEntities("AT&T &unknown; & &amp")).toBe("AT&T &unknown; & &amp");
    expect(decodeEntities("&#0;&#xD800;&#x110000;")).toBe("\ufffd\ufffd\ufffd");
  });
});

describe("stripTags", () => {
  it("drops tags and scripts, decodes entities and collapses whitespace", () => {
    expect(
      stripTags(
        "<p>Roads &amp; <strong>bridges</strong></p>\n\n<script>x()</script><p>since&nbsp;1998</p>",
      ),
    ).toBe("Roads & bridges since 1998");
    expect(stripTags("&#1571;&#x0631;&#x0643;&#x0627;&#x0646;")).toBe("أركان");
  });

  it("drops style elements, comments and processing instructions, whatever the case", () => {
    expect(
      stripTags(
        '<STYLE type="text/css">p { color: red }</Style><!-- a <b>note</b> --><?xml x?>Text<SCRIPT>1</SCRIPT >!',
      ),
    ).toBe("Text !");
    // `<scripts>` is not a script element; `</scripts>` does not close one.
    expect(stripTags("<scripts>kept</scripts>")).toBe("kept");
    expect(stripTags("<script>a</scripts>b</script>c")).toBe("c");
  });

  it("keeps a < that starts no tag, and decodes entities only after tags are gone", () => {
    expect(stripTags("1 < 2 and 3 <= 4")).toBe("1 < 2 and 3 <= 4");
    expect(stripTags("&lt;b&gt;bold&lt;/b&gt;")).toBe("<b>bold</b>");
  });

  it("treats markup left open as running to the end, like a browser", () => {
    expect(stripTags("before<script>never closed")).toBe("before");
    expect(stripTags("before<!-- never closed")).toBe("before");
    expect(stripTags("before<p class='x")).toBe("before");
  });

  it("is empty for whitespace and markup only", () => {
    for (const empty of ["", "   ", "\n\t", "<p> </p>", "<p>&nbsp;</p><br/>", "<script>x</script>"])
      expect(stripTags(empty)).toBe("");
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
