/**
 * The answers of the public area's calls (server/areas/accountLifecycle, C59–C65: registration,
 * contact form, activation, password recovery): one source for the server's answer schemas and the
 * app's types (imported as types only by the app).
 */
import { z } from 'zod';

/** What each of them answers: the Italian sentence the page shows. */
export const PublicAnswer = z.object({ message: z.string() });
export type PublicAnswer = z.infer<typeof PublicAnswer>;
