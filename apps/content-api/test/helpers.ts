/** Starts a real content API on a free loopback port, with its own database and storage dir. */
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describeIssues, envelope } from "@site/contract";
import type { z } from "zod";
import { defaultSeedDir } from "../src/paths.ts";
import { type ContentApi, type ContentApiOptions, startContentApi } from "../src/server.ts";

export const fixtureSeedDir = path.resolve(import.meta.dirname, "fixtures/seed");
export const realSeedDir = defaultSeedDir;

export type TestApi = {
  api: ContentApi;
  dir: string;
  databasePath: string;
  storageDir: string;
  logs: string[];
  /** Closes the server and starts it again on the same database and storage dir. */
  restart(): Promise<void>;
  stop(): Promise<void>;
};

/** `storageFrom`: a folder copied into the new storage dir before the start. */
export async function startTestApi(
  options: Partial<ContentApiOptions> & { storageFrom?: string } = {},
): Promise<TestApi> {
  const { storageFrom, ...overrides } = options;
  const dir = await mkdtemp(path.join(os.tmpdir(), "content-api-test-"));
  if (storageFrom) await cp(storageFrom, path.join(dir, "storage"), { recursive: true });
  const logs: string[] = [];
  const settings: ContentApiOptions = {
    port: 0,
    host: "127.0.0.1",
    databasePath: path.join(dir, "content.sqlite"),
    storageDir: path.join(dir, "storage"),
    seedDir: fixtureSeedDir,
    log: (line) => logs.push(line),
    ...overrides,
  };
  const test: TestApi = {
    api: await startContentApi(settings),
    dir,
    databasePath: settings.databasePath,
    storageDir: settings.storageDir,
    logs,
    async restart() {
      await test.api.close();
      test.api = await startContentApi(settings);
    },
    async stop() {
      await test.api.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return test;
}

export type Answer = { status: number; headers: Headers; body: unknown; text: string };

export async function request(
  api: ContentApi,
  path: string,
  init: RequestInit & { lang?: string } = {},
): Promise<Answer> {
  const { lang, headers, ...rest } = init;
  const response = await fetch(`${api.url}${path}`, {
    ...rest,
    headers: {
      accept: "application/json",
      ...(lang ? { lang } : {}),
      ...(headers as Record<string, string>),
    },
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body, text };
}

/** Parses `body` as `{ data: schema }`; fails with one line per problem. */
export function expectEnvelope<T extends z.ZodType>(
  schema: T,
  body: unknown,
  where: string,
): z.infer<T> {
  const result = envelope(schema).safeParse(body);
  if (!result.success) {
    throw new Error(
      `${where} does not match the contract:\n${describeIssues(result.error).join("\n")}`,
    );
  }
  return (result.data as { data: z.infer<T> }).data;
}
