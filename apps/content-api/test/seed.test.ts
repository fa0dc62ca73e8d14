/** The seed step: the seed files are checked, loaded once, all or nothing. */
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase } from "../src/db/connection.ts";
import { isSeeded, seedDatabase } from "../src/seed/seed.ts";
import { readSeed, SeedError, storageUrls } from "../src/seed/seed-files.ts";
import { fixtureSeedDir, realSeedDir } from "./helpers.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "content-api-seed-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

test("the real seed files are in the seed format and name the company profile PDF", async () => {
  const seed = await readSeed(realSeedDir);
  expect(seed.projects.some((p) => p.status === "completed")).toBe(true);
  expect(seed.projects.some((p) => p.status === "current")).toBe(true);
  expect(seed.site.companyProfile.pdf_download_url).toMatch(/^\/storage\/.+\.pdf$/);
  expect(storageUrls(seed)).toContain(seed.site.companyProfile.pdf_download_url);
});

test("ids are unique within each collection of the real seed", async () => {
  const seed = await readSeed(realSeedDir);
  for (const list of [seed.projects, seed.news, seed.services, seed.extraPages, seed.equipment]) {
    const ids = list.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  }
});

test("seeding runs once", async () => {
  const db = openDatabase(path.join(dir, "once.sqlite"));
  const seed = await readSeed(fixtureSeedDir);
  expect(isSeeded(db)).toBe(false);
  expect(seedDatabase(db, seed, fixtureSeedDir)).toBe(true);
  expect(seedDatabase(db, seed, fixtureSeedDir)).toBe(false);
  expect(db.prepare("SELECT count(*) AS n FROM news").get()).toEqual({ n: seed.news.length });
  db.close();
});

test("a failing seed leaves the database empty", async () => {
  const db = openDatabase(path.join(dir, "broken.sqlite"));
  const seed = await readSeed(fixtureSeedDir);
  const first = seed.news[0];
  if (!first) throw new Error("fixture has news");
  seed.news.push({ ...first }); // a duplicate id fails half-way
  expect(() => seedDatabase(db, seed, fixtureSeedDir)).toThrow();
  expect(isSeeded(db)).toBe(false);
  expect(db.prepare("SELECT count(*) AS n FROM home_banners").get()).toEqual({ n: 0 });
  db.close();
});

test("a seed file out of format is named with the field", async () => {
  const broken = path.join(dir, "broken-seed");
  await cp(fixtureSeedDir, broken, { recursive: true });
  const news = JSON.parse(
    await import("node:fs").then((fs) => fs.readFileSync(path.join(broken, "news.json"), "utf8")),
  );
  delete news[1].title.ar;
  await writeFile(path.join(broken, "news.json"), JSON.stringify(news));
  const error = await readSeed(broken).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(SeedError);
  expect((error as Error).message).toContain("news.json");
  expect((error as Error).message).toContain("[1].title.ar");
});
