/**
 * The Word templates area's public file: what the other areas may use (filling a template, its
 * placeholders, a template's file and customers, and the bounded .docx engine other templates use).
 * Everything else in this folder is the area's own (tests/unit/importGraph.test.ts).
 */
export {
  REMINDER_KEYS,
  REPLACE_KEYS,
  templateFiller,
  compileDocx,
  compileMessage,
  docxLibrary,
  openDocx,
  type DocxLibrary,
} from './template.js';
export { templateCustomers, templateFile } from './queries.js';
