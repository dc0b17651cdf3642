import { playRandomGame } from "/work/main/tests/engine/driver.ts";
const rounds: Record<string, number> = {};
for (const p of [4,5,6] as const) for (let seed = 1; seed <= 30; seed++) {
  const { state } = playRandomGame(p, seed);
  const k = `${state.result?.reason}@${state.round}`; rounds[k] = (rounds[k] ?? 0) + 1;
}
console.log(rounds);
