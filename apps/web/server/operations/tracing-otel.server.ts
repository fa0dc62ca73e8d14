/**
 * Tracing with OpenTelemetry's SDK: loaded by tracing.server.ts only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set. Spans are batched and sent to `<endpoint>/v1/traces`
 * (OTLP/HTTP, JSON); the W3C trace context is read from requests and written to API calls.
 */
import {
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { pageKindOf } from "./page-kind.server.ts";
import type { SpanKindName, Tracing } from "./tracing.server.ts";

const kinds: Record<SpanKindName, SpanKind> = {
  server: SpanKind.SERVER,
  client: SpanKind.CLIENT,
  internal: SpanKind.INTERNAL,
};

export function otelTracing(endpoint: string): Tracing {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": "arkan-site" }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }), {
        scheduledDelayMillis: 1_000,
      }),
    ],
  });
  // Also the context manager (async_hooks) and the W3C propagator.
  provider.register();
  const tracer = trace.getTracer("arkan-site");

  const failed = (span: Span, error: unknown) => {
    if (error instanceof Error) span.recordException(error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
  };

  const span: Tracing["span"] = (name, attributes, work, kind = "internal") =>
    tracer.startActiveSpan(name, { kind: kinds[kind], attributes }, async (current) => {
      try {
        return await work();
      } catch (error) {
        failed(current, error);
        throw error;
      } finally {
        current.end();
      }
    });

  return {
    requests(req, res, next) {
      const parent = propagation.extract(context.active(), req.headers);
      const path = req.originalUrl.split("?")[0] ?? "/";
      const kind = pageKindOf(path);
      const current = tracer.startSpan(
        `${req.method} ${kind}`,
        {
          kind: SpanKind.SERVER,
          attributes: { "http.request.method": req.method, "url.path": path, "http.route": kind },
        },
        parent,
      );
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        current.setAttribute("http.response.status_code", res.statusCode);
        if (res.statusCode >= 500) current.setStatus({ code: SpanStatusCode.ERROR });
        current.end();
      };
      res.once("finish", end);
      res.once("close", end);
      context.with(trace.setSpan(parent, current), next);
    },
    span,
    inject: (headers) => propagation.inject(context.active(), headers),
    routes: {
      route(route) {
        const around =
          (what: string) => (handler: () => Promise<{ status: string; error?: unknown }>) =>
            span(`${what} ${route.id}`, { "react_router.route": route.id }, async () => {
              const result = await handler();
              if (result.status === "error") failed(trace.getActiveSpan() as Span, result.error);
            });
        route.instrument({ loader: around("loader"), action: around("action") });
      },
    },
    shutdown: () => provider.shutdown(),
  };
}
