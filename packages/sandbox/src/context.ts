// What every route module and the broker share: one object per running sandbox, no globals,
// so several sandboxes (one per test file) never see each other's state.
import type { Faults } from './faults';
import type { Household } from './household';
import type { PlayerFleet } from './player-fleet';
import type { TokenService } from './token-service';

export interface SandboxContext {
  /** The sandbox's own URL: token issuer, default audience and base of cover art URLs. */
  baseUrl: string;
  readonly tokens: TokenService;
  readonly faults: Faults;
  readonly fleet: PlayerFleet;
  /** Replaced as a whole by POST /_sandbox/reset. */
  household: Household;
}
