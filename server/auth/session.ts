/**
 * Identity of each request: verifies the bearer token, checks it is not revoked and the user
 * is still active, and loads the role's permissions (cached briefly per role).
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { RoleName } from '../../model/define.js';
import type { Ctx } from './context.js';
import type { Tokens } from './tokens.js';
import type { Exec } from '../records/exec.js';
import { HttpError, MSG } from '../errors.js';

const PERMISSION_TTL_MS = 30_000;

export class Sessions {
  private permCache = new Map<number, { at: number; names: Set<string> }>();
  constructor(private tokens: Tokens, private exec: Exec) {}

  invalidatePermissions() { this.permCache.clear(); }

  private async permissions(roleId: number): Promise<Set<string>> {
    const hit = this.permCache.get(roleId);
    if (hit && Date.now() - hit.at < PERMISSION_TTL_MS) return hit.names;
    const rows = await this.exec(sql`SELECT p."name" FROM "role_permissions" rp JOIN "permissions" p ON p."id" = rp."permission_id" WHERE rp."role_id" = ${roleId}`);
    const names = new Set(rows.map((r) => String(r.name)));
    this.permCache.set(roleId, { at: Date.now(), names });
    return names;
  }

  /** The caller, or a 401. */
  async authenticate(req: FastifyRequest): Promise<Ctx> {
    const header = req.headers.authorization ?? '';
    const m = /^Bearer\s+(.+)$/i.exec(header);
    if (!m) throw new HttpError(401, MSG.unauthenticated);
    const claims = await this.tokens.verify(m[1].trim());
    if (!claims) throw new HttpError(401, MSG.unauthenticated);
    const rows = await this.exec(sql`SELECT u."id", u."name", u."email", u."studio_id", u."role_id", r."name" AS "role", s."name" AS "studio_name"
      FROM "users" u JOIN "roles" r ON r."id" = u."role_id" JOIN "studios" s ON s."id" = u."studio_id"
      WHERE u."id" = ${claims.id} AND u."active" AND u."deleted_at" IS NULL AND s."deleted_at" IS NULL
        AND NOT EXISTS (SELECT 1 FROM "revoked_tokens" x WHERE x."jti" = ${claims.jti})`);
    if (!rows.length) throw new HttpError(401, MSG.unauthenticated);
    const u = rows[0];
    return {
      userId: Number(u.id), name: String(u.name), email: String(u.email), role: u.role as RoleName,
      studioId: Number(u.studio_id), studioName: String(u.studio_name ?? ''),
      permissions: await this.permissions(Number(u.role_id)), jti: claims.jti,
    };
  }
}
