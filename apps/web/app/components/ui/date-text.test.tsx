import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DateText } from "./date-text.tsx";

describe("DateText", () => {
  it("shows the first 10 characters, isolated left to right, and names the day for machines", () => {
    expect(renderToStaticMarkup(<DateText value="2024-05-12T09:30:00.000000Z" />)).toBe(
      '<time dateTime="2024-05-12" dir="ltr">2024-05-12</time>',
    );
  });

  it("shows the first 10 characters of text that is no date, without a dateTime machines would misread", () => {
    expect(renderToStaticMarkup(<DateText value="Spring 2024" />)).toBe(
      '<time dir="ltr">Spring 202</time>',
    );
    expect(renderToStaticMarkup(<DateText value={null} />)).toBe('<time dir="ltr"></time>');
  });
});
