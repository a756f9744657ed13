/**
 * The server's check of an image field beyond its `data:image/…;base64,` prefix (the shared
 * rule, model/validate.ts): the bytes must decode as an image of the declared kind (image-size
 * reads the header), within a size the documents can embed. Any other bytes behind a valid
 * prefix are refused with the same message.
 */
import { imageSize } from 'image-size';
import type { ModelDef } from '../../model/define.js';
import { IMAGE_MESSAGE, type FieldErrors } from '../../model/validate.js';
import { isEmpty } from '../../model/validators.js';

/** What image-size calls each declared kind. */
const KIND: Record<string, string[]> = { png: ['png'], gif: ['gif'], jpeg: ['jpg'], bmp: ['bmp'] };
/** Larger pictures are no logo or avatar (and would cost memory when a document embeds them). */
const MAX_SIDE = 8000;

/** Whether a data URL carries a real image of the kind it declares. */
export function isRealImage(dataUrl: string): boolean {
  const m = /^data:image\/(png|gif|jpeg|bmp);base64,([A-Za-z0-9+/]*={0,2})$/i.exec(dataUrl.trim());
  if (!m) return false;
  const bytes = Buffer.from(m[2]!, 'base64');
  try {
    const info = imageSize(bytes);
    return KIND[m[1]!.toLowerCase()]!.includes(String(info.type))
      && info.width > 0 && info.height > 0 && info.width <= MAX_SIDE && info.height <= MAX_SIDE;
  } catch {
    return false;
  }
}

/** Adds the message to image fields whose bytes are no image of the declared kind. */
export function checkImages(model: ModelDef, input: Record<string, unknown>, errors: FieldErrors) {
  for (const [name, fd] of Object.entries(model.fields)) {
    if (!fd.rules?.includes('image') || errors[name] || !(name in input) || isEmpty(input[name])) continue;
    if (!isRealImage(String(input[name]))) errors[name] = [IMAGE_MESSAGE];
  }
}
