/** The part of mailparser (no types of its own) the tests use: simpleParser's parsed message. */
declare module 'mailparser' {
  export interface AddressObject {
    value: Array<{ address?: string; name: string }>;
    text: string;
  }
  export interface Attachment {
    filename?: string;
    contentType: string;
    content: Buffer;
    size: number;
  }
  export interface ParsedMail {
    subject?: string;
    messageId?: string;
    date?: Date;
    text?: string;
    html?: string | false;
    from?: AddressObject;
    to?: AddressObject | AddressObject[];
    cc?: AddressObject | AddressObject[];
    attachments: Attachment[];
    headers: Map<string, unknown>;
  }
  export function simpleParser(source: Buffer | string | NodeJS.ReadableStream): Promise<ParsedMail>;
}
