/** The actions of an event of an e-invoice's life through SdI (issue 28): its XML. */
import { z } from 'zod';
import { sdiEventXml } from '../areas/sdi/service.js';
import { fileAction } from './action.js';

export const SdiEventActions = {
  xml: fileAction({
    tags: ['SdI'],
    summary: "L'XML di un evento: il file inviato o la ricevuta di SdI",
    content: z.any().describe('il file XML'),
    async file({ deps, ctx, id }) {
      const x = await sdiEventXml(deps.exec, ctx, id);
      return { name: x.fileName, type: 'application/xml', body: x.xml };
    },
  }),
};
