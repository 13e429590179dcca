// `npm run bench:same-minute`: only the same-minute bench of `npm run bench` (SAME_MINUTE_HOUSEHOLDS,
// default 500 households = 1,000 players; about 2 minutes). Exits non-zero when a player did not
// hear exactly one card/start, or the lateness is over its bar.
import { printSameMinute, runSameMinuteBench, sameMinuteMet } from './same-minute';

const report = await runSameMinuteBench();
printSameMinute(report);
if (!sameMinuteMet(report)) process.exitCode = 1;
