/** The answers of the Word templates (server/areas/wordTemplates, C74): one source for the server and the app. */
import { z } from 'zod';

/** C74: a tag a template may use, with its meaning and group. */
export const ReplaceKey = z.object({ key: z.string(), tag: z.string(), description: z.string(), group: z.string() });
export type ReplaceKey = z.infer<typeof ReplaceKey>;
