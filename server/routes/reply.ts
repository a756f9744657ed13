import type { FastifyReply } from 'fastify';

/**
 * Sends JSON the database already wrote as text (a large answer built by one SQL statement):
 * Fastify sends a string with a JSON content type as it is, without serialising it again.
 */
export const sendJsonText = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);
