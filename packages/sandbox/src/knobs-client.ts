// A typed client of the sandbox's test knobs (/_sandbox/…), for tests, journeys and the bench in any
// process: each call sends the body the route parses, checks the status, and checks the answer
// against the route's own schema, so a knob that changes breaks its callers at compile or run time.
import type { z } from 'zod';
import type { AccountKey } from './accounts';
import type { clientRegistrationKnobSchema } from './client-registration';
import type { cloudBehaviourSchema } from './cloud-behaviour';
import type { faultsSchema } from './faults';
import {
  behaviourAnswer,
  bluetoothAnswer,
  brokerStatsAnswer,
  buttonAnswer,
  commandsAnswer,
  faultsAnswer,
  issuedTokensAnswer,
  onlineAnswer,
  playerSettingsAnswer,
  playerStateAnswer,
  rawMessageAnswer,
  registrationAnswer,
  resetAnswer,
  revokedAnswer,
  tokenLifetimeAnswer,
  tokenStatsAnswer,
} from './knob-schemas';
import type { environmentBody, rawMessageBody, settingsBody } from './knob-schemas';
import type { bluetoothKnobSchema } from './player-bluetooth';
import type { powerKnobSchema } from './player-battery';

/** A knob answered with an error status, or with a body its schema refuses. */
export class SandboxKnobError extends Error {
  constructor(
    message: string,
    /** The HTTP status (200 when the body was the problem). */
    readonly status: number,
    readonly path: string,
  ) {
    super(message);
    this.name = 'SandboxKnobError';
  }
}

interface KnobsClientOptions {
  /** Another fetch (e.g. one with a timeout); the global one by default. */
  fetch?: typeof fetch;
}

type RawTopic = z.input<typeof rawMessageBody>['topic'];

export type SandboxKnobs = ReturnType<typeof sandboxKnobs>;
export type PlayerKnobs = ReturnType<SandboxKnobs['player']>;

/** The knobs of the sandbox at `baseUrl` (its http URL, e.g. RunningSandbox.url). */
export function sandboxKnobs(baseUrl: string, options: KnobsClientOptions = {}) {
  const fetchImpl = options.fetch ?? fetch;
  const root = baseUrl.replace(/\/+$/, '');

  async function call<T>(path: string, answer: z.ZodType<T>, body?: unknown): Promise<T> {
    const method = body === undefined ? 'GET' : 'POST';
    const url = `/_sandbox/${path}`;
    const response = await fetchImpl(`${root}${url}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) {
      const hint =
        response.status === 404 && !path.startsWith('devices/')
          ? ' (are the knobs on? startSandbox({ knobs: true }) or SANDBOX_KNOBS=1)'
          : '';
      throw new SandboxKnobError(
        `sandbox knob ${method} ${url}: HTTP ${response.status} ${text}${hint}`,
        response.status,
        url,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      throw new SandboxKnobError(`sandbox knob ${method} ${url}: not JSON: ${text.slice(0, 200)}`, 200, url);
    }
    const parsed = answer.safeParse(json);
    if (!parsed.success) {
      throw new SandboxKnobError(
        `sandbox knob ${method} ${url}: unexpected answer: ${parsed.error.message}`,
        response.status,
        url,
      );
    }
    return parsed.data;
  }

  /** The knobs of one simulated player. */
  const player = (deviceId: string) => {
    const at = (knob: string) => `devices/${encodeURIComponent(deviceId)}/${knob}`;
    return {
      /** The whole simulated player, as it is now. */
      state: () => call(at('state'), playerStateAnswer),
      /** Its network up or down (it goes offline to the broker and the cloud). */
      setOnline: (online: boolean) => call(at('online'), onlineAnswer, { online }),
      /** Someone presses a button on it; `changed` says whether it did anything. */
      press: (action: 'pause' | 'resume' | 'stop') => call(at('button'), buttonAnswer, { action }),
      /** Someone holds its left button (3 s leave Bluetooth speaker mode). */
      holdLeft: (seconds?: number) =>
        call(at('button'), buttonAnswer, {
          action: 'holdLeft',
          ...(seconds === undefined ? {} : { seconds }),
        }),
      /** A physical card put in its slot (it plays from the start), or taken out (null). */
      insertCard: (cardId: string | null) => call(at('card'), playerStateAnswer, { cardId }),
      /** Its Bluetooth surroundings and failure scenarios (fields left out stay). */
      bluetooth: (scenario: z.input<typeof bluetoothKnobSchema>) =>
        call(at('bluetooth'), bluetoothAnswer, scenario),
      /** Its battery and power source. */
      power: (power: z.input<typeof powerKnobSchema>) => call(at('power'), playerStateAnswer, power),
      /** Its Wi-Fi signal and headphones. */
      environment: (environment: z.input<typeof environmentBody>) =>
        call(at('environment'), playerStateAnswer, environment),
      /** Its timings until the next reset (fields left out stay). */
      settings: (settings: z.input<typeof settingsBody>) =>
        call(at('settings'), playerSettingsAnswer, settings),
      /** Bytes a faulty player publishes on one of its own topics, as they are. */
      rawMessage: (topic: RawTopic, payload: string) =>
        call(at('raw-message'), rawMessageAnswer, { topic, payload }),
    };
  };

  return {
    baseUrl: root,
    /** Everything back to the start: players, faults, behaviour, registration, token lifetime. */
    reset: async (): Promise<void> => {
      await call('reset', resetAnswer, {});
    },
    faults: () => call('faults', faultsAnswer),
    /** Switches faults on or off (fields left out stay); answers all of them. */
    setFaults: (faults: z.input<typeof faultsSchema>) => call('faults', faultsAnswer, faults),
    behaviour: () => call('behaviour', behaviourAnswer),
    /** Where the sandbox departs from the real cloud (fields left out stay). */
    setBehaviour: (behaviour: z.input<typeof cloudBehaviourSchema>) =>
      call('behaviour', behaviourAnswer, behaviour),
    /** The demo client's registration: its granted scopes, and whether it has a secret. */
    client: () => call('client', registrationAnswer),
    /** Changes the registration (fields left out stay; null restores the start value). */
    setClient: (registration: z.input<typeof clientRegistrationKnobSchema>) =>
      call('client', registrationAnswer, registration),
    /** Tokens of a demo account or a load-test household (`household-12`), without the sign-in page. */
    tokens: (account: AccountKey = 'demo') => call('tokens', issuedTokensAnswer, { account }),
    /** The access-token lifetime in seconds of tokens issued from now on. */
    tokenLifetime: () => call('token-lifetime', tokenLifetimeAnswer),
    /** Sets it; null restores the start value (so does a reset). */
    setTokenLifetime: (seconds: number | null) => call('token-lifetime', tokenLifetimeAnswer, { seconds }),
    /** Every command a player received at or after `sinceMs` (epoch ms), with when the broker delivered it. */
    commands: (sinceMs?: number) =>
      call(sinceMs === undefined ? 'commands' : `commands?since=${sinceMs}`, commandsAnswer),
    /** MQTT logins the broker accepted since it started, and the clients connected now. */
    brokerStats: () => call('broker-stats', brokerStatsAnswer),
    /** Refresh grants the provider answered since it started (a reset keeps the count). */
    tokenStats: () => call('token-stats', tokenStatsAnswer),
    /** Refresh tokens issued so far stop working: the next refresh is invalid_grant. */
    revokeRefreshTokens: () => call('tokens/revoke', revokedAnswer, {}),
    player,
  };
}
