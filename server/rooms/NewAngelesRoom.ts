// The game room. For now a table that seats players by name; the engine-backed room replaces its body.
import { Room, type Client } from "@colyseus/core";
import { schema, t, type SchemaType } from "@colyseus/schema";

export const PlayerState = schema({
  name: t.string().default(""),
  seat: t.uint8().default(0),
  connected: t.boolean().default(true),
}, "PlayerState");
export type PlayerState = SchemaType<typeof PlayerState>;

export const TableState = schema({
  phase: t.string().default("lobby"),
  seats: t.uint8().default(4),
  players: t.map(PlayerState),
}, "TableState");
export type TableState = SchemaType<typeof TableState>;

export class NewAngelesRoom extends Room<{ state: TableState }> {
  state = new TableState();

  onCreate(options: { seats?: number }) {
    const seats = Number(options?.seats);
    this.state.seats = seats === 5 || seats === 6 ? seats : 4;
  }

  onAuth(_client: Client, options: { name?: unknown }) {
    const name = typeof options?.name === "string" ? options.name.trim().slice(0, 24) : "";
    if (!name) throw new Error("Choose a name to join the table.");
    if (this.state.players.size >= this.state.seats) throw new Error("This table is full.");
    return { name };
  }

  onJoin(client: Client, _options: unknown, auth: { name: string }) {
    this.state.players.set(client.sessionId, new PlayerState({ name: auth.name, seat: this.state.players.size, connected: true }));
  }

  onLeave(client: Client) {
    this.state.players.delete(client.sessionId);
  }
}
