// What every route module and the broker share: one object per running sandbox, no globals,
// so several sandboxes (one per test file) never see each other's state.
import type { ClientRegistration } from './client-registration';
import type { CloudBehaviour } from './cloud-behaviour';
import type { Faults } from './faults';
import type { Household } from './household';
import type { AccountDirectory } from './household-accounts';
import type { PlayerFleet } from './player-fleet';
import type { TokenService } from './token-service';

export interface SandboxContext {
  /** The sandbox's own URL: token issuer, default audience and base of cover art URLs. */
  baseUrl: string;
  readonly tokens: TokenService;
  /** Who exists: the demo accounts and the load-test households. */
  readonly accounts: AccountDirectory;
  readonly faults: Faults;
  /** Real-cloud behaviour, or the old contract for a test (cloud-behaviour.ts). */
  readonly behaviour: CloudBehaviour;
  /** The demo client's grant and secret, as the dashboard holds them (client-registration.ts). */
  readonly registration: ClientRegistration;
  readonly fleet: PlayerFleet;
  /** Replaced as a whole by POST /_sandbox/reset. */
  household: Household;
}
