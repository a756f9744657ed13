// ra-language-italian 3.13.1 is a CommonJS package shipped without type declarations.
declare module 'ra-language-italian' {
  import type { TranslationMessages } from 'react-admin';

  const italianMessages: TranslationMessages;
  export default italianMessages;
}
