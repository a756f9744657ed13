/**
 * A value a request may send as itself (a JSON body) or as its JSON text (a query string, a form
 * field): the text parsed, undefined when it is not JSON; any other value as it is.
 */
export function fromJsonText(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
