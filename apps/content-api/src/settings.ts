/**
 * Settings from the environment, parsed once with a schema. A bad value stops the start with
 * one readable line (see `SettingsError`), never a stack trace.
 */
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { defaultDatabasePath, defaultStorageDir, repoRoot } from "./paths.ts";

const loopback = "127.0.0.1,::1,::ffff:127.0.0.1";

const integer = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: "expected a whole number" })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** A path; a relative one is read from the repository's root, like the website's settings. */
const filePath = (fallback: string) =>
  z
    .string()
    .trim()
    .min(1, { error: "expected a path" })
    .optional()
    .transform((value) => path.resolve(repoRoot, value ?? fallback));

const settingsSchema = z.object({
  API_PORT: integer(0, 65_535).default(4000),
  API_HOST: z
    .string()
    .trim()
    .min(1, { error: "expected a host name or address" })
    .default("127.0.0.1"),
  API_DATABASE_PATH: filePath(defaultDatabasePath),
  API_STORAGE_DIR: filePath(defaultStorageDir),
  API_CONTACT_RATE_LIMIT: integer(1, 100_000).default(5),
  /** How pages of paged lists are written: API.md allows both forms (see `pagedForm`). */
  API_PAGED_FORM: z.enum(["nested", "flat"]).default("nested"),
  /** Proxies whose `X-Forwarded-For` is believed; `none` trusts no one. */
  API_TRUSTED_PROXIES: z
    .string()
    .default(loopback)
    .transform((value) =>
      (value.trim().toLowerCase() === "none" ? "" : value)
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().refine((entry) => isIP(entry) !== 0, {
          error: "expected IP addresses separated by commas",
        }),
      ),
    ),
});

/** The environment variables the reference API reads (the README's settings table lists them). */
export const settingNames = Object.keys(settingsSchema.shape);

export type Settings = {
  port: number;
  host: string;
  databasePath: string;
  storageDir: string;
  contactRateLimit: number;
  trustedProxies: string[];
  pagedForm: "nested" | "flat";
};

/** A bad setting; `message` is one line naming the variable and the problem. */
export class SettingsError extends Error {
  override name = "SettingsError";
}

/** Reads the settings from `env` (empty values count as unset). Throws `SettingsError`. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const given = Object.fromEntries(
    Object.keys(settingsSchema.shape).flatMap((key) => {
      const value = env[key];
      return value === undefined || value.trim() === "" ? [] : [[key, value]];
    }),
  );
  const result = settingsSchema.safeParse(given);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? "settings");
      return `${key}=${JSON.stringify(env[key] ?? "")}: ${issue.message}`;
    });
    throw new SettingsError(`Invalid setting ${problems.join("; ")}`);
  }
  const s = result.data;
  return {
    port: s.API_PORT,
    host: s.API_HOST,
    databasePath: s.API_DATABASE_PATH,
    storageDir: s.API_STORAGE_DIR,
    contactRateLimit: s.API_CONTACT_RATE_LIMIT,
    trustedProxies: s.API_TRUSTED_PROXIES,
    pagedForm: s.API_PAGED_FORM,
  };
}

export const defaultTrustedProxies = loopback.split(",");
