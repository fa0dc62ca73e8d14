import { z } from "zod";

/** Every successful answer is `{ "data": PAYLOAD }`; other top-level fields are ignored. */
export const envelope = <T extends z.ZodType>(payload: T) => z.object({ data: payload });

export const pagination = z.object({
  current_page: z.number().int().min(1),
  last_page: z.number().int().min(1),
  per_page: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type Pagination = z.infer<typeof pagination>;

/** A paged list payload: `{ data: [...], pagination: {...} }`. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), pagination });
export type Paged<T> = { data: T[]; pagination: Pagination };

/** Error body of any non-2xx answer (the body itself is optional). */
export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/**
 * One line per problem, naming the field by its path, for logs and the conformance report:
 * `data[2].title: expected string, received number`.
 */
export function describeIssues(error: z.ZodError, root = ""): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.reduce<string>(
      (acc, key) =>
        typeof key === "number" ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key),
      root,
    );
    return `${path || "(root)"}: ${issue.message}`;
  });
}
