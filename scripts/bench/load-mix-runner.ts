/**
 * Run as its own process by `loadMix` (load.ts): autocannon over several paths of one server,
 * each connection cycling through them. Reads its task as JSON in argv[2]; prints autocannon's
 * result as JSON on stdout.
 */
import autocannon from "autocannon";

const task = JSON.parse(process.argv[2] ?? "{}") as {
  url: string;
  paths: string[];
  seconds: number;
  connections: number;
  acceptEncoding: string;
};

const result = await autocannon({
  url: task.url,
  connections: task.connections,
  duration: task.seconds,
  headers: { "accept-encoding": task.acceptEncoding },
  requests: task.paths.map((path) => ({ method: "GET", path })),
});
process.stdout.write(JSON.stringify(result));
