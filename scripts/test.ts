/**
 * `npm test`, the one command that says the project works: the system's test tools (installed
 * when missing and possible, scripts/test-tools.ts), then type-check, lint, unit and integration
 * tests, the production build and the browser tests, in that order, stopping at the first that
 * fails. Prints the time each stage took.
 */
import { spawnSync } from "node:child_process";
import { ensureTestTools } from "./test-tools.ts";

const stages: [name: string, command: string][] = [
  ["type-check", "npm run -s typecheck"],
  ["lint", "npm run -s lint"],
  ["unit and integration tests", "npm run -s test:unit"],
  ["build", "npm run -s build"],
  ["browser tests", "npx playwright test"],
];

const times: string[] = [];
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;
const summary = () => console.log(`\nTime per stage: ${times.join(", ")}`);

const toolsStart = performance.now();
const missing = ensureTestTools();
if (missing) {
  console.error(missing);
  process.exit(1);
}
times.push(`test tools ${seconds(toolsStart)}`);

for (const [name, command] of stages) {
  console.log(`\n▶ ${name}: ${command}`);
  const start = performance.now();
  const { status } = spawnSync(command, { shell: true, stdio: "inherit" });
  times.push(`${name} ${seconds(start)}`);
  if (status !== 0) {
    summary();
    console.error(`✘ ${name} failed`);
    process.exit(status ?? 1);
  }
}
summary();
