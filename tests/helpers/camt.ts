/** The CAMT.053 statements the tests send, written by the same writer the demo data uses. */
export { camt053, type CamtEntry } from '../../server/areas/collections/camtWriter.js';
