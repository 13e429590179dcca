import type { Kysely } from 'kysely';
import { AccountLinks } from '@playlist-alarms/provider/account-links';
import type { PlayerLink } from '@playlist-alarms/provider/device-link-types';
import type { ServerConfig } from '../config';
import type { Database } from '../db/schema';
import type { AccessTokenSource } from './access-token-source';
import { systemClock, type WorkerClock } from './clock';
import { PlayerLinks } from './player-links';
import { providerPlayerSettings } from './player-settings';
import { MqttRinger, type Ringer } from './ringer';
import { SandboxTokenSource } from './sandbox-token-source';
import { AlarmWorker } from './worker';
import { faultHoldAt, noFaultHold } from './fault-hold';
import { HoldRunner } from './hold-runner';
import { withHouseholdFallback } from '../household/household-tokens';
import { RetentionPurge } from './retention-purge';
import type { PlayerConfigAccess } from '../alarm-holds/player-config';
import type { FiringReceiptListener } from '../push/alarm-not-played-notice';
import type { OfflineAtPrepareListener } from '../push/offline-at-prepare-notice';

export interface AlarmWorkerDeps {
  /** Tokens to fire with, instead of the session store's (tests). */
  accessTokens?: AccessTokenSource;
  workerClock?: WorkerClock;
  ringer?: Ringer;
}

type Log = (level: 'info' | 'warn' | 'error', message: string) => void;

/** The worker as the app runs it: MQTT ringer on the configured broker, the given token source. */
export function createAlarmWorker(
  config: ServerConfig,
  db: Kysely<Database>,
  deps: AlarmWorkerDeps & { sessions: AccessTokenSource },
  log: Log,
  listeners: { onReceipt?: FiringReceiptListener; onOfflineAtPrepare?: OfflineAtPrepareListener } = {},
): AlarmWorker {
  const clock = deps.workerClock ?? systemClock;
  // An alarm fires with its creator's token, or another parent's of the family (household-tokens.ts).
  const tokens = withHouseholdFallback(workerTokens(config, deps), db);
  const ringer =
    deps.ringer ??
    new MqttRinger(
      new PlayerLinks(tokens, playerLinkFactory(config.provider.brokerUrl, log), clock),
      clock,
      config.provider.cardLinkHost,
      providerPlayerSettings(config.provider.apiBase, tokens),
    );
  const faultHold =
    config.alarmWorkerFaultHold === null ? noFaultHold : faultHoldAt(config.alarmWorkerFaultHold);
  return new AlarmWorker({ db, ringer, clock, log, faultHold, ...listeners });
}

/**
 * The worker's player links: one MQTT session per account, each player a SUBSCRIBE on it, rather
 * than a login per player (docs/scale.md, step 3).
 */
function playerLinkFactory(brokerUrl: string, log: Log): () => PlayerLink {
  const accounts = new AccountLinks({ brokerUrl, log });
  return () => accounts.link();
}

/** The hold runner of the process, on the worker's clock and tokens (started with the worker). */
export function createHoldRunner(
  config: ServerConfig,
  db: Kysely<Database>,
  deps: AlarmWorkerDeps & { sessions: AccessTokenSource },
  players: PlayerConfigAccess,
  log: Log,
): HoldRunner {
  const clock = deps.workerClock ?? systemClock;
  return new HoldRunner({ db, clock, tokens: workerTokens(config, deps), players, log });
}

/** The tokens the worker and its runners act with. */
export const workerTokens = (config: ServerConfig, deps: AlarmWorkerDeps & { sessions: AccessTokenSource }) =>
  deps.accessTokens ?? withSandboxFallback(deps.sessions, config.sandboxUrl);

/**
 * The session store's tokens. Against a sandbox running apart (SANDBOX_URL) a user who has no server
 * session yet (signed in before sessions existed) gets a token the sandbox mints, so demo fleets ring.
 */
function withSandboxFallback(sessions: AccessTokenSource, sandboxUrl: string | null): AccessTokenSource {
  if (sandboxUrl === null) return sessions;
  const sandbox = new SandboxTokenSource(sandboxUrl);
  return {
    accessTokenFor: async (userId) =>
      (await sessions.accessTokenFor(userId)) ?? sandbox.accessTokenFor(userId),
  };
}

/** The alarm history's hourly purge (started with the worker). */
export const createRetentionPurge = (db: Kysely<Database>, deps: AlarmWorkerDeps, log: Log): RetentionPurge =>
  new RetentionPurge({ db, clock: deps.workerClock ?? systemClock, log });
