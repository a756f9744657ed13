// archiver 8 is ESM with classes and ships no types; the part the server uses.
declare module 'archiver' {
  import type { Readable } from 'node:stream';
  export class ZipArchive extends Readable {
    constructor(options?: { zlib?: { level?: number }; store?: boolean });
    append(source: Buffer | string | Readable, data: { name: string; date?: Date }): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
  }
}
