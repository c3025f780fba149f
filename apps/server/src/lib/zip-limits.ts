import { inflateRawSync } from 'node:zlib';

export interface ZipLimits {
  /** What every entry may add up to once inflated. */
  maxInflatedBytes: number;
  maxEntries: number;
}

/** A zip's entries as inflated, by name. */
export type ZipEntries = Map<string, Buffer>;

/** Why a zip is refused, in words the caller turns into its own message. */
export class ZipRefused extends Error {}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/**
 * Inflates a zip (an .xlsx) within limits, before any parser sees it: a 516 KB workbook can inflate to 500 MB,
 * and a parser that trusts it takes seconds and a gigabyte. The sizes the central directory declares are added
 * up first (nothing inflated); then each entry is inflated with the size it declared as its ceiling, so one that
 * lied stops there. Memory and work are bounded by `maxInflatedBytes`. Only stored and deflated entries, as every
 * spreadsheet writes; anything else (encryption, zip64, another method) is refused.
 */
export function inflateZip(zip: Buffer, limits: ZipLimits): ZipEntries {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > zip.length || zip.readUInt32LE(end) !== END_OF_DIRECTORY) {
    throw new ZipRefused('no central directory');
  }
  const count = zip.readUInt16LE(end + 10);
  if (count > limits.maxEntries) throw new ZipRefused('too many entries');
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntries = new Map();
  let declared = 0;
  const found: { name: string; method: number; compressed: number; size: number; local: number }[] = [];
  for (let index = 0; index < count; index++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipRefused('bad directory');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    if (flags & 0x1) throw new ZipRefused('encrypted');
    if (method !== 0 && method !== 8) throw new ZipRefused('compression method');
    if (size === 0xffffffff || compressed === 0xffffffff || local === 0xffffffff) throw new ZipRefused('zip64');
    declared += size;
    if (declared > limits.maxInflatedBytes) throw new ZipRefused('too large inflated');
    found.push({ name: zip.toString('utf8', at + 46, at + 46 + nameLength), method, compressed, size, local });
    at += 46 + nameLength + extraLength + commentLength;
  }
  for (const entry of found) {
    const { local } = entry;
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_HEADER) throw new ZipRefused('bad entry');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + entry.compressed);
    if (data.length !== entry.compressed) throw new ZipRefused('entry cut short');
    let inflated: Buffer;
    try {
      // One byte over what it declared is enough to know it lied.
      inflated = entry.method === 0 ? data : inflateRawSync(data, { maxOutputLength: entry.size + 1 });
    } catch {
      throw new ZipRefused('entry does not inflate to its declared size');
    }
    if (inflated.length !== entry.size) throw new ZipRefused('entry does not inflate to its declared size');
    entries.set(entry.name, inflated);
  }
  return entries;
}
