import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

// The website reads any company's API by API_BASE_URL; the reference API is only the demo's,
// run beside it by the repository's `npm start` (decision 017).
it("no module of the website imports the reference API (its tests may, as a real server)", () => {
  const web = path.resolve(import.meta.dirname, "..");
  const files = fs
    .globSync("{app,server}/**/*.{ts,tsx}", { cwd: web })
    .filter((file) => !/\.test\.tsx?$/.test(file));
  expect(files.length).toBeGreaterThan(100);
  const importers = files.filter((file) =>
    /@site\/content-api|apps\/content-api/.test(fs.readFileSync(path.join(web, file), "utf8")),
  );
  expect(importers).toEqual([]);
});
