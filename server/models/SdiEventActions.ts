/** The actions of an event of an e-invoice's life through SdI (issue 28): its XML. */
import { z } from 'zod';
import { sdiEventXml } from '../areas/sdi/service.js';
import { attachment } from '../routes/download.js';
import { defineAction } from './action.js';

export const SdiEventActions = {
  xml: defineAction({
    method: 'GET',
    tags: ['SdI'],
    summary: "L'XML di un evento: il file inviato o la ricevuta di SdI",
    response: { 200: z.any().describe('il file XML') },
    async handler({ deps, ctx, id, reply }) {
      const x = await sdiEventXml(deps.exec, ctx, id);
      return reply.header('Content-Disposition', attachment(x.fileName)).type('application/xml').send(x.xml);
    },
  }),
};
