/**
 * `npm run check-api -- --base URL`: checks a content API server against docs/contract/API.md.
 * Exit code 0 when every call passes, 1 when one fails, 2 for bad arguments.
 */
import { parseArgs } from "node:util";
import { checkApi, defaultCheckOptions, formatReport } from "./conformance.ts";

const usage = `Usage: npm run check-api -- --base URL [--timeout MS]

Calls every read endpoint of the content API contract (docs/contract/API.md) in English and
Arabic and validates each answer. Prints one line per call and "N passed, M failed".

  --base URL      the API_BASE_URL of the server to check (required), e.g. http://127.0.0.1:4000
  --timeout MS    time-out per request in milliseconds (default ${defaultCheckOptions.timeout})
  --help          show this help

Exit code: 0 all calls passed, 1 a call failed, 2 bad arguments.
`;

class UsageError extends Error {}

function parse(argv: string[]): { help: true } | { help: false; base: string; timeout: number } {
  let values: {
    base?: string | undefined;
    timeout?: string | undefined;
    help?: boolean | undefined;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        base: { type: "string" },
        timeout: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { help: true };
  if (!values.base) throw new UsageError("--base URL is required");
  let url: URL;
  try {
    url = new URL(values.base);
  } catch {
    throw new UsageError(`--base ${JSON.stringify(values.base)} is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UsageError(`--base must be an http:// or https:// URL, got ${url.protocol}`);
  const timeout =
    values.timeout === undefined ? defaultCheckOptions.timeout : Number(values.timeout);
  if (!/^\d+$/.test(values.timeout ?? "1") || !Number.isSafeInteger(timeout) || timeout < 1)
    throw new UsageError(
      `--timeout must be a positive number of milliseconds, got ${JSON.stringify(values.timeout)}`,
    );
  return { help: false, base: values.base, timeout };
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`check-api: ${error.message} (see --help)\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(usage);
    return 0;
  }
  const report = await checkApi(args.base, { timeout: args.timeout });
  process.stdout.write(formatReport(report));
  return report.failed === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`check-api: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
