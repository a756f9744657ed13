// Renders one pdfmake document off the main event loop (a worker thread). Plain JavaScript so it
// runs the same under tsx, Vitest and plain Node. Standard Helvetica only: no file or URL access.
import { parentPort } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';

// Rendering is batch work: on Linux the nice value is per thread, so this thread alone steps
// back and the cores go first to the event loops answering staff's lists and forms (a zip of
// many documents on a busy server slows itself, not everybody's clicks). Elsewhere it would
// apply to the whole process, so it is left alone there.
if (process.platform === 'linux') {
  try {
    setPriority(10);
  } catch {
    /* not allowed: render at the normal priority */
  }
}

const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake');
const STANDARD = ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique'];
pdfmake.setFonts({
  Helvetica: {
    normal: 'Helvetica',
    bold: 'Helvetica-Bold',
    italics: 'Helvetica-Oblique',
    bolditalics: 'Helvetica-BoldOblique',
  },
});
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => STANDARD.includes(path));
// table layouts are functions, which cannot cross threads: documents name them
pdfmake.addTableLayouts({
  // a framed box in the studio's colour (the payment notice)
  studioBox: { hLineColor: () => '#1a3d6d', vLineColor: () => '#1a3d6d', hLineWidth: () => 0.8, vLineWidth: () => 0.8 },
});

parentPort.on('message', async ({ id, doc }) => {
  try {
    // a document crosses threads as data: a page footer comes as a template, made a function here
    const { pageFooter, ...rest } = doc;
    const definition = pageFooter
      ? {
          ...rest,
          footer: (page, pages) => ({
            ...pageFooter,
            text: String(pageFooter.text).replace('{page}', page).replace('{pages}', pages),
          }),
        }
      : rest;
    const buffer = await pdfmake.createPdf(definition).getBuffer();
    // copied, not transferred: a small Buffer may share Node's pooled memory
    parentPort.postMessage({ id, buffer });
  } catch (e) {
    parentPort.postMessage({ id, error: String(e?.message ?? e) });
  }
});
