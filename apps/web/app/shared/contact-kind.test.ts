import { describe, expect, it } from "vitest";
import { contactKind } from "./contact-kind.ts";

describe("contactKind", () => {
  it("tells an e-mail address, a number, opening hours and an address by the value", () => {
    expect(contactKind({ title: "Write to us", info: " info@example.com " })).toBe("email");
    expect(contactKind({ title: "Phone", info: "+966 11 234 5678" })).toBe("phone");
    expect(contactKind({ title: "الهاتف", info: "(011) 234-5678" })).toBe("phone");
    expect(contactKind({ title: "Hours", info: "Sun–Thu 8:00–17:00" })).toBe("hours");
    expect(contactKind({ title: "Address", info: "King Fahd Road, Riyadh" })).toBe("address");
    // Too short to dial; two numbers in one line, which one link would dial as one.
    expect(contactKind({ title: "Phone", info: "12 34" })).toBe("address");
    expect(contactKind({ title: "Phone", info: "+966 11 234 5678 / 5679" })).toBe("address");
  });

  it("tells a fax from a phone by its title, in either language", () => {
    for (const title of ["Fax", "Fax number", "FAX", "الفاكس", "فاكس"])
      expect(contactKind({ title, info: "+966 11 000 0011" }), title).toBe("fax");
    // Only a number can be a fax line.
    expect(contactKind({ title: "Fax", info: "fax@example.com" })).toBe("email");
  });
});
