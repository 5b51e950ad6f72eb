import { createHash } from 'node:crypto';
import { crc32, deflateSync, gzipSync } from 'node:zlib';

/**
 * Artifact content as the embedded backend stores it: `artifacts.content` is text, so textual types (text/*, JSON,
 * YAML, XML, CSV) are stored as they are and every other type (images, archives) as base64. `size` is always the
 * byte length of the decoded content and `checksum` its SHA-256 in hex, so a download can be verified.
 */

const TEXTUAL = /^(text\/|application\/(json|x-ndjson|yaml|x-yaml|xml|csv|javascript)\b)|\+json\b|\+xml\b/i;

export function isTextualContentType(contentType: string | null | undefined): boolean {
  return TEXTUAL.test(contentType ?? 'application/octet-stream');
}

export interface StoredArtifactContent {
  content: string;
  size: number;
  checksum: string;
}

/** The columns for a piece of content of a type. */
export function storeArtifactContent(data: Buffer | string, contentType: string): StoredArtifactContent {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
  return {
    content: isTextualContentType(contentType) ? bytes.toString('utf8') : bytes.toString('base64'),
    size: bytes.length,
    checksum: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** The bytes of stored content. */
export function artifactBytes(content: string, contentType: string | null): Buffer {
  return isTextualContentType(contentType) ? Buffer.from(content, 'utf8') : Buffer.from(content, 'base64');
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A small bar chart as a real PNG (RGB, one bar per value, 0–1), for the demo's image artifacts. */
export function barChartPng(values: readonly number[], width = 160, height = 64): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  const barWidth = Math.max(1, Math.floor(width / Math.max(1, values.length)));
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3, 255);
    row[0] = 0; // no filter
    for (let x = 0; x < width; x++) {
      const v = values[Math.floor(x / barWidth)] ?? 0;
      const filled = height - y <= Math.round(v * height) && x % barWidth !== barWidth - 1;
      if (filled) {
        const bad = v > 0.8;
        row[1 + x * 3] = bad ? 220 : 37;
        row[2 + x * 3] = bad ? 38 : 99;
        row[3 + x * 3] = bad ? 38 : 235;
      }
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A gzip file of a text (the demo's compressed log bundles). */
export function gzipText(text: string): Buffer {
  return gzipSync(Buffer.from(text, 'utf8'));
}
