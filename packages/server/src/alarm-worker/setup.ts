import type { Kysely } from 'kysely';
import { MqttDeviceLink } from '@playlist-alarms/provider/device-link';
import type { ServerConfig } from '../config';
import type { Database } from '../db/schema';
import { noAccessTokens, type AccessTokenSource } from './access-token-source';
import { systemClock, type WorkerClock } from './clock';
import { PlayerLinks } from './player-links';
import { MqttRinger, type Ringer } from './ringer';
import { SandboxTokenSource } from './sandbox-token-source';
import { AlarmWorker } from './worker';

export interface AlarmWorkerDeps {
  /** The session store's tokens (see access-token-source.ts). */
  accessTokens?: AccessTokenSource;
  workerClock?: WorkerClock;
  ringer?: Ringer;
}

type Log = (level: 'info' | 'warn' | 'error', message: string) => void;

/** The worker as the app runs it: MQTT ringer on the configured broker, the given token source. */
export function createAlarmWorker(
  config: ServerConfig,
  db: Kysely<Database>,
  deps: AlarmWorkerDeps,
  log: Log,
): AlarmWorker {
  const clock = deps.workerClock ?? systemClock;
  // Until the session store is wired in: demo mode against a sandbox mints its own tokens;
  // otherwise each firing's receipt says "failed: no session for the user".
  const tokens =
    deps.accessTokens ??
    (config.sandboxUrl === null ? noAccessTokens : new SandboxTokenSource(config.sandboxUrl));
  const ringer =
    deps.ringer ??
    new MqttRinger(
      new PlayerLinks(tokens, () => new MqttDeviceLink({ brokerUrl: config.provider.brokerUrl, log }), clock),
      clock,
      config.provider.cardLinkHost,
    );
  return new AlarmWorker({ db, ringer, clock, log });
}
