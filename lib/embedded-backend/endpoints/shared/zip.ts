import { crc32, deflateRawSync } from 'node:zlib';

/** A minimal ZIP writer (deflate, no streaming) for the snapshot download; enough for a few small files. */
export function buildZip(files: { name: string; content: string | Buffer }[], date = new Date()): Buffer {
  const dosTime =
    ((date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2)) & 0xffff;
  const dosDate =
    (((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate()) & 0xffff;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const data = Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8');
    const compressed = deflateRawSync(data);
    const name = Buffer.from(file.name, 'utf8');
    const crc = crc32(data);
    const entry: EntryFields = {
      dosTime,
      dosDate,
      crc,
      compressedSize: compressed.length,
      size: data.length,
      name,
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    writeEntryFields(local, 6, entry);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    writeEntryFields(central, 8, entry);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

interface EntryFields {
  dosTime: number;
  dosDate: number;
  crc: number;
  compressedSize: number;
  size: number;
  name: Buffer;
}

/**
 * The run of fields a local header and its central directory entry share, in the same order (flags through name
 * length, APPNOTE 4.3.7 and 4.3.12); the central entry has one more field before it (version made by).
 */
function writeEntryFields(header: Buffer, at: number, entry: EntryFields): void {
  header.writeUInt16LE(0x0800, at); // UTF-8 names
  header.writeUInt16LE(8, at + 2); // deflate
  header.writeUInt16LE(entry.dosTime, at + 4);
  header.writeUInt16LE(entry.dosDate, at + 6);
  header.writeUInt32LE(entry.crc, at + 8);
  header.writeUInt32LE(entry.compressedSize, at + 12);
  header.writeUInt32LE(entry.size, at + 16);
  header.writeUInt16LE(entry.name.length, at + 20);
}
