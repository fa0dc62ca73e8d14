export * from "./contact.ts";
export * from "./content.ts";
export * from "./endpoints.ts";
export * from "./envelope.ts";
export * from "./item-id.ts";
export * from "./languages.ts";
export * from "./media.ts";
export * from "./primitives.ts";
