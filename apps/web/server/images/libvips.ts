/**
 * sharp (libvips), loaded on first use by the image endpoint or the social cards (a server that
 * does neither never loads libvips) and bounded once, whichever comes first: libvips keeps
 * decoded images and operations for reuse, 50 MB by default; both keep their results on disk,
 * so IMAGE_MEMORY_MB (16 MB by default) is all they need, and the process stays small.
 */
import { watchLibvipsMemory } from "../operations/metrics.server.ts";

type SharpModule = typeof import("sharp");

let loaded: Promise<SharpModule> | undefined;

export function loadSharp(memoryMb: number): Promise<SharpModule> {
  loaded ??= import("sharp").then((module) => {
    module.default.cache({ memory: memoryMb, files: 0, items: 20 });
    watchLibvipsMemory(() => module.default.cache().memory.current * 1024 * 1024);
    return module;
  });
  return loaded;
}
