/**
 * Preloaded into a site server by tests (`node --import`): writes one `[loaded] URL` line for
 * each module of the reference API (or the PDF libraries it once used), or of OpenTelemetry
 * (loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set), that the server loads.
 */
import { registerHooks } from "node:module";

const reported = /\/apps\/content-api\/|\/node_modules\/(pdfkit|fontkit|@opentelemetry)\//;

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    if (reported.test(resolved.url))
      process.stderr.write(`[loaded] ${resolved.url} (by ${process.argv[1]})\n`);
    return resolved;
  },
});
