/**
 * One outbox row as a MIME message (nodemailer's MailComposer): the worker sends exactly these
 * bytes, and the `.eml` download is the same message (same Message-ID, Date, boundaries).
 */
import { createHash } from 'node:crypto';
import MailComposer, { type MailComposerOptions } from 'nodemailer/lib/mail-composer';
import type { OutboxMessage } from './queries.js';

/** the bare address of 'Name <address>' (or of a bare address) */
export const addressOf = (from: string) => (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();

/**
 * The message's Message-ID: the one it was sent with, else one made from the row (the same at
 * every attempt, so a message sent twice after a crash is recognisably the same message).
 */
export function messageIdOf(m: Pick<OutboxMessage, 'id' | 'messageId' | 'createdMs' | 'from'>): string {
  return m.messageId ?? `<outbox.${m.id}.${Math.round(m.createdMs)}@${addressOf(m.from).split('@')[1] || 'localhost'}>`;
}

function composerOptions(m: OutboxMessage, date: Date): MailComposerOptions {
  const messageId = messageIdOf(m);
  return {
    from: m.from,
    to: m.to,
    ...(m.cc.length ? { cc: m.cc } : {}),
    subject: m.subject,
    text: m.text,
    ...(m.html ? { html: m.html } : {}),
    attachments: m.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
    messageId,
    date,
    // the same boundaries each time the row is composed: the .eml is the message as sent
    baseBoundary: createHash('sha256').update(messageId).digest('hex').slice(0, 24),
    newline: 'win',
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** The message's bytes with `date` as its Date. */
export function buildMessage(m: OutboxMessage, date: Date): Promise<Buffer> {
  return new MailComposer(composerOptions(m, date)).compile().build();
}

/** The `.eml` of a row: as it was sent (its Date the sending's), else as it was written. */
export const emlOf = (m: OutboxMessage) => buildMessage(m, new Date(m.sentMs ?? m.createdMs));

/** Who the SMTP server is told to deliver to: every recipient and copy. */
export const envelopeOf = (m: OutboxMessage) => ({ from: addressOf(m.from), to: [...m.to, ...m.cc] });
