// `npx tsx bench/run-lateness.ts`: only the lateness bench of `npm run bench` (LATENESS_ALARMS,
// default 210). Exits non-zero over the bar or when an alarm was not heard.
import { LATENESS_BUDGET_MS, runLatenessBench } from './lateness';
import { printResults } from './stats';

const report = await runLatenessBench({ alarms: Number(process.env.LATENESS_ALARMS ?? 210) });
printResults([report.result]);
console.log(`card/start heard for ${report.heard} of ${report.fired} alarms`);
if (report.heard < report.fired || report.result.p99Ms > LATENESS_BUDGET_MS) process.exitCode = 1;
