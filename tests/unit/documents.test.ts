import { describe, it, expect } from 'vitest';
import { safeEntryName, uniqueNames } from '../../server/render/zip';
import { epcPayload } from '../../server/areas/documents/epcQr';
import { ibanText } from '../../server/render/frame';

describe('zip entry names', () => {
  it('cannot leave the archive: no path separators, no leading dots, only letters, digits, . - _', () => {
    expect(safeEntryName('../../etc/passwd')).toBe('etc_passwd');
    expect(safeEntryName('..\\..\\windows\\system32')).toBe('windows_system32');
    expect(safeEntryName('/abs/path.pdf')).toBe('abs_path.pdf');
    expect(safeEntryName('Società Ça va <b>')).toBe('Societa_Ca_va_b');
    expect(safeEntryName('...')).toBe('file');
    expect(safeEntryName('x'.repeat(300))).toHaveLength(100);
  });
  it('repeated names get a counter before the extension', () => {
    expect(uniqueNames(['a.pdf', 'A.pdf', 'a.pdf', 'b'])).toEqual(['a.pdf', 'A_2.pdf', 'a_3.pdf', 'b']);
  });
});

describe('EPC069-12 payload', () => {
  it('version 002, UTF-8, SCT, no BIC needed, amount with a dot and two decimals, text cut at 140 and on one line', () => {
    const p = epcPayload({
      name: 'Studio Demo',
      iban: 'it60 x054 2811 1010 0000 0123 456',
      amount: 1234.5,
      remittance: `Riga\nuno ${'x'.repeat(200)}`,
    }).split('\n');
    expect(p).toHaveLength(11);
    expect(p.slice(0, 7)).toEqual(['BCD', '002', '1', 'SCT', '', 'Studio Demo', 'IT60X0542811101000000123456']);
    expect(p[7]).toBe('EUR1234.50');
    expect(p[10]!.startsWith('Riga uno x')).toBe(true);
    expect(p[10]).toHaveLength(140);
  });
  it('refuses amounts outside 0.01–999,999,999.99', () => {
    expect(() => epcPayload({ name: 'S', iban: 'IT60X0542811101000000123456', amount: 0, remittance: '' })).toThrow();
    expect(() =>
      epcPayload({ name: 'S', iban: 'IT60X0542811101000000123456', amount: 1e12, remittance: '' }),
    ).toThrow();
  });
  it('prints an IBAN in groups of four', () => {
    expect(ibanText('it60x0542811101000000123456')).toBe('IT60 X054 2811 1010 0000 0123 456');
  });
});

describe('PDF rendering threads', () => {
  it.runIf(process.platform === 'linux')(
    'render at a lower priority than the thread answering requests (nice 10 against 0)',
    async () => {
      const { renderPdf } = await import('../../server/render/pdf');
      const { getPriority } = await import('node:os');
      const { readdirSync, readFileSync } = await import('node:fs');
      const pdf = await renderPdf({ content: ['Prova'] });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // field 19 of /proc/self/task/<tid>/stat is the thread's nice value
      const nices = readdirSync('/proc/self/task').map((t) => {
        const st = readFileSync(`/proc/self/task/${t}/stat`, 'utf8');
        return Number(st.slice(st.lastIndexOf(')') + 2).split(' ')[16]);
      });
      expect(nices).toContain(10);
      expect(getPriority()).toBe(0);
    },
    // the rendering thread runs at nice 10 — on a busy machine it gets the CPU last, which is the
    // point: its first render (the fonts loaded) took over vitest's 5 s with a CI run beside it
    60_000,
  );
});
