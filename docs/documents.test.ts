/**
 * The documents stay true: every repository path a document quotes (in backticks, or as a link)
 * exists, and the README's settings table lists exactly the settings the website and the
 * reference API read. The client's contract and specification (docs/contract/) are theirs
 * and not checked.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { settingNames as apiSettings } from "../apps/content-api/src/settings.ts";
import { settingNames as siteSettings } from "../apps/web/server/settings.server.ts";

const root = path.resolve(import.meta.dirname, "..");
const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  .filter(Boolean);
/** Files and folders of the repository (tracked, and new ones not yet added). */
const files = new Set(tracked.filter((file) => fs.existsSync(path.join(root, file))));
const folders = new Set([...files].flatMap((file) => parentsOf(file)));

function parentsOf(file: string): string[] {
  const parts = file.split("/");
  return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join("/"));
}

const documents = [...files].filter(
  (file) => file.endsWith(".md") && !file.startsWith("docs/contract/"),
);

/** A decision superseded as a whole records what was: the files it names may be gone. */
const superseded = (text: string) => /^Status: superseded/m.test(text);

/** Files a document may name that the code makes (data, results, builds), not the repository. */
const made =
  /^(data|bench-results|build|build-bench|test-results|node_modules|cards)\/|^apps\/web\/build(-bench)?$|^\d{8}T\d{6}Z\.json$/;

/** Whether `quoted` names a file or folder of the repository: from the root, the document's folder, or as the end of a path. */
function exists(quoted: string, document: string): boolean {
  const name = quoted.replace(/\/$/, "");
  const fromDocument = path.posix.normalize(path.posix.join(path.posix.dirname(document), name));
  for (const candidate of [name, fromDocument]) {
    if (files.has(candidate) || folders.has(candidate)) return true;
  }
  const tail = `/${name}`;
  return (
    [...files].some((file) => file.endsWith(tail)) ||
    [...folders].some((folder) => folder.endsWith(tail))
  );
}

/** Paths in backticks that look like the repository's: a file with an extension, or a folder with a slash. */
function quotedPaths(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? "");
  return spans.filter(
    (span) =>
      /^[\w@.-]+(\/[\w@.+-]+)*\/?$/.test(span) &&
      !span.startsWith(".") &&
      // A media type, or a folder under a setting's value (`IMAGE_CACHE_DIR/cards`).
      !/^(application|text|image|font|audio|video)\//.test(span) &&
      !/^[A-Z][A-Z_]+\//.test(span) &&
      (/\.(ts|tsx|md|json|css|vcl|conf|sh|svg|ico|png|woff2|yml|yaml)$/.test(span) ||
        (span.includes("/") && !span.startsWith("@"))) &&
      !made.test(span),
  );
}

/** Targets of relative Markdown links, without their anchors. */
function linkedPaths(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => (match[1] ?? "").split("#")[0] ?? "")
    .filter((target) => target && !/^[a-z]+:/i.test(target));
}

describe("documents", () => {
  it("find documents to check", () => {
    expect(documents).toContain("README.md");
    expect(documents).toContain("docs/architecture.md");
  });

  it.each(documents)("%s quotes only paths that exist", (document) => {
    const text = fs.readFileSync(path.join(root, document), "utf8");
    if (superseded(text)) return;
    const missing = quotedPaths(text).filter((quoted) => !exists(quoted, document));
    expect(missing).toEqual([]);
  });

  it.each(documents)("%s links only to files that exist", (document) => {
    const text = fs.readFileSync(path.join(root, document), "utf8");
    const missing = linkedPaths(text).filter((target) => {
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(document), target));
      return !files.has(resolved) && !folders.has(resolved.replace(/\/$/, ""));
    });
    expect(missing).toEqual([]);
  });

  it("nothing links outside the repository", () => {
    for (const document of documents) {
      const text = fs.readFileSync(path.join(root, document), "utf8");
      for (const target of linkedPaths(text)) {
        const resolved = path.posix.normalize(
          path.posix.join(path.posix.dirname(document), target),
        );
        expect(resolved.startsWith(".."), `${document}: ${target}`).toBe(false);
      }
    }
  });

  it("the README's settings table lists exactly the settings both apps read", () => {
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
    const table = readme.slice(readme.indexOf("## Settings"));
    const listed = [...table.slice(0, table.indexOf("\n## ")).matchAll(/^\| `([A-Z_]+)`/gm)].map(
      (match) => match[1],
    );
    expect([...listed].sort()).toEqual([...siteSettings, ...apiSettings].sort());
  });

  it("checks what it should: a missing file is found, an existing one is not", () => {
    expect(quotedPaths("see `server/content-source.ts` and `apps/web/server/serve.ts`")).toEqual([
      "server/content-source.ts",
      "apps/web/server/serve.ts",
    ]);
    expect(exists("server/content-source.ts", "docs/decisions/007-x.md")).toBe(false);
    expect(exists("server/serve.ts", "docs/decisions/007-x.md")).toBe(true);
    expect(exists("cache.server.ts", "docs/decisions/002-x.md")).toBe(true);
  });
});
