import { createGameWithEvents, apply } from "/work/main/server/engine/index.ts";
import { randomMove, testRng } from "/work/main/tests/engine/driver.ts";
const { state: s0, events: e0 } = createGameWithEvents({ players: 4, seed: 3 });
let s = s0;
for (const e of e0) console.log(e.to ? `  [to ${e.to}] ${e.text}` : e.text);
const rnd = testRng(42);
for (let i = 0; i < 400; i++) {
  const m = randomMove(rnd, s); if (!m) break;
  const r = apply(s, m.seat, m.command);
  if (!r.ok) { console.log("REJ", r); break; }
  console.log(`> seat ${m.seat} ${JSON.stringify(m.command)}`);
  for (const e of r.events) console.log(e.to ? `  [to ${e.to}] ${e.text}` : e.text);
  s = r.state;
}
