/**
 * The detail endpoints (`/…/:id`): a sample of the ids their lists hold, in both languages,
 * each answering for its own id, and an id no server has answering 404.
 */
import { type EndpointName, endpointPath, endpoints } from "../endpoints.ts";
import { type Language, languages } from "../languages.ts";
import type { Call } from "./call.ts";
import type { Findings } from "./order.ts";
import { field } from "./payload.ts";

/** Where the ids of each detail endpoint come from, and where the detail answer names its id. */
const detailSources: Partial<
  Record<EndpointName, { from: EndpointName[]; idOf: (payload: unknown) => unknown }>
> = {
  service: { from: ["services"], idOf: (p) => field(p, "id") },
  extraPage: { from: ["extraPages"], idOf: (p) => field(p, "id") },
  newsItem: { from: ["news"], idOf: (p) => field(p, "id") },
  project: {
    from: ["completedProjects", "currentProjects"],
    idOf: (p) => field(field(p, "projects"), "id"),
  },
};

/** At most `size` entries spread evenly over `items` (first and last included). */
export function sample<T>(items: readonly T[], size: number): T[] {
  if (items.length <= size) return [...items];
  if (size <= 0) return [];
  if (size === 1) return items.slice(0, 1);
  const picked = new Set<number>();
  for (let i = 0; i < size; i++) picked.add(Math.round((i * (items.length - 1)) / (size - 1)));
  return [...picked].map((index) => items[index] as T);
}

export interface DetailContext {
  call: Call;
  findings: Findings;
  names: EndpointName[];
  /** The raw items of each list endpoint, per language, as its calls finish. */
  lists: Map<EndpointName, Promise<Record<Language, unknown[]>>>;
  sampleSize: number;
  unknownId: string | number;
}

/** Up to `sampleSize` distinct ids from each of `from`'s lists, in both languages. */
async function sampledIds(context: DetailContext, from: EndpointName[]) {
  const ids: (string | number)[] = [];
  for (const list of from) {
    const items = await (context.lists.get(list) ??
      Promise.resolve({} as Record<Language, unknown[]>));
    const found = new Map<string, string | number>();
    for (const lang of languages)
      for (const item of items[lang] ?? []) {
        const id = field(item, "id");
        if ((typeof id === "number" || typeof id === "string") && id !== "")
          found.set(String(id), id);
      }
    for (const id of sample([...found.values()], context.sampleSize))
      if (!ids.some((known) => String(known) === String(id))) ids.push(id);
  }
  return ids;
}

/** A detail endpoint: sampled ids from its source lists, and the unknown id. */
export async function details(context: DetailContext, name: EndpointName): Promise<void> {
  const { call, findings } = context;
  const index = context.names.indexOf(name);
  const source = detailSources[name];
  const unknownPath = endpointPath(name, { id: context.unknownId });
  const unknown = languages.map((lang) =>
    call(name, unknownPath, lang, { status: 404 }, [index, 1, 0]),
  );

  const ids = await sampledIds(context, source?.from ?? []);
  const template = endpoints[name].path;
  if (!source)
    findings.warn(`${template}: no list to take ids from; only the unknown id was checked`, [
      index,
      0,
      0,
    ]);
  else if (ids.length === 0)
    findings.warn(
      `${template}: no ids found in ${source.from.map((n) => endpoints[n].path).join(", ")}; only the unknown id was checked`,
      [index, 0, 0],
    );

  const sameId = (id: string | number) => (payload: unknown) => {
    const got = source?.idOf(payload);
    return String(got) === String(id)
      ? undefined
      : `${name === "project" ? "data.projects.id" : "data.id"}: asked for ${id}, got ${JSON.stringify(got)}`;
  };
  const known = ids.flatMap((id, i) =>
    languages.map((lang) =>
      call(name, endpointPath(name, { id }), lang, { status: 200, check: sameId(id) }, [
        index,
        0,
        i,
      ]),
    ),
  );
  await Promise.all([...unknown, ...known]);
}
