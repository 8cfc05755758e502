import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../model';
import type { UserOfAccount } from './account-users';
import type { Db } from './db';
import { findPersona } from './personas';
import { accountTable } from './store/accounts';
import { sessionTable, type SessionRecord } from './store/sessions';

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
  of(request: FastifyRequest): Session | undefined;
  /** Makes a fresh account from the persona and starts a new session for it (a fresh id, never the old one), setting its cookie. */
  signIn(request: FastifyRequest, reply: FastifyReply, personaId: string, lang: string): Session;
}

/** Session handling over the database; `secure` adds the Secure flag (https deployments). */
export function createSessions(db: Db, options: { secure: boolean; now: () => number; userOf: UserOfAccount }): Sessions {
  const table = sessionTable(db);
  const accounts = accountTable(db);
  const resolved = new WeakMap<FastifyRequest, Session | undefined>();

  function tokenOf(request: FastifyRequest): string | undefined {
    const raw = request.cookies[SESSION_COOKIE];
    if (raw === undefined) return undefined;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid && unsigned.value !== null ? unsigned.value : undefined;
  }

  function lookup(request: FastifyRequest): Session | undefined {
    const token = tokenOf(request);
    if (token === undefined) return undefined;
    const record = table.find(token);
    if (record === undefined || options.now() - record.createdAt > MAX_AGE_SECONDS * 1000) return undefined;
    const user = options.userOf(record.personaId, record.accountId);
    return user === undefined ? undefined : { ...record, user };
  }

  return {
    of(request) {
      if (!resolved.has(request)) resolved.set(request, lookup(request));
      return resolved.get(request);
    },
    signIn(request, reply, personaId, lang) {
      const persona = findPersona(personaId);
      if (persona === undefined) throw new Error(`unknown persona ${personaId}`);
      const previous = tokenOf(request);
      if (previous !== undefined) table.remove(previous);
      const account = accounts.create(persona.id, Number(persona.user.user_id), options.now());
      const { token, session } = table.create(personaId, account.userId, lang, options.now());
      reply.setCookie(SESSION_COOKIE, token, {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secure,
        path: '/',
        maxAge: MAX_AGE_SECONDS,
      });
      const user = options.userOf(persona.id, account.userId);
      if (user === undefined) throw new Error(`no user for persona ${personaId}`);
      const signedIn: Session = { ...session, user };
      resolved.set(request, signedIn);
      return signedIn;
    },
  };
}
