/**
 * The studio area's public file: what other areas read of the studio — its letterhead, as every
 * document prints it.
 */
export { studioData } from './letterheadQueries.js';
