import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db, Dialect } from './db/index.ts';
import type { SessionResolver } from './http/auth.ts';
import type { GroupMembership } from './modules/groups/membership.ts';
import type { Hub } from './realtime/hub.ts';

/** What every module gets: config, database, the socket hub and the session resolver. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  hub: Hub;
  sessions: SessionResolver;
  log: FastifyBaseLogger;
  secret: string;
  /** cached read side of groups, shared so that group writes invalidate what sending reads */
  groups: GroupMembership;
}
