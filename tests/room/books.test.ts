// Which phrase books a build holds (shared/wire/books.ts): the table carries the server's, and a page of
// another build tells them apart (its session reloads once: client/src/net/session.ts).
import { describe, expect, it } from "vitest";
import { TableState } from "../../server/rooms/schema.ts";
import { noSockets, statePublisher } from "../../server/rooms/table-state.ts";
import { sameBooks, WIRE_BOOKS } from "../../shared/wire/index.ts";

describe("the phrase books' version on the wire", () => {
  it("is sent with every table, and only another build's books read as different", () => {
    const state = new TableState();
    statePublisher(state, noSockets()).opened({ code: "BOOKS", seats: 4, stepSeconds: 0, private: false });
    const wire = state.toJSON();
    expect(wire.books).toBe(WIRE_BOOKS);
    expect(WIRE_BOOKS).toMatch(/^[0-9a-z]{1,7}$/);
    expect(sameBooks(wire)).toBe(true);
    expect(sameBooks({})).toBe(true); // an older server sends none
    expect(sameBooks({ books: `${WIRE_BOOKS}x` })).toBe(false);
  });
});
