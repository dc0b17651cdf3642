import { playRandomGame } from "/work/main/tests/engine/driver.ts";
const times: number[] = [];
for (let seed = 1; seed <= 40; seed++) { const t = performance.now(); const r = playRandomGame(6, seed); times.push(performance.now() - t); }
times.sort((a,b)=>a-b); console.log("median", times[20].toFixed(1), "max", times[39].toFixed(1));
