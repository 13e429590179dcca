// All simulated players of a sandbox, one shared one-second clock, and the routing of command
// topics to the right player.
import { parseCommandTopic } from './command-schemas';
import { CommandLog } from './command-log';
import type { Household } from './household';
import type { PlayerSettings } from './player-state';
import { SimulatedPlayer } from './simulated-player';
import type { Publish } from './simulated-player';

export class PlayerFleet {
  private players = new Map<string, SimulatedPlayer>();
  private timer: NodeJS.Timeout | null = null;
  /** Every command a player heard (GET /_sandbox/commands); a reset keeps it. */
  readonly commands = new CommandLog();

  /** `settings` apply to every player at each load (a reset undoes the per-player settings knob). */
  constructor(
    private readonly publish: Publish,
    private readonly settings: Partial<PlayerSettings> = {},
  ) {}

  /** (Re)creates one player per device of the household, each in its initial state. */
  load(household: Household): void {
    this.players = new Map(
      [...household.devices.values()].map((device) => {
        const lookup = (cardId: string) => {
          const card = household.cards.get(cardId);
          return card && card.familyId === device.familyId && card.readable ? card : undefined;
        };
        return [device.deviceId, new SimulatedPlayer(device, lookup, this.publish, Date.now, this.settings)];
      }),
    );
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      for (const player of this.players.values()) player.tick();
    }, 1000);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  get(deviceId: string): SimulatedPlayer | undefined {
    return this.players.get(deviceId);
  }

  /** Hands a message published on the broker to its player, if it is a command topic. */
  route(topic: string, payload: Buffer): void {
    const command = parseCommandTopic(topic);
    const player = command ? this.players.get(command.deviceId) : undefined;
    if (!command || !player) return;
    // An offline player never hears it, so it is not in the log of what players received.
    if (player.online) this.commands.record({ deviceId: command.deviceId, topic, at: Date.now() });
    player.handleCommand(command.name, payload);
  }
}
