import { describe, expect, it } from "vitest";
import { runCli, startServer } from "./conformance/fake-api.ts";
import { checkApi } from "./conformance.ts";

describe("check-api arguments", () => {
  it.each([
    [[], "check-api: --base URL is required (see --help)"],
    [["--base", "not a url"], 'check-api: --base "not a url" is not a URL (see --help)'],
    [
      ["--base", "ftp://x"],
      "check-api: --base must be an http:// or https:// URL, got ftp: (see --help)",
    ],
    [
      ["--base", "http://x", "--timeout", "soon"],
      'check-api: --timeout must be a positive number of milliseconds, got "soon" (see --help)',
    ],
    [["--base", "http://x", "--bogus"], "check-api: Unknown option '--bogus' (see --help)"],
  ])("%j exits 2 with one readable line", async (args, message) => {
    const { code, stdout, stderr } = await runCli(args);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(`${message}\n`);
  });

  it("--help prints the usage and exits 0", async () => {
    const { code, stdout } = await runCli(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("Usage: npm run check-api -- --base URL [--timeout MS]");
  });

  it("a server that is not there fails every call, with the reason", async () => {
    const server = await startServer();
    const base = server.base;
    await server.stop();
    const report = await checkApi(base, { timeout: 2000 });
    expect(report.passed).toBe(0);
    expect(report.results.length).toBeGreaterThan(40);
    expect(new Set(report.results.map((r) => r.reason))).toEqual(
      new Set(["no answer (ECONNREFUSED)"]),
    );
  });
});
