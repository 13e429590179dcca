import type { Kysely, KyselyPlugin } from 'kysely';
import type { Database } from '../../src/db/schema';

// A database handle that counts the statements sent through it (Kysely's queries; a transaction's
// BEGIN and COMMIT are not counted) and can hold one statement's result back, so a test can act
// while that statement is still being written.

interface Hold {
  reached: () => void;
  gate: Promise<void>;
}

export function countingStatements(db: Kysely<Database>) {
  let statements = 0;
  let hold: Hold | null = null;
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      statements += 1;
      return args.node;
    },
    async transformResult(args) {
      const held = hold;
      if (held !== null) {
        hold = null;
        held.reached();
        await held.gate;
      }
      return args.result;
    },
  };
  return {
    db: db.withPlugin(plugin),
    statements: () => statements,
    /** Holds the next statement's result until `release`; `reached` settles once it is held. */
    holdNextResult() {
      let reached = (): void => undefined;
      let release = (): void => undefined;
      const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      hold = { reached, gate };
      return { reached: reachedPromise, release };
    },
  };
}
