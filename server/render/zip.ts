/**
 * A zip streamed as its files are made (archiver): the files are rendered a few ahead of the one
 * being written (as many as the PDF workers), and the next one is appended only once the archive
 * has taken the previous one, so a request never holds the whole selection in memory.
 */
import type { ZipArchive } from 'archiver';
import { PDF_WORKERS } from './pdf.js';

/** A file name that stays inside the archive: letters, digits, '.', '-', '_' only, no leading dots. */
export function safeEntryName(name: string, max = 100): string {
  const clean = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+/, '')
    .replace(/_+$/, '');
  return (clean || 'file').slice(0, max);
}

/** Distinct names: a repeated one gets '_2', '_3' before its extension. */
export function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((n) => {
    const count = (seen.get(n.toLowerCase()) ?? 0) + 1;
    seen.set(n.toLowerCase(), count);
    if (count === 1) return n;
    const dot = n.lastIndexOf('.');
    return dot > 0 ? `${n.slice(0, dot)}_${count}${n.slice(dot)}` : `${n}_${count}`;
  });
}

/**
 * The zip of `count` files: `make(i)` renders file i (name and content). Answers the archive at
 * once (to be sent as the response) and fills it in the background; a failure destroys the stream.
 * `store`: the files are put in as they are (for PDFs), not deflated.
 */
export async function streamZip(
  count: number,
  make: (i: number) => Promise<{ name: string; content: Buffer | string }>,
  opts: { store?: boolean } = {},
): Promise<ZipArchive> {
  // loaded with the first zip, not with the server (issue 27: the start's modules)
  const { ZipArchive } = await import('archiver');
  // PDFs are compressed already: storing them spares the CPU a second deflate for a few per cent
  const archive = new ZipArchive(opts.store ? { store: true } : { zlib: { level: 6 } });
  const ahead = Math.max(2, PDF_WORKERS * 2);
  (async () => {
    const running = new Map<number, Promise<{ name: string; content: Buffer | string }>>();
    const launch = (i: number) => {
      if (i >= count || running.has(i)) return;
      const file = make(i);
      file.catch(() => {}); // awaited in order below; one failing ahead of its turn is not unhandled
      running.set(i, file);
    };
    for (let i = 0; i < Math.min(ahead, count); i++) launch(i);
    for (let i = 0; i < count; i++) {
      // the client went away: stop making files
      if (archive.destroyed) return;
      const file = await running.get(i)!;
      running.delete(i);
      launch(i + ahead);
      const taken = new Promise((resolve) => archive.once('entry', resolve));
      archive.append(typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content, {
        name: file.name,
      });
      await taken;
    }
    await archive.finalize();
  })().catch((e) => {
    archive.destroy(e instanceof Error ? e : new Error(String(e)));
  });
  return archive;
}
