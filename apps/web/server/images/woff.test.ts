/**
 * WOFF 1 → TrueType: the Cairo files the social cards use come out as valid sfnt files (every
 * table where the directory says, 4-byte aligned, matching its checksum).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { WoffError, woffToSfnt } from "./woff.ts";

const require = createRequire(import.meta.url);
const cairo = (subset: string) =>
  fs.readFileSync(require.resolve(`@fontsource/cairo/files/cairo-${subset}-700-normal.woff`));

/** The OpenType table checksum: the sum of its big-endian 32-bit words, zero-padded. */
function checksum(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

/** The tables of an sfnt file as its directory lists them. */
function tablesOf(sfnt: Buffer) {
  return Array.from({ length: sfnt.readUInt16BE(4) }, (_, i) => {
    const entry = 12 + i * 16;
    const offset = sfnt.readUInt32BE(entry + 8);
    const length = sfnt.readUInt32BE(entry + 12);
    return {
      tag: sfnt.toString("latin1", entry, entry + 4),
      checksum: sfnt.readUInt32BE(entry + 4),
      offset,
      data: sfnt.subarray(offset, offset + length),
      length,
    };
  });
}

describe("woffToSfnt", () => {
  for (const subset of ["arabic", "latin"]) {
    it(`unpacks Cairo's ${subset} WOFF into a TrueType file whose tables check out`, () => {
      const woff = cairo(subset);
      const sfnt = woffToSfnt(woff);
      expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4)); // the flavour, TrueType here
      expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
      const count = sfnt.readUInt16BE(4);
      expect(count).toBe(woff.readUInt16BE(12));
      const selector = Math.floor(Math.log2(count));
      expect(sfnt.readUInt16BE(6)).toBe(2 ** selector * 16);
      expect(sfnt.readUInt16BE(8)).toBe(selector);
      expect(sfnt.readUInt16BE(10)).toBe(count * 16 - 2 ** selector * 16);
      // The size the WOFF header announces for the unpacked font.
      expect(sfnt.length).toBe(woff.readUInt32BE(16));

      const tables = tablesOf(sfnt);
      expect(tables.map((table) => table.tag)).toEqual(tables.map((table) => table.tag).sort());
      for (const tag of ["cmap", "glyf", "head", "name", "GSUB"]) {
        expect(tables.map((table) => table.tag)).toContain(tag);
      }
      for (const table of tables) {
        expect(table.offset % 4, table.tag).toBe(0);
        expect(table.offset + table.length, table.tag).toBeLessThanOrEqual(sfnt.length);
        // `head` is summed with its checkSumAdjustment (bytes 8-11) as zero.
        const data =
          table.tag === "head"
            ? Buffer.concat([table.data.subarray(0, 8), Buffer.alloc(4), table.data.subarray(12)])
            : table.data;
        expect(checksum(data), table.tag).toBe(table.checksum);
      }
    });
  }

  it("copies tables stored uncompressed and inflates compressed ones", () => {
    const plain = Buffer.from("abcdefg"); // 7 bytes: padded to 8 in the sfnt
    const repeated = Buffer.alloc(64, "z");
    const packed = deflateSync(repeated);
    const header = Buffer.alloc(44 + 2 * 20);
    header.writeUInt32BE(0x774f4646, 0);
    header.writeUInt32BE(0x4f54544f, 4); // "OTTO"
    header.writeUInt16BE(2, 12);
    const dataStart = header.length;
    const entries = [
      { tag: "AAAA", stored: plain, length: plain.length },
      { tag: "BBBB", stored: packed, length: repeated.length },
    ];
    let offset = dataStart;
    entries.forEach((table, i) => {
      const entry = 44 + i * 20;
      header.write(table.tag, entry, "latin1");
      header.writeUInt32BE(offset, entry + 4);
      header.writeUInt32BE(table.stored.length, entry + 8);
      header.writeUInt32BE(table.length, entry + 12);
      header.writeUInt32BE(i + 1, entry + 16);
      offset += table.stored.length;
    });
    const sfnt = woffToSfnt(Buffer.concat([header, plain, packed]));
    expect(sfnt.toString("latin1", 0, 4)).toBe("OTTO");
    const [a, b] = tablesOf(sfnt);
    expect(a?.data.toString()).toBe("abcdefg");
    expect(b?.data).toEqual(repeated);
    expect(b?.offset).toBe(12 + 2 * 16 + 8);
    expect([a?.checksum, b?.checksum]).toEqual([1, 2]);
    expect(sfnt.length).toBe(12 + 32 + 8 + 64);
  });

  it("refuses what is not a whole WOFF 1 file", () => {
    const woff = cairo("latin");
    expect(() => woffToSfnt(Buffer.from("wOF2 and more bytes"))).toThrow(WoffError);
    expect(() => woffToSfnt(woff.subarray(0, 40))).toThrow(WoffError);
    expect(() => woffToSfnt(woff.subarray(0, 100))).toThrow(WoffError);
    expect(() => woffToSfnt(woff.subarray(0, woff.length - 500))).toThrow(WoffError);
  });
});
