/**
 * Identity of each request: verifies the bearer token, checks it is not revoked and the user
 * is still active, and loads the role's permissions (cached briefly per role).
 */
import type { FastifyRequest } from 'fastify';
import type { RoleName } from '../../model/define.js';
import type { Ctx } from './context.js';
import type { Tokens } from './tokens.js';
import type { Exec } from '../records/exec.js';
import { HttpError, MSG } from '../errors.js';
import { rolePermissions, sessionUser } from './queries.js';
import type { Database } from '../db/connection.js';

const PERMISSION_TTL_MS = 30_000;
/**
 * How long a verified (user, token) pair is trusted without asking the database again.
 * Short, so a deactivation or a logout in another process takes effect within seconds;
 * a logout in this process takes effect at once.
 */
const USER_TTL_MS = 3_000;

type UserRow = Omit<Ctx, 'permissions' | 'jti'> & { roleId: number };

/** The channel on which every server process hears that cached session checks are stale. */
export const SESSIONS_CHANNEL = 'gs_sessions';
type Bus = Pick<Database, 'listen' | 'notify'>;

export class Sessions {
  private permCache = new Map<number, { at: number; names: Set<string> }>();
  private userCache = new Map<string, { at: number; user: UserRow }>();
  constructor(
    private tokens: Tokens,
    private exec: Exec,
    private bus?: Bus,
  ) {}

  invalidatePermissions() {
    this.permCache.clear();
  }

  /**
   * Hear the other processes (production runs several on one PostgreSQL): a change of users,
   * roles or permissions, or a logout, elsewhere drops the matching cached checks here at once.
   */
  async listen(): Promise<() => Promise<void>> {
    if (!this.bus) return async () => undefined;
    return this.bus.listen(
      SESSIONS_CHANNEL,
      (payload) => {
        if (payload.startsWith('jti:')) this.forget(payload.slice(4));
        else {
          this.forget();
          this.invalidatePermissions();
        }
      },
      () => {
        // the listening connection was lost and is back: what was sent meanwhile was missed
        this.forget();
        this.invalidatePermissions();
      },
    );
  }

  /** Users, roles, permissions or studios changed: every process drops its cached checks. */
  async changed() {
    this.forget();
    this.invalidatePermissions();
    await this.bus?.notify(SESSIONS_CHANNEL, 'all');
  }

  /** A token was revoked: every process forgets it. */
  async revoked(jti: string) {
    this.forget(jti);
    await this.bus?.notify(SESSIONS_CHANNEL, `jti:${jti}`);
  }

  /** Forget cached checks of a token (logout) or of every token (user changes). */
  forget(jti?: string) {
    if (!jti) {
      this.userCache.clear();
      return;
    }
    for (const key of this.userCache.keys()) if (key.endsWith(`|${jti}`)) this.userCache.delete(key);
  }

  private async user(id: number, jti: string, epoch: number): Promise<UserRow | null> {
    const key = `${id}|${jti}`;
    const hit = this.userCache.get(key);
    if (hit && Date.now() - hit.at < USER_TTL_MS) return hit.user;
    const u = await sessionUser(this.exec, id, jti, epoch);
    if (!u) {
      this.userCache.delete(key);
      return null;
    }
    const user: UserRow = {
      userId: Number(u.id),
      name: String(u.name),
      email: String(u.email),
      role: u.role as RoleName,
      studioId: Number(u.studio_id),
      studioName: String(u.studio_name ?? ''),
      roleId: Number(u.role_id),
      subscriptionExpired: u.expired === true,
    };
    if (this.userCache.size > 10_000) this.userCache.clear();
    this.userCache.set(key, { at: Date.now(), user });
    return user;
  }

  private async permissions(roleId: number): Promise<Set<string>> {
    const hit = this.permCache.get(roleId);
    if (hit && Date.now() - hit.at < PERMISSION_TTL_MS) return hit.names;
    const names = await rolePermissions(this.exec, roleId);
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
    const u = await this.user(claims.id, claims.jti, claims.sv);
    if (!u) throw new HttpError(401, MSG.unauthenticated);
    const { roleId, ...rest } = u;
    return { ...rest, permissions: await this.permissions(roleId), jti: claims.jti };
  }
}
