/**
 * `npm start`: the production server. Production mode unless the operator sets NODE_ENV
 * otherwise; it must be set before anything loads, since Express and React choose their
 * production builds (no stack traces, fast rendering) from it when first imported.
 */
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";
await import("./serve.ts");

export {};
