import { playRandomGame } from "/work/main/tests/engine/driver.ts";
import { checkInvariants } from "/work/main/server/engine/index.ts";
for (const p of [4,5,6] as const) for (let seed = 1; seed <= 5; seed++) {
  const t = performance.now();
  const { state, commands } = playRandomGame(p, seed, { onStep: (s) => { const b = checkInvariants(s); if (b.length) throw new Error(b.join("; ")); } });
  console.log(p, seed, commands.length, state.stage, state.result?.reason, state.result?.winners, state.threat, (performance.now()-t).toFixed(1)+"ms");
}
