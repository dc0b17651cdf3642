// The adjourned table says how many people are back, in words that agree with the counts.
import { describe, expect, it } from "vitest";
import { backText } from "../../client/src/text.ts";

describe("who is back at an adjourned table", () => {
  it("one person at the table: singular noun and verb", () => {
    expect(backText(1, 1)).toBe("1 of 1 person is back");
    expect(backText(0, 1)).toBe("0 of 1 person is back");
  });

  it("several people: plural noun, the verb agrees with how many are back", () => {
    expect(backText(2, 4)).toBe("2 of 4 people are back");
    expect(backText(1, 4)).toBe("1 of 4 people is back");
    expect(backText(0, 3)).toBe("0 of 3 people are back");
  });
});
