import { describe, expect, it } from "vitest";
import { profileFile, profileLink } from "./company-profile.server.ts";

const api = "https://cms.example.com";
const origins = [api, "https://media.example.com"];

describe("the company profile", () => {
  it("is fetched by this site from a media origin only, a root-relative file from the API", () => {
    expect(profileFile("/storage/p.pdf", api, origins)?.href).toBe(`${api}/storage/p.pdf`);
    expect(profileFile("https://media.example.com/p.pdf", api, origins)?.href).toBe(
      "https://media.example.com/p.pdf",
    );
    for (const elsewhere of ["https://cdn.example.com/p.pdf", "//cdn.example.com/p.pdf", "", null])
      expect(profileFile(elsewhere, api, origins), String(elsewhere)).toBeUndefined();
  });

  it("is linked as this site's download when it can be, else where it is, else not at all", () => {
    expect(profileLink("/storage/p.pdf", "ar", api, origins)).toBe("/ar/ourProfile");
    expect(profileLink("https://cdn.example.com/p.pdf", "en", api, origins)).toBe(
      "https://cdn.example.com/p.pdf",
    );
    expect(profileLink(null, "en", api, origins)).toBeNull();
  });
});
