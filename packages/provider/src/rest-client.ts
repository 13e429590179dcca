import { DEFAULT_DEVICE_TYPE } from '@playlist-alarms/core/shared/constants';
import type {
  Device,
  FamilyLibraryGroup,
  Playlist,
  UserProfile,
} from '@playlist-alarms/core/shared/entities';
import { MESSAGES, asSentence } from '@playlist-alarms/core/texts/messages';
import type * as z from 'zod/mini';
import { accessTokenSubject } from './access-token';
import { KeyedQueue } from './keyed-queue';
import {
  toCardDetail,
  toFamilyGroup,
  toFamilyGroupDetail,
  toPlaylist,
  type CardDetail,
  type FamilyLibraryGroupDetail,
} from './playlist-mapping';
import {
  proxyRequestPath,
  upstreamRequestPath,
  type ProxiedParams,
  type ProxiedPathName,
} from './proxied-paths';
import {
  contentSchema,
  deviceApiStatusSchema,
  deviceConfigSchema,
  devicesSchema,
  errorBodySchema,
  familyGroupDetailSchema,
  familyGroupsSchema,
  myContentSchema,
  userFamilySchema,
  type DeviceApiStatus,
  type DeviceConfig,
  type DeviceConfigBlock,
} from './rest-schemas';

// The provider's REST API (docs/provider-contract.md, REST) as typed calls. Every failure, whatever its
// shape, becomes a ProviderError: the UI shows a message, never a TypeError from deep inside a response.

const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    /** HTTP status; 0 when the provider could not be reached. */
    readonly status: number,
    /** The provider's error code when it sent one, else ours ('network', 'not-json', 'malformed-response', …). */
    readonly code: string | null,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

interface ProviderClientOptions {
  apiBase: string;
  getAccessToken: () => Promise<string | null>;
  /** The server's same-origin proxy for family and content calls, e.g. '/api/yoto'. */
  libraryBase?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Answers of the deprecated status path after which the config is asked (another family's player fails there too). */
const STATUS_GONE = new Set([403, 404, 410]);

const STATUS_TEXT: Record<number, string> = {
  401: 'the provider did not accept the access token',
  403: 'access to this resource is not allowed',
  404: 'not found',
  429: 'too many requests to the provider; try again shortly',
};

export class ProviderClient {
  private readonly fetch: typeof fetch;
  private readonly apiBase: string;
  private readonly libraryBase: string | null;
  /** Config writes, one at a time per player (see changeDeviceConfig). */
  private readonly configWrites = new KeyedQueue();

  constructor(private readonly options: ProviderClientOptions) {
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.apiBase = trimSlash(options.apiBase);
    this.libraryBase = options.libraryBase === undefined ? null : trimSlash(options.libraryBase);
  }

  /**
   * Who is signed in, from the API alone: the login host (its /userinfo) is never asked, as it
   * answers only when OpenID scopes were granted, and asking for ungranted scopes refuses the
   * sign-in. The id is the access token's `sub`; the name and email come from the family's member
   * record (GET /user/family, which needs `family:view`) when it carries them. Only the family
   * endpoint refusing the token itself (401) means the session is over.
   */
  async getUser(): Promise<UserProfile> {
    const token = await this.options.getAccessToken();
    if (token === null) throw new ProviderError(401, 'no-token', MESSAGES.noAccessToken);
    const sub = accessTokenSubject(token);
    if (sub === null) throw new ProviderError(401, 'no-subject', 'The access token names no user');
    return { sub, ...(await this.familyMember(sub)) };
  }

  /** The signed-in member's name and email from GET /user/family; nulls when absent or refused. */
  private async familyMember(sub: string): Promise<{ name: string | null; email: string | null }> {
    try {
      const { family } = await this.request(`${this.apiBase}/user/family`, userFamilySchema);
      const member = family.members.find((candidate) => candidate.userId === sub);
      return { name: member?.name?.trim() || null, email: member?.email?.trim() || null };
    } catch (error) {
      if (error instanceof ProviderError && error.status === 401) throw error;
      return { name: null, email: null };
    }
  }

  async getPlaylists(): Promise<Playlist[]> {
    const answer = await this.request(`${this.apiBase}/content/mine`, myContentSchema);
    return answer.cards.filter((card) => card.deleted !== true).map(toPlaylist);
  }

  async getDevices(): Promise<Device[]> {
    const devices = await this.request(`${this.apiBase}/device-v2/devices/mine`, devicesSchema);
    return devices.map((device) => ({
      deviceId: device.deviceId,
      name: device.name ?? device.deviceId,
      deviceType: device.deviceType ?? DEFAULT_DEVICE_TYPE,
      online: device.online ?? false,
      description: device.description ?? '',
      // What the player can do depends on its family (a Mini has no night light).
      ...(device.deviceFamily ? { deviceFamily: device.deviceFamily } : {}),
      ...(device.formFactor ? { formFactor: device.formFactor } : {}),
      ...(device.generation ? { generation: device.generation } : {}),
    }));
  }

  /**
   * The provider's view of a player (its API status). GET …/status is deprecated and answers
   * 403 for new apps; then the same readings come from the config's `device.status`.
   */
  async getDeviceStatus(deviceId: string): Promise<DeviceApiStatus> {
    try {
      return await this.request(
        `${this.apiBase}/device-v2/${encodeURIComponent(deviceId)}/status`,
        deviceApiStatusSchema,
      );
    } catch (error) {
      if (!(error instanceof ProviderError) || !STATUS_GONE.has(error.status)) throw error;
      // Loaded on the first fallback: the status mapping (and core's status formats) is only
      // needed by the devices tab, not by the first view of the browser app.
      const [config, { apiStatusFromConfig }] = await Promise.all([
        this.getDeviceConfig(deviceId),
        import('./config-status'),
      ]);
      return apiStatusFromConfig(config);
    }
  }

  getDeviceConfig(deviceId: string): Promise<DeviceConfig> {
    return this.request(
      `${this.apiBase}/device-v2/${encodeURIComponent(deviceId)}/config`,
      deviceConfigSchema,
    );
  }

  /** PUT replaces the whole config block (keys left out reset on the player): pass the full block. */
  async updateDeviceConfig(deviceId: string, config: DeviceConfigBlock): Promise<void> {
    await this.send(`${this.apiBase}/device-v2/${encodeURIComponent(deviceId)}/config`, 'PUT', {
      deviceId,
      config,
    });
  }

  /**
   * The one safe config write (docs/provider-contract.md, REST: the config PUT replaces the whole
   * block), serialised per player: GET the config, apply `change` to the fresh block, PUT the full
   * block, read back. Writes to one player wait for each other, so two at once (two alarm creates, an
   * alarm and a day-and-night change) both land instead of the later PUT dropping what the earlier one
   * changed. `change` sees the block exactly as read and returns the block to write.
   */
  changeDeviceConfig(
    deviceId: string,
    change: (current: DeviceConfigBlock) => DeviceConfigBlock,
  ): Promise<DeviceConfig> {
    return this.configWrites.run(deviceId, async () => {
      const current = await this.getDeviceConfig(deviceId);
      await this.updateDeviceConfig(deviceId, change(current.device.config));
      return this.getDeviceConfig(deviceId);
    });
  }

  /** The alarm list's write, on changeDeviceConfig: `change` sees the strings exactly as read. */
  updateDeviceAlarms(
    deviceId: string,
    change: (current: readonly string[]) => string[],
  ): Promise<DeviceConfig> {
    return this.changeDeviceConfig(deviceId, (config) => ({ ...config, alarms: change(config.alarms) }));
  }

  /** Writes a whole alarm list, queued with the other alarm writes of the player. */
  replaceDeviceAlarms(deviceId: string, alarms: string[]): Promise<DeviceConfig> {
    return this.updateDeviceAlarms(deviceId, () => alarms);
  }

  async getFamilyLibraryGroups(): Promise<FamilyLibraryGroup[]> {
    const groups = await this.request(this.proxiedUrl('familyLibraryGroups', {}), familyGroupsSchema);
    return groups.map(toFamilyGroup);
  }

  async getFamilyLibraryGroup(groupId: string): Promise<FamilyLibraryGroupDetail> {
    const group = await this.request(
      this.proxiedUrl('familyLibraryGroup', { id: groupId }),
      familyGroupDetailSchema,
    );
    return toFamilyGroupDetail(group);
  }

  async getContent(cardId: string): Promise<CardDetail> {
    const answer = await this.request(this.proxiedUrl('content', { cardId }), contentSchema);
    return toCardDetail(answer.card);
  }

  /** A call of the proxied-paths table: through the server's proxy when libraryBase is set, else direct. */
  private proxiedUrl<N extends ProxiedPathName>(name: N, params: ProxiedParams<N>): string {
    return this.libraryBase === null
      ? `${this.apiBase}${upstreamRequestPath(name, params)}`
      : `${this.libraryBase}${proxyRequestPath(name, params)}`;
  }

  private async request<S extends z.ZodMiniType>(url: string, schema: S): Promise<z.output<S>> {
    const body = await this.send(url, 'GET');
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
      throw new ProviderError(
        200,
        'malformed-response',
        `Unexpected answer from ${describe('GET', url)}${where}.`,
        {
          cause: parsed.error,
        },
      );
    }
    return parsed.data;
  }

  /** Sends one request and returns its JSON body (undefined when a success has no body). */
  private async send(url: string, method: 'GET' | 'PUT', payload?: unknown): Promise<unknown> {
    const what = describe(method, url);
    const token = await this.options.getAccessToken();
    if (token === null) throw new ProviderError(401, 'no-token', MESSAGES.noAccessToken);
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(url, {
        method,
        headers,
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (cause) {
      throw new ProviderError(0, 'network', `Could not reach the provider (${what}).`, { cause });
    }
    const json = parseJson(text);
    if (!response.ok) throw errorFromResponse(response.status, json, what);
    if (json.ok) return json.value;
    if (text.trim() === '' && method !== 'GET') return undefined;
    throw new ProviderError(
      response.status,
      'not-json',
      `The provider answered ${what} with a body that is not JSON.`,
    );
  }
}

function errorFromResponse(status: number, json: ParsedJson, what: string): ProviderError {
  const body = json.ok ? errorBodySchema.safeParse(json.value) : null;
  let code: string | null = null;
  let detail: string | null = null;
  if (body?.success) {
    const { error } = body.data;
    if (typeof error === 'string') {
      code = error;
      detail = body.data.error_description ?? null;
    } else if (error) {
      code = error.code ?? null;
      detail = error.message ?? null;
    }
    code ??= body.data.code ?? null;
    detail ??= body.data.message ?? null;
  }
  const reason = STATUS_TEXT[status] ?? (status >= 500 ? 'the provider is having trouble' : 'request failed');
  // Provider messages often end in a full stop already: never two.
  const message = asSentence(`${what} failed with HTTP ${status}: ${detail ?? reason}`);
  return new ProviderError(status, code, message);
}

type ParsedJson = { ok: true; value: unknown } | { ok: false };

function parseJson(text: string): ParsedJson {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function describe(method: string, url: string): string {
  // Path only: the message may reach the UI, the host adds nothing there.
  const path = URL.canParse(url) ? new URL(url).pathname : url.split('?')[0];
  return `${method} ${path}`;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
