/**
 * The contact endpoint's other shapes (the form itself is in contact-form.ts, kept free of zod
 * for the browser).
 */
import { z } from "zod";

export * from "./contact-form.ts";

/** Where a contact message is posted (API.md: `POST /api/contact-us`). */
export const contactPath = "/api/contact-us";

/** The optional `Idempotency-Key` request header: 1-100 visible characters. */
export const idempotencyKey = z.string().regex(/^[\x21-\x7e]{1,100}$/);

export const contactCreated = z.object({ id: z.union([z.number().int(), z.string()]) });
