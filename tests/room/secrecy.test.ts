// The wire-level secrecy test: record every byte the server sends to each client through a whole
// game, and prove that no other seat's hand card, investment or rival, no facedown asset and no deck
// order ever reaches a player or a spectator: in the first full state, in patches, in messages,
// and after a reconnection. The byte search is shown to work: it finds each human's own hand cards
// (and own rival, where its id is not public) in the frames sent to that human, and an id wherever it
// stands in a seat's emergency actions or assets (one string of ids each). A rival card names a
// corporation, so its id is public whenever that corporation plays: those rivals are checked in the
// decoded state after every patch instead (no seat but one's own carries a secret).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import { Encoder } from "@colyseus/schema";
import type { Room as SDKRoom } from "@colyseus/sdk";
import { autoplay, bootServer, chatOf, createTable, join, recordWire, stateOf, tableOf, until } from "./helpers.ts";
import type { NewAngelesRoom } from "../../server/rooms/NewAngelesRoom.ts";
import { SeatState, TableState } from "../../server/rooms/schema.ts";
import { ACTION_INSTANCES, catalog } from "../../server/engine/data.ts";
import { encodeAssets, encodeEmergencies, HELD_SEPARATOR, HELD_TURNED } from "../../shared/wire/index.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
afterAll(async () => colyseus.shutdown());

/**
 * How a string travels: msgpack/schema short-string encoding, quoted inside a JSON string field, or as an
 * id among a seat's emergency actions or assets (shared/wire encodeAssets: after the separator or the
 * mark, or before the separator; an id alone there is a string of its own). No catalog id begins or ends
 * another that a seat can hold, so these find only the id itself.
 */
function encodings(s: string): Buffer[] {
  const utf8 = Buffer.from(s, "utf8");
  const out = [Buffer.from(`"${s}"`, "utf8")];
  if (utf8.length < 32) out.push(Buffer.concat([Buffer.from([0xa0 | utf8.length]), utf8]));
  else out.push(Buffer.concat([Buffer.from([0xd9, utf8.length]), utf8]));
  out.push(Buffer.from(HELD_SEPARATOR + s), Buffer.from(HELD_TURNED + s), Buffer.from(s + HELD_SEPARATOR));
  return out;
}
function contains(bytes: Buffer, s: string): boolean {
  return encodings(s).some((e) => bytes.includes(e));
}

interface Snapshot {
  decks: string[];
  facedownAssets: string[];
  investmentDeck: string[];
  pendingInvestments: { seat: number; cards: string[] };
  /** Support cards are played facedown: their identity is secret until Resolution. */
  facedownSupport: { seat: number; cards: string[] }[];
  /** The corporations at the table: a rival naming one of them has a public id. */
  corps: string[];
  /** The game is over: the rivals are in the public result. */
  over: boolean;
}

describe("secrecy on the wire", () => {
  it("searches the bytes for an id wherever it stands in a seat's emergency actions or assets", () => {
    // (so that no id searched for is found inside another one a seat holds)
    const held = [...catalog.emergencyActions, ...catalog.assets].map((x) => x.id);
    const searched = [...held, ...ACTION_INSTANCES.map((x) => x.id), ...[...catalog.investments, ...catalog.rivals, ...catalog.events].map((x) => x.id)];
    const inside = searched.flatMap((x) => held.filter((y) => y !== x && (y.startsWith(x) || y.endsWith(x))).map((y) => `${x} begins or ends ${y}`));
    expect(held.length * searched.length, "pairs of ids compared").toBeGreaterThan(100);
    expect(inside).toEqual([]);
    const ids = (list: readonly { id: string }[]) => list.slice(0, 3).map((x) => x.id);
    for (const turned of [false, true]) {
      for (let n = 1; n <= 3; n++) {
        const emergency = ids(catalog.emergencyActions).slice(0, n);
        const assets = ids(catalog.assets).slice(0, n);
        const state = new TableState();
        state.seats.set("0", new SeatState({
          emergency: encodeEmergencies(emergency.map((id) => ({ id, title: id, faceup: !turned }))),
          assets: encodeAssets(assets.map((id) => ({ id, name: id, exhausted: turned }))),
        }));
        const bytes = Buffer.from(new Encoder(state).encodeAll());
        for (const id of [...emergency, ...assets]) expect(contains(bytes, id), `${id} among ${n} (turned: ${turned})`).toBe(true);
        for (const id of [...ids(catalog.emergencyActions), ...ids(catalog.assets)].filter((x) => !emergency.includes(x) && !assets.includes(x))) {
          expect(contains(bytes, id), `${id} not held`).toBe(false);
        }
      }
    }
  });

  it("never sends another seat's secrets, facedown assets or deck contents to anyone", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, bots: 2, seed: 21, graceSeconds: 600 });
    let game: any = null;
    const roomOf = () => room as NewAngelesRoom;
    const wire = recordWire(roomOf);
    const snapshots = new Map<object, Snapshot>();
    // Extra per-message facts for the deck checks, taken at send time.
    const origPush = wire.messages.push.bind(wire.messages);
    wire.messages.push = (...items) => {
      game = (room as any).game;
      for (const m of items) {
        if (!game) continue;
        snapshots.set(m, {
          decks: Object.values(game.actionDecks).flat() as string[],
          facedownAssets: [...game.assetDeck, ...game.turnTrack.filter((x: string | null) => x)],
          investmentDeck: [...game.investmentDeck],
          pendingInvestments: game.pending?.kind === "investment" ? { seat: game.pending.seat, cards: game.pending.cards } : { seat: -1, cards: [] },
          facedownSupport: game.deal && game.deal.winner === null ? game.deal.supports.map((x: any) => ({ seat: x.seat, cards: [...x.cards] })) : [],
          corps: game.seats.map((p: any) => p.corp),
          over: Boolean(game.result),
        });
      }
      return origPush(...items);
    };

    try {
      const alice = await join(colyseus, roomId, { code, name: "Alice" });
      let bob: SDKRoom = await join(colyseus, roomId, { code, name: "Bob" });
      const spectator = await join(colyseus, roomId, { code, spectator: true });
      const seatOfSession = new Map<string, number>([[alice.sessionId, 0], [bob.sessionId, 1]]);
      // Every decoded state, after every patch: a client holds its own seat's secret and no other.
      const decodedLeaks: string[] = [];
      let decodedChecks = 0;
      let ownSecretsDecoded = 0;
      const watchSecrets = (client: SDKRoom, own: number) => client.onStateChange((state: any) => {
        decodedChecks++;
        for (const [key, s] of Object.entries<any>(state.toJSON().seats ?? {})) {
          if (s?.secret === undefined) continue;
          if (Number(key) === own) ownSecretsDecoded++;
          else decodedLeaks.push(`seat ${key}'s secret (rival ${s.secret.rival}) reached ${own}`);
        }
      });
      watchSecrets(alice, 0);
      watchSecrets(bob, 1);
      watchSecrets(spectator, -1);
      await until(() => stateOf(alice).status === "playing" && stateOf(bob).seats["1"]?.secret?.seatToken, 20_000, "the start");
      const bobToken: string = stateOf(bob).seats["1"].secret.seatToken;
      const firstBob = bob.sessionId;
      const aliceToken: string = stateOf(alice).seats["0"].secret.seatToken;

      // A private message between the two humans.
      const whisper = "psst-only-for-bob-7f3a";
      alice.send("chat", { text: whisper, to: 1 });
      alice.send("chat", { text: "hello table" });

      // A trade proposed and declined: its id is for its two parties, and so are the counters of their
      // private commands (the spectator receives nothing of it: see private-commands.test.ts).
      alice.send("command", { type: "trade-propose", to: 1, give: { capital: 1, assets: [] }, get: { capital: 0, assets: [] } });
      await until(() => tableOf(bob).trades.length === 1, 5000, "the proposal");
      const tradeId: string = tableOf(bob).trades[0]!.id;
      bob.send("command", { type: "trade-decline", id: tradeId });
      await until(() => tableOf(alice).trades.length === 0, 5000, "the decline");
      expect(stateOf(alice).seats["0"].secret.privateMoves).toBe(1);
      expect(stateOf(bob).seats["1"].secret.privateMoves).toBe(1);

      // Alice's answers in advance (and what she may take back) are hers alone: in her secret only.
      // (no asset id in them: the deck checks below would take Alice's own words for a facedown asset)
      alice.send("answers", { abilities: "ask", forced: false, timedPass: false });
      await until(() => stateOf(alice).seats["0"].secret.answers.includes('"forced":false'), 5000, "Alice's answers");
      const aliceAnswers: string = stateOf(alice).seats["0"].secret.answers;

      // Hints: the words go to the asker alone, and name nothing of another seat (checked with every message below).
      alice.send("hint", {});
      bob.send("hint", {});
      const aliceBot = autoplay(alice, 1);
      let bobBot = autoplay(bob, 2);
      await until(() => Number(stateOf(alice).game.round) >= 1 || stateOf(alice).status === "finished", 60_000, "round 2");

      // Bob drops and the SDK reconnects him (same session).
      bob.reconnection.minUptime = 0;
      room.clients.getById(bob.sessionId)?.leave(4010);
      await until(() => stateOf(bob).seats["1"]?.connected === true && (room as any).seatsBySeat.get(1).connected, 20_000, "reconnection");

      // Then Bob reloads: a new connection takes the seat back with his seat token.
      bobBot.stop();
      await bob.leave();
      bob = await join(colyseus, roomId, { code, seatToken: bobToken });
      seatOfSession.set(bob.sessionId, 1);
      watchSecrets(bob, 1);
      bobBot = autoplay(bob, 3);
      expect(stateOf(bob).seats["1"].secret).toBeDefined();

      await until(() => stateOf(alice).status === "finished", 180_000, "the game to finish");
      aliceBot.stop();
      bobBot.stop();

      // Decoded states: each human sees exactly its own secret; the spectator sees none.
      for (const [client, seat] of [[alice, 0], [bob, 1]] as const) {
        const seats = stateOf(client).seats;
        for (const [key, s] of Object.entries<any>(seats)) expect(s.secret !== undefined, `seat ${key} for ${seat}`).toBe(Number(key) === seat);
      }
      for (const s of Object.values<any>(stateOf(spectator).seats)) expect(s.secret).toBeUndefined();

      expect(decodedLeaks).toEqual([]);
      expect(decodedChecks).toBeGreaterThan(100);
      expect(ownSecretsDecoded, "the check reads the secrets a client does hold").toBeGreaterThan(100);

      // Bytes: every message to every client, checked against what was secret when it was sent.
      let checked = 0;
      let rivalsSearched = 0;
      // The search's own check: what a human held, and which of it the same search found in its frames.
      const own = [0, 1].map(() => ({ held: new Set<string>(), found: new Set<string>() }));
      for (const m of wire.messages) {
        const viewer = seatOfSession.get(m.sessionId) ?? -1; // -1: the spectator
        const snap = snapshots.get(m);
        for (const s of m.secrets) {
          // a rival whose id no public field carries (a corporation not at the table, or the Federalist), before the end
          const secretRival = snap && !snap.over && s.rival && !snap.corps.includes(s.rival) ? s.rival : null;
          if (s.seat === viewer) {
            for (const x of [...s.hand, ...(secretRival ? [secretRival] : [])]) {
              own[viewer]!.held.add(x);
              if (contains(m.bytes, x)) own[viewer]!.found.add(x);
            }
            continue;
          }
          for (const card of s.hand) expect(contains(m.bytes, card), `seat ${s.seat}'s hand card ${card} reached ${viewer}`).toBe(false);
          if (s.investment) expect(contains(m.bytes, s.investment), `seat ${s.seat}'s investment reached ${viewer}`).toBe(false);
          if (secretRival) {
            expect(contains(m.bytes, secretRival), `seat ${s.seat}'s rival ${secretRival} reached ${viewer}`).toBe(false);
            rivalsSearched++;
          }
        }
        if (snap) {
          for (const card of snap.decks) expect(contains(m.bytes, card), `deck card ${card} reached ${viewer}`).toBe(false);
          for (const asset of snap.facedownAssets) expect(contains(m.bytes, asset), `facedown asset ${asset} reached ${viewer}`).toBe(false);
          for (const inv of snap.investmentDeck) expect(contains(m.bytes, inv), `investment deck card ${inv} reached ${viewer}`).toBe(false);
          for (const support of snap.facedownSupport) {
            if (support.seat === viewer) continue;
            for (const card of support.cards) expect(contains(m.bytes, card), `facedown support card ${card} reached ${viewer}`).toBe(false);
          }
          if (snap.pendingInvestments.seat !== viewer) {
            for (const inv of snap.pendingInvestments.cards) expect(contains(m.bytes, inv), `investment choice ${inv} reached ${viewer}`).toBe(false);
          }
        }
        if (viewer !== 0) expect(m.bytes.includes(Buffer.from(aliceToken)), `Alice's seat token reached ${viewer}`).toBe(false);
        expect(viewer !== 0 && m.bytes.includes(Buffer.from(aliceAnswers)), `Alice's answers in advance reached ${viewer}`).toBe(false);
        if (viewer !== 1) expect(m.bytes.includes(Buffer.from(bobToken)), `Bob's seat token reached ${viewer}`).toBe(false);
        if (viewer !== 0 && viewer !== 1) expect(contains(m.bytes, tradeId), `the trade ${tradeId} reached ${viewer}`).toBe(false);
        const hasWhisper = m.bytes.includes(Buffer.from(whisper));
        if (hasWhisper) expect([0, 1]).toContain(viewer);
        checked++;
      }
      expect(checked).toBeGreaterThan(100);
      // The search finds what is sent: every card a human held (and its rival, where searchable) is in
      // the frames that human received.
      for (const seat of [0, 1]) {
        expect(own[seat]!.held.size, `seat ${seat} held cards`).toBeGreaterThan(5);
        expect([...own[seat]!.held].filter((x) => !own[seat]!.found.has(x)), `seat ${seat}'s own secrets not found in its frames`).toEqual([]);
      }
      expect(rivalsSearched, "rivals searched by their bytes").toBeGreaterThan(100);
      expect(Buffer.concat(wire.messages.filter((m) => m.sessionId === alice.sessionId).map((m) => m.bytes)).includes(Buffer.from(aliceAnswers))).toBe(true);
      // The whisper did reach both its parties, and the public chat reached the spectator; Bob's reloaded
      // connection got both again with the histories (the public chat is a message, not in the state).
      const bytesTo = (id: string) => Buffer.concat(wire.messages.filter((m) => m.sessionId === id).map((m) => m.bytes));
      expect(bytesTo(alice.sessionId).includes(Buffer.from(whisper))).toBe(true);
      for (const id of [firstBob, bob.sessionId]) {
        expect(bytesTo(id).includes(Buffer.from(whisper))).toBe(true);
        expect(bytesTo(id).includes(Buffer.from("hello table"))).toBe(true);
      }
      expect(bytesTo(spectator.sessionId).includes(Buffer.from("hello table"))).toBe(true);
      // (the bots at seats 2 and 3 may have said what they want too)
      for (const c of [alice, bob, spectator]) expect(chatOf(c).filter((l) => l.seat < 2).map((l) => [l.from, l.text])).toEqual([["Alice", "hello table"]]);

      // The rival cards are revealed only once the game is over, in the public result.
      const result = tableOf(spectator).game!.result!;
      expect(result.seats.map((s: any) => s.rival)).toHaveLength(4);

      await alice.leave();
      await bob.leave();
      await spectator.leave();
    } finally {
      wire.stop();
    }
  }, 300_000);
});
