// Which entry of a response message answers which command. Real players key a response by the
// command topic's first segment (`{"status":{"bluetooth":"OK","req_body":"…"}}`); older clients write
// Bluetooth results as `/bluetooth/state`, and public clients have also seen the full command name
// (`status/request`) and a camel-cased resource (`sleepTimer`). All of them are accepted.
import { commandResource } from './mqtt-commands';
import type { DeviceCommandName } from './mqtt-commands';

export interface CommandResult {
  /** The key that carried the result, e.g. 'bluetooth' or '/bluetooth/state'. */
  key: string;
  /** 'OK', 'FAIL', or whatever else the player wrote. */
  value: string;
  ok: boolean;
  /** The request's payload as the player echoes it, when it does. */
  reqBody: string | undefined;
}

const camelCase = (text: string): string =>
  text.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The older path form: `/bluetooth/delete_bonds` for `bluetooth/delete-bonds`. */
const specResponseKey = (name: DeviceCommandName): string =>
  `/${name.replace('delete-bonds', 'delete_bonds')}`;

/** The keys a response to `name` may carry, most specific first. */
export function responseKeysFor(name: DeviceCommandName): string[] {
  const resource = commandResource(name);
  return [...new Set([specResponseKey(name), name, resource, camelCase(resource)])];
}

/** The result a response status map gives for command `name`; null when it answers another one. */
export function commandResultFor(
  name: DeviceCommandName,
  status: Readonly<Record<string, string>>,
): CommandResult | null {
  const key = responseKeysFor(name).find((candidate) => Object.hasOwn(status, candidate));
  if (key === undefined) return null;
  const value = status[key] ?? '';
  return { key, value, ok: value === 'OK', reqBody: status.req_body };
}
