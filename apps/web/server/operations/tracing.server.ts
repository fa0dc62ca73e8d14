/**
 * OpenTelemetry traces, when OTEL_EXPORTER_OTLP_ENDPOINT is set: a span for each request, its
 * loaders and actions, and each content API call, sent over OTLP/HTTP, with the W3C
 * `traceparent` header passed on to the API. Unset, this module is all there is: no
 * OpenTelemetry module is loaded, and `inSpan` just runs its work (decision 021).
 *
 * serve.ts starts it before loading the server build; the build's copy of this module finds it
 * on `globalThis`.
 */
import type express from "express";
import type { ServerInstrumentation } from "react-router";

export type SpanKindName = "server" | "client" | "internal";

export type SpanAttributes = Record<string, string | number | boolean>;

export interface Tracing {
  /** Express middleware: one server span per request, continuing an incoming `traceparent`. */
  requests: express.RequestHandler;
  /** Runs `work` in a span of its own, a child of the current one. */
  span<T>(
    name: string,
    attributes: SpanAttributes,
    work: () => Promise<T>,
    kind?: SpanKindName,
  ): Promise<T>;
  /** Writes the current span's `traceparent` (and `tracestate`) into `headers`. */
  inject(headers: Record<string, string>): void;
  /** Spans for React Router's loaders and actions. */
  routes: ServerInstrumentation;
  /** Sends the spans still buffered, and stops. */
  shutdown(): Promise<void>;
}

const key = Symbol.for("arkan-site.tracing");
const holder = globalThis as { [key]?: Tracing };

/** The running tracing, or undefined when OTEL_EXPORTER_OTLP_ENDPOINT is unset. */
export const tracing = (): Tracing | undefined => holder[key];

/** Runs `work` in a span when tracing runs; otherwise just runs it. */
export function inSpan<T>(
  name: string,
  attributes: SpanAttributes,
  work: () => Promise<T>,
  kind?: SpanKindName,
): Promise<T> {
  const running = holder[key];
  return running ? running.span(name, attributes, work, kind) : work();
}

/**
 * Starts tracing to `endpoint` (loading OpenTelemetry now, and only now); returns it, or
 * undefined when no endpoint is set.
 */
export async function startTracing(settings: {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
}): Promise<Tracing | undefined> {
  const endpoint = settings.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return undefined;
  if (holder[key]) return holder[key];
  const { otelTracing } = await import("./tracing-otel.server.ts");
  holder[key] = otelTracing(endpoint);
  return holder[key];
}
