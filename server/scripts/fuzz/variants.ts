// Variants and seeds.
import { createTable, joinRoom, sleep } from "../lib/clients.ts";
import { catalog } from "../../../shared/catalog/index.ts";
import { ANDROIDS } from "../../engine/state.ts";
import { breach, int, out, pick, problem, random, REFUSAL_MS } from "./common.ts";
import { from, httpUrl, serverCall, wsUrl } from "./server.ts";
import { doorAddress, post } from "./front-door.ts";
import { fastTables } from "./room-limits.ts";


// Variants that cannot be played (next-district arrows in a loop, numbers out of range, unknown keys at
// every level, a City Setup that does not fit) go to POST /api/games and to the host's `settings`
// message: each must be refused at once, and the server stay responsive (the probe goes on meanwhile).
// A client may not choose a seed (POST with `seed`, `seed` in the variant or in the settings), and no
// seed of a game not yet over appears in anything a client receives: every websocket frame and HTTP
// answer here is searched for 32 hex digits, and any found is asked of the server thread.

const DISTRICTS = catalog.districts.map((d) => d.id);
const everyDistrict = (f: (id: number) => object) => Object.fromEntries(DISTRICTS.map((id) => [id, f(id)]));
const sixOf = (n: number) => Array.from({ length: 6 }, () => n);

/** Variants the server must refuse, each with what is wrong with it. */
export const BAD_VARIANTS: [string, unknown][] = [
  ["a 1↔2 loop", { districtOverrides: { [DISTRICTS[0]!]: { next: DISTRICTS[1] }, [DISTRICTS[1]!]: { next: DISTRICTS[0] } } }],
  ["every district pointing at itself", { districtOverrides: everyDistrict((id) => ({ next: id })) }],
  ["a three-district loop", { districtOverrides: { [DISTRICTS[0]!]: { next: DISTRICTS[1] }, [DISTRICTS[1]!]: { next: DISTRICTS[2] }, [DISTRICTS[2]!]: { next: DISTRICTS[0] } } }],
  ["The Root pointing back into the city", { districtOverrides: { [DISTRICTS.at(-1)!]: { next: DISTRICTS[0] } } }],
  ["an arrow to a district that does not exist", { districtOverrides: { [DISTRICTS[0]!]: { next: 99 } } }],
  ["a district that does not exist", { districtOverrides: { 99: { tier: 1 } } }],
  ["supplyMax 0", { supplyMax: 0 }],
  ["supplyMax 1e9", { supplyMax: 1e9 }],
  ["supplyMax 2.5", { supplyMax: 2.5 }],
  ["a negative starting capital", { startingCapital: sixOf(-1) }],
  ["a starting capital of 1e6", { startingCapital: sixOf(1e6) }],
  ["five starting capitals", { startingCapital: [10, 11, 12, 13, 14] }],
  ["a starting hand of 50", { startingHand: sixOf(50) }],
  ["production 6", { districtOverrides: { [DISTRICTS[0]!]: { production: { primary: 6, secondary: 0 } } } }],
  ["tier 4", { districtOverrides: { [DISTRICTS[0]!]: { tier: 4 } } }],
  ["token pools of 0", { tokenPools: { illness: 0 } }],
  ["token pools of 1e6", { tokenPools: { outage: 1e6 } }],
  ["an event lasting 99 turns", { eventTurns: { [catalog.events[0]!.id]: 99 } }],
  ["an unknown event", { eventTurns: { "no-such-event": 1 } }],
  ["an unknown option", { noSuchOption: true }],
  ["an unknown key in a district", { districtOverrides: { [DISTRICTS[0]!]: { next: "root", colour: "red" } } }],
  ["an unknown key in production", { districtOverrides: { [DISTRICTS[0]!]: { production: { primary: 1, secondary: 1, tertiary: 1 } } } }],
  ["an unknown key in the City Setup", { citySetup: catalog.citySetup.map((e, i) => (i === 0 ? { ...e, dragons: true } : e)) }],
  ["an unknown key in the token pools", { tokenPools: { illness: 5, plague: 5 } }],
  ["an unknown key in the corp draws", { corpDraws: { nbn: { sevenPlayers: ["general"] } } }],
  ["an unknown key in the prototype", JSON.parse('{"__proto__": {"supplyMax": 0}, "constructor": {"prototype": {}}}')],
  ["a choice that does not exist", { tieWinner: "nobody" }],
  ["a City Setup with too many androids", { citySetup: DISTRICTS.map((district) => ({ district, android: true })) }],
  ["a City Setup without androids", { citySetup: catalog.citySetup.map(({ android: _a, ...e }) => e) }],
  ["a City Setup naming a district twice", { citySetup: [...catalog.citySetup, catalog.citySetup[0]] }],
  ["a City Setup in a district that does not exist", { citySetup: [{ district: 99, android: true }, ...catalog.citySetup.slice(1)] }],
  ["a City Setup with more illness than its pool", { tokenPools: { illness: 1 }, citySetup: DISTRICTS.map((district, i) => ({ district, illness: true, android: i < ANDROIDS })) }],
  ["a City Setup with Human First in every district", { citySetup: DISTRICTS.map((district, i) => ({ district, humanFirst: true, android: i < ANDROIDS })) }],
  ["a City Setup with prisec in every district", { citySetup: DISTRICTS.map((district, i) => ({ district, prisec: true, android: i < ANDROIDS })) }],
  ["a seed in the variant", { seed: 1 }],
  ["a variant that is not an object", pick([[1, 2], "variant", 7])],
];
/** A variant that is strange but playable: accepted, and its game played by bots to the end. */
export const ODD_VARIANT = { districtOverrides: everyDistrict(() => ({ next: "root" })), supplyMax: 1, startingHand: sixOf(0) };

/** Each bad variant, and seeds, in a POST /api/games: refused with 400 in good time. */
export async function variantsByPost(burst: number): Promise<void> {
  const ip = doorAddress(burst, 8);
  const attempts: [string, unknown][] = [
    // a table of bots only starts at once: a bad variant let through would be played at once
    ...BAD_VARIANTS.map(([what, variant]): [string, unknown] => [what, { seats: 4, bots: 4, botDelayMs: 0, variant }]),
    ["a seed", { seats: 4, seed: 42 }],
    ["a 128-bit seed", { seats: 4, seed: "0123456789abcdef0123456789abcdef" }],
    ["a seed beside a good variant", { seats: 4, variant: {}, seed: 7 }],
  ];
  for (const [what, body] of attempts) {
    const t0 = performance.now();
    const a = await post("/api/games", ip, body);
    const ms = performance.now() - t0;
    if (a.status === 201) breach(`POST /api/games with ${what} made a table: ${a.text.slice(0, 100)}`);
    else if (a.status !== 400) breach(`POST /api/games with ${what} answered ${a.status}, not 400: ${a.text.slice(0, 100)}`);
    if (ms > REFUSAL_MS) breach(`POST /api/games with ${what} took ${Math.round(ms)} ms to be refused`);
  }
}

/**
 * A host sets bad variants and seeds through `settings`: every one is refused and the table's seed stays
 * the same. Then a strange but playable variant is set and the table filled with bots: its game starts.
 */
export async function variantsBySettings(burst: number): Promise<void> {
  const ip = doorAddress(burst, 9);
  let table: { code: string; roomId: string };
  try {
    // no grace: once the host leaves, a bot plays its seat at once
    table = await createTable(httpUrl, { seats: 4, botDelayMs: 0, graceSeconds: 0 }, from(ip));
    out.httpRequests++;
  } catch (e) {
    return problem("crashes", `a table for the settings attack could not be created: ${String(e)}`);
  }
  const seedBefore = await serverCall<string | null>("seedOf", table.roomId);
  const host = await joinRoom(wsUrl, table.roomId, { code: table.code, name: "Hostile Host", seed: 5 }, { headers: from(ip) });
  const refusals: string[] = [];
  host.onMessage("error", (e: { code: string }) => refusals.push(e.code));
  const attempts: [string, unknown][] = [
    ...BAD_VARIANTS.map(([what, variant]): [string, unknown] => [what, { action: "settings", variant }]),
    ["a seed", { action: "settings", seed: 9 }],
    ["an unknown key", { action: "settings", stepSeconds: 1, botDelayMs: 0 }],
    ["a step of -1 s", { action: "settings", stepSeconds: -1 }],
    ["a step of 1e9 s", { action: "settings", stepSeconds: 1e9 }],
  ];
  for (const [, message] of attempts) host.send("host", message);
  out.messages += attempts.length;
  const deadline = Date.now() + 10_000; // a busy machine
  while (refusals.length < attempts.length && Date.now() < deadline) await sleep(20);
  if (refusals.length < attempts.length) breach(`${attempts.length - refusals.length} of ${attempts.length} bad host settings (variants, seeds, numbers out of range) were not refused`);
  const seedAfter = await serverCall<string | null>("seedOf", table.roomId);
  if (seedAfter !== seedBefore) breach(`a client changed a table's seed`);
  // the odd but playable variant or a loop (refused), then bots in every free seat: the game must start
  // (with the last variant accepted) and is played out by bots
  const loop = random() < 0.5;
  host.send("host", { action: "settings", variant: loop ? BAD_VARIANTS[int(2)]![1] : ODD_VARIANT });
  for (let i = 0; i < 3; i++) host.send("host", { action: "add-bot" });
  out.messages += 4;
  const started = Date.now() + 15_000; // it starts at once; the wait is for a busy machine
  while ((host.state as any)?.status === "lobby" && Date.now() < started) await sleep(20);
  if ((host.state as any)?.status === "lobby") problem("stalls", `a table with a playable odd variant did not start in 15 s`);
  else fastTables.push({ ...table, checked: 0 });
  if (loop && refusals.length < attempts.length + 1) breach(`a host set a variant whose next-district arrows loop, and the table started with it`);
  await host.leave().catch(() => 0);
}
