/**
 * WOFF (version 1) to a plain TrueType/OpenType file. The social cards draw their text with
 * sharp (libvips, Pango, fontconfig), which loads neither WOFF nor WOFF2 files; the Cairo
 * font ships as WOFF in `@fontsource/cairo`, and WOFF 1 is only the font's tables, each
 * compressed with zlib, behind a header: unpacking it takes a few lines and no dependency.
 * Format: https://www.w3.org/TR/WOFF/ (header 44 bytes, then 20 bytes per table).
 */
import { inflateSync } from "node:zlib";

const WOFF_SIGNATURE = 0x774f4646; // "wOFF"
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

export class WoffError extends Error {}

/** The sfnt (TTF/OTF) file inside a WOFF 1 file; throws a WoffError for anything else. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < WOFF_HEADER || woff.readUInt32BE(0) !== WOFF_SIGNATURE) {
    throw new WoffError("not a WOFF 1 file");
  }
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  if (numTables === 0 || WOFF_HEADER + numTables * WOFF_ENTRY > woff.length) {
    throw new WoffError("WOFF table directory is cut short");
  }
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = WOFF_HEADER + i * WOFF_ENTRY;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    if (offset + compLength > woff.length) throw new WoffError("WOFF table lies past the end");
    const stored = woff.subarray(offset, offset + compLength);
    // A table is stored as it is when compressing would not have made it smaller.
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new WoffError("WOFF table has the wrong length");
    return { tag: woff.readUInt32BE(entry), checksum: woff.readUInt32BE(entry + 16), data };
  });

  // The sfnt header's binary-search fields, as the OpenType specification defines them.
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const padded = (length: number) => (length + 3) & ~3;
  let offset = SFNT_HEADER + numTables * SFNT_ENTRY;
  const size = tables.reduce((total, table) => total + padded(table.data.length), offset);
  const sfnt = Buffer.alloc(size); // zero-filled: the padding between tables is zeros
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(searchRange, 6);
  sfnt.writeUInt16BE(entrySelector, 8);
  sfnt.writeUInt16BE(numTables * 16 - searchRange, 10);
  // WOFF keeps the directory sorted by tag, as sfnt requires: the order carries over.
  tables.forEach((table, i) => {
    const entry = SFNT_HEADER + i * SFNT_ENTRY;
    sfnt.writeUInt32BE(table.tag, entry);
    sfnt.writeUInt32BE(table.checksum, entry + 4);
    sfnt.writeUInt32BE(offset, entry + 8);
    sfnt.writeUInt32BE(table.data.length, entry + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}
