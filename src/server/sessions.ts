import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../model';
import type { UserOfAccount } from './account-users';
import { findPersona } from './personas';
import type { AccountTable } from './store/accounts';
import type { SessionRecord, SessionTable } from './store/sessions';

/** The name of the signed, HttpOnly session cookie. */
export const SESSION_COOKIE = 'cancel_session';

const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** A valid session with the user it signs in. */
export interface Session extends SessionRecord {
  user: User;
}

/** Reads and creates sessions from the signed cookie. */
export interface Sessions {
  /** The request's session, or undefined when the cookie is absent, forged, expired or unknown. Memoized per request. */
  of(request: FastifyRequest): Promise<Session | undefined>;
  /** Makes a fresh account from the persona and starts a new session for it (a fresh id, never the old one), setting its cookie. */
  signIn(request: FastifyRequest, reply: FastifyReply, personaId: string, lang: string): Promise<Session>;
}

/** Session handling over the store's sessions and accounts; `secure` adds the Secure flag (https deployments). */
export function createSessions(
  table: SessionTable,
  accounts: AccountTable,
  options: { secure: boolean; now: () => number; userOf: UserOfAccount },
): Sessions {
  const resolved = new WeakMap<FastifyRequest, Promise<Session | undefined>>();

  function tokenOf(request: FastifyRequest): string | undefined {
    const raw = request.cookies[SESSION_COOKIE];
    if (raw === undefined) return undefined;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid && unsigned.value !== null ? unsigned.value : undefined;
  }

  async function lookup(request: FastifyRequest): Promise<Session | undefined> {
    const token = tokenOf(request);
    if (token === undefined) return undefined;
    const record = await table.find(token);
    if (record === undefined || options.now() - record.createdAt > MAX_AGE_SECONDS * 1000) return undefined;
    const user = await options.userOf(record.personaId, record.accountId);
    return user === undefined ? undefined : { ...record, user };
  }

  return {
    of(request) {
      let session = resolved.get(request);
      if (session === undefined) {
        session = lookup(request);
        resolved.set(request, session);
      }
      return session;
    },
    async signIn(request, reply, personaId, lang) {
      const persona = findPersona(personaId);
      if (persona === undefined) throw new Error(`unknown persona ${personaId}`);
      const previous = tokenOf(request);
      if (previous !== undefined) await table.remove(previous);
      const account = await accounts.create(persona.id, Number(persona.user.user_id), options.now());
      const { token, session } = await table.create(personaId, account.userId, lang, options.now());
      reply.setCookie(SESSION_COOKIE, token, {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secure,
        path: '/',
        maxAge: MAX_AGE_SECONDS,
      });
      const user = await options.userOf(persona.id, account.userId);
      if (user === undefined) throw new Error(`no user for persona ${personaId}`);
      const signedIn: Session = { ...session, user };
      resolved.set(request, Promise.resolve(signedIn));
      return signedIn;
    },
  };
}
